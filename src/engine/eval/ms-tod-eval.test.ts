import { describe, expect, it } from 'vitest';
import { catalogueFixture } from '../task-memory/fixtures.test-support.ts';
import { createEmbeddingJudge } from '../task-memory/judge.ts';
import { HashEmbedder } from '../testing/index.ts';
import {
  msTodQueries,
  queryContext,
  runMsTodEval,
  unitOf,
  type MsTodMethod,
} from './ms-tod-eval.ts';
import type { MS_TOD_PERSONA } from './ms-tod-fixture.test-support.ts';
import { msTodFixtureText } from './ms-tod-fixture.test-support.ts';
import { parseMsTodPersonas } from '../datasets/ms-tod.ts';

const personas = parseMsTodPersonas(msTodFixtureText(), 'persona_7.json');
const catalogue = catalogueFixture();
const embedder = new HashEmbedder();
const clock = { now: () => 0 };

async function run(method: MsTodMethod, data = personas) {
  return runMsTodEval({
    personas: data,
    catalogue,
    method,
    embedder,
    judge: createEmbeddingJudge({ embedder }),
    k: 1,
    clock,
  });
}

describe('MS-TOD personas', () => {
  it('keeps every session with its own labels and confirmation turn', () => {
    const [persona] = personas;
    expect(persona?.id).toBe('persona-7');
    expect(persona?.sessions[3]).toMatchObject({
      task: 'song-1',
      confirming: true,
      intent: 'PlayMedia',
      service: 'Music',
      confirmationTurn: 1,
      slotValues: { song_name: 'Black Widow' },
    });
    expect(persona?.sessions[0]?.slotValues).toBeUndefined();
    expect(persona?.sessions[0]?.session.turns[0]?.id).toBe('persona-7/S0:1');
  });
});

describe('MS-TOD memory activation', () => {
  it('asks for every confirming session with an earlier session of its task, with earlier gold only', () => {
    const queries = msTodQueries(personas);
    expect(queries.map((q) => [q.index, q.gold])).toEqual([
      [3, ['persona-7/S0']],
      [4, ['persona-7/S1', 'persona-7/S2']],
    ]);
    const target = personas[0]?.sessions[3];
    expect(target && queryContext(target).map((t) => t.text)).toEqual([
      'Play Black Widow again please.',
    ]);
  });

  it('finds the earlier sessions of the same task with each method', async () => {
    for (const method of ['map-embedding', 'map-embedding-nojudge', 'bm25'] as const) {
      const rows = await run(method);
      expect(rows[0]?.retrieved_sessions).toEqual(['persona-7/S0']);
      expect(['persona-7/S1', 'persona-7/S2']).toContain(rows[1]?.retrieved_sessions[0]);
      expect(rows[0]?.recall_at).toEqual({ '1': 1, '3': 1, '5': 1, '10': 1 });
      expect(rows[1]?.recall_at['1']).toBe(0.5);
      expect(rows[1]?.recall_at['3']).toBe(1);
      expect(rows[1]).toMatchObject({ recall_at_k: 0.5, answer: null, correct: null, ms: 0 });
    }
  });

  it('never reads the predicted session’s labels or slot values', async () => {
    const tampered = JSON.parse(msTodFixtureText()) as typeof MS_TOD_PERSONA;
    for (const s of tampered.sessions.slice(3)) {
      s.intent = 'ReserveRestaurant';
      s.service = 'Restaurants';
      s.confirmation_state.slot_values = { restaurant_name: 'Somewhere Else' } as never;
    }
    const changed = parseMsTodPersonas(JSON.stringify(tampered), 'tampered.json');
    for (const method of ['map-embedding', 'map-embedding-nojudge', 'bm25'] as const) {
      const a = await run(method);
      const b = await run(method, changed);
      expect(b.map((r) => r.retrieved_sessions)).toEqual(a.map((r) => r.retrieved_sessions));
      expect(b.map((r) => r.recall_at)).toEqual(a.map((r) => r.recall_at));
    }
  });

  it('builds a stored unit from its own labels and confirmed values', () => {
    const stored = personas[0]?.sessions[3];
    const unit = stored && unitOf(stored, catalogue);
    expect(unit?.intentLabel).toBe('PlayMedia');
    expect(unit?.qa[0]).toMatchObject({ slot: 'song_name', answer: 'Black Widow' });
  });

  it('needs a judge for map-embedding, and honours the limit', async () => {
    await expect(
      runMsTodEval({ personas, catalogue, method: 'map-embedding', embedder, k: 5 }),
    ).rejects.toThrow(/needs a judge/);
    const rows = await runMsTodEval({
      personas,
      catalogue,
      method: 'bm25',
      embedder,
      k: 5,
      limit: 1,
      clock,
    });
    expect(rows).toHaveLength(1);
  });
});
