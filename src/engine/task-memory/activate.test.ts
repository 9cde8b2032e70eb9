import { MS_TOD_OPEN_TASK_WEIGHT } from './open-tasks.ts';
import { describe, expect, it } from 'vitest';
import type { EmbedderPort } from '../ports.ts';
import { HashEmbedder } from '../testing/index.ts';
import { asSessionId } from '../types.ts';
import {
  InvalidActivationWeightError,
  MissingIntentVectorError,
  activate,
  activateHybrid,
  activateUnits,
  embedIntent,
  embedIntents,
  type HybridActivationOptions,
} from './activate.ts';
import { standardise } from '../scores.ts';
import { extractTaskMemory } from './extractive.ts';
import { dinnerSession, songSession } from './fixtures.test-support.ts';
import type { TaskMemoryUnit } from './types.ts';

const embedder = new HashEmbedder();
const units = [extractTaskMemory(dinnerSession), extractTaskMemory(songSession)];

describe('memory activation by intent embedding', () => {
  it('ranks the unit whose intent is closest to the current intent first', async () => {
    const ranked = await activate('Please play Black Widow again', units, embedder);
    expect(ranked.map((a) => a.unit.id)).toEqual(['p/S1', 'p/S2']);
    expect(ranked[0]?.score).toBeGreaterThan(ranked[1]?.score ?? 1);
  });

  it('reuses embedded intents, limits the result and is deterministic', async () => {
    const vectors = await embedIntents(units, embedder);
    const query = await embedIntent('a table at Bluefin for dinner', embedder);
    const once = activateUnits(query, units, vectors, 1);
    expect(once.map((a) => a.unit.id)).toEqual(['p/S2']);
    expect(activateUnits(query, units, vectors, 1)).toEqual(once);
    expect(activateUnits(query, [], vectors)).toEqual([]);
  });

  it('says what to do when a unit was never embedded', async () => {
    const query = await embedIntent('anything', embedder);
    expect(() => activateUnits(query, units, new Map())).toThrow(MissingIntentVectorError);
    expect(() => activateUnits(query, units, new Map())).toThrow(/embedIntents/);
  });
});

/** A unit made by hand: its activation text, intent label and id. */
function unit(id: string, text: string, intentLabel?: string): TaskMemoryUnit {
  return {
    id,
    intent: text,
    activationText: text,
    ...(intentLabel === undefined ? {} : { intentLabel }),
    qa: [],
    provenance: { sessionId: asSessionId(id), turnIds: [], method: 'extractive' },
  };
}

/** Every text gets the same vector: the embedding side then decides nothing. */
const flat: EmbedderPort = {
  id: 'flat',
  dimension: 2,
  embed: (texts) => Promise.resolve(texts.map(() => new Float32Array([1, 0]))),
};

async function hybrid(
  query: string,
  memory: readonly TaskMemoryUnit[],
  options: HybridActivationOptions = {},
  embedder: EmbedderPort = flat,
) {
  const vectors = await embedIntents(memory, embedder);
  const vector = await embedIntent(query, embedder);
  return activateHybrid(query, vector, memory, vectors, options).map((a) => a.unit.id);
}

