import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../testing/index.ts';
import {
  MissingIntentVectorError,
  activate,
  activateUnits,
  embedIntent,
  embedIntents,
} from './activate.ts';
import { extractTaskMemory } from './extractive.ts';
import { dinnerSession, songSession } from './fixtures.test-support.ts';

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