describe('hybrid activation (embedding + BM25, open-task prior, intent level)', () => {
  const memory = [
    unit('m/S0', 'A table for two at Bluefin in San Jose.', 'ReserveRestaurant'),
    unit('m/S1', 'Two tickets for the Mariners game in Seattle.', 'BuyEventTickets'),
    unit('m/S2', 'Play the song Drive on the kitchen speaker.', 'PlayMedia'),
  ];

  it('lets BM25 find the names when the embedding cannot tell the units apart', async () => {
    expect(await hybrid('Any news on the Mariners?', memory, { intentWeight: 0 })).toEqual([
      'm/S1',
      'm/S0',
      'm/S2',
    ]);
    // Embedding alone (weight 1) with a flat embedder: every score ties, the stored order stays.
    expect(await hybrid('Any news on the Mariners?', memory, { embeddingWeight: 1 })).toEqual([
      'm/S0',
      'm/S1',
      'm/S2',
    ]);
  });

  it('mixes in the embedding: a paraphrase with no shared word still activates', async () => {
    // A topic embedder: music words, ticket words, dinner words each point one way.
    const topics = [/song|music|tune/, /ticket|game/, /table|dinner/];
    const topical: EmbedderPort = {
      id: 'topics',
      dimension: 3,
      embed: (texts) =>
        Promise.resolve(texts.map((t) => new Float32Array(topics.map((re) => +re.test(t))))),
    };
    const query = 'Some music, any tune.';
    expect((await hybrid(query, memory, { intentWeight: 0 }, topical))[0]).toBe('m/S2');
    // BM25 alone shares no word with any unit: the stored order stays.
    expect((await hybrid(query, memory, { embeddingWeight: 0, intentWeight: 0 }, topical))[0]).toBe(
      'm/S0',
    );
  });

  it('demotes a finished task and the sessions resembling it (open-task prior)', async () => {
    const tasks = [
      unit('t/S0', 'Tickets for the Mariners game in Seattle, section 12.'),
      unit('t/S1', 'Tickets for the Rangers game in Dallas.'),
      unit('t/S2', 'Confirmed: tickets for the Mariners game in Seattle, section 12.'),
    ];
    const completed = new Set(['t/S2']);
    const query = 'Are my game tickets ready? Mariners.';
    expect(await hybrid(query, tasks, { intentWeight: 0 })).toEqual(['t/S0', 't/S2', 't/S1']);
    const on = { completed, openTaskWeight: MS_TOD_OPEN_TASK_WEIGHT, intentWeight: 0 };
    expect(await hybrid(query, tasks, on)).toEqual(['t/S1', 't/S0', 't/S2']);
    // Off by default.
    expect(await hybrid(query, tasks, { completed, intentWeight: 0 })).toEqual([
      't/S0',
      't/S2',
      't/S1',
    ]);
  });

  it('lifts the units of the best-matching intent together (intent level)', async () => {
    const kinds = [
      unit('k/S0', 'Bus from Vancouver to Portland.', 'BuyBusTicket'),
      unit('k/S1', 'A hotel room in Portland, Oregon.', 'ReserveHotel'),
      unit('k/S2', 'Economy fare, two seats please.', 'BuyBusTicket'),
      unit('k/S3', 'Play some jazz.', 'PlayMedia'),
    ];
    const query = 'The Vancouver to Portland bus.';
    expect((await hybrid(query, kinds, { intentWeight: 0 })).slice(0, 2)).toEqual(['k/S0', 'k/S1']);
    expect((await hybrid(query, kinds)).slice(0, 2)).toEqual(['k/S0', 'k/S2']);
  });

  it('limits the result and rejects weights out of range', async () => {
    expect(await hybrid('Mariners', memory, { limit: 1 })).toEqual(['m/S1']);
    await expect(hybrid('x', memory, { embeddingWeight: 1.5 })).rejects.toThrow(
      InvalidActivationWeightError,
    );
    await expect(hybrid('x', memory, { openTaskWeight: -1 })).rejects.toThrow(/openTaskWeight/);
    await expect(hybrid('x', memory, { intentWeight: Number.NaN })).rejects.toThrow(/intentWeight/);
    expect(await hybrid('x', [])).toEqual([]);
  });
});

describe('standardise', () => {
  it('gives z-scores, and zeros when nothing varies', () => {
    const z = standardise([1, 2, 3]);
    expect(z.reduce((a, b) => a + b, 0)).toBeCloseTo(0);
    expect(z[2]).toBeCloseTo(Math.sqrt(1.5));
    expect(standardise([4, 4])).toEqual([0, 0]);
    expect(standardise([])).toEqual([]);
  });
});
