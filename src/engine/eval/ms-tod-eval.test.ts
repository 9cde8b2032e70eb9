import { MS_TOD_OPEN_TASK_WEIGHT } from '../task-memory/open-tasks.ts';
import { describe, expect, it } from 'vitest';
import { catalogueFixture } from '../task-memory/fixtures.test-support.ts';
import { createEmbeddingJudge, createLlmJudge } from '../task-memory/judge.ts';
import { limitedLlm } from '../concurrency/limited-llm.ts';
import { outOfOrderLlm } from '../concurrency/out-of-order-llm.test-support.ts';
import { HashEmbedder, ScriptedLlm } from '../testing/index.ts';
import { summariseMsTodDialogues } from './ms-tod-dialogue-summary.ts';
import {
  MS_TOD_METHODS,
  MS_TOD_METHOD_NOTES,
  msTodQueries,
  queryContext,
  runMsTodEval,
  unitOf,
  type MsTodEvalOptions,
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

  it('demotes the stored sessions of a finished task when the open-task prior is on, for both map methods', async () => {
    // The dinner question now also names the song, whose task session 3 already confirmed.
    const mixed = JSON.parse(msTodFixtureText()) as typeof MS_TOD_PERSONA;
    const opening = mixed.sessions[4]?.turns[0];
    if (opening) opening.utterance = 'Black Widow was great. Is my table booked?';
    const data = parseMsTodPersonas(JSON.stringify(mixed), 'mixed.json');
    const top2 = async (method: MsTodMethod, openTaskWeight?: number) => {
      const rows = await runMsTodEval({
        personas: data,
        catalogue,
        method,
        embedder,
        judge: createEmbeddingJudge({ embedder }),
        k: 2,
        clock,
        ...(openTaskWeight === undefined ? {} : { openTaskWeight }),
      });
      return rows[1]?.retrieved_sessions;
    };
    for (const method of ['map-embedding', 'map-embedding-nojudge'] as const)
      expect(new Set(await top2(method, MS_TOD_OPEN_TASK_WEIGHT))).toEqual(
        new Set(['persona-7/S1', 'persona-7/S2']),
      );
    // Off by default: the finished song task, named in the question, comes first.
    expect(await top2('map-embedding-nojudge')).toEqual(['persona-7/S3', 'persona-7/S0']);
  });

  it('says what each method ranks by', () => {
    expect(Object.keys(MS_TOD_METHOD_NOTES).sort()).toEqual([...MS_TOD_METHODS].sort());
    for (const method of ['map-embedding', 'map-embedding-nojudge'] as const)
      expect(MS_TOD_METHOD_NOTES[method]).toMatch(/embedding.*BM25.*intent/);
    expect(MS_TOD_METHOD_NOTES['map-embedding']).toMatch(/judge/);
    expect(MS_TOD_METHOD_NOTES.bm25).toMatch(/no embedding, no intent level/);
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

describe('MS-TOD confirmation dialogue in the run', () => {
  const withLlm = (llm: ScriptedLlm, data = personas, extra: Partial<MsTodEvalOptions> = {}) =>
    runMsTodEval({
      personas: data,
      catalogue,
      method: 'map-embedding',
      embedder,
      judge: createLlmJudge({ llm }),
      judgeUnits: 5,
      dialogue: { llm },
      k: 1,
      clock,
      ...extra,
    });

  it('runs every confirming session with and without memory; memory takes fewer turns', async () => {
    const rows = await withLlm(new ScriptedLlm());
    const dialogues = rows.map((r) => r.dialogue);
    expect(dialogues).toHaveLength(2);
    expect(dialogues.map((d) => d && Object.keys(d.goal))).toEqual([
      ['song_name', 'playback_device'],
      ['restaurant_name', 'party_size', 'date'],
    ]);
    const summary = summariseMsTodDialogues(dialogues);
    expect(summary.slot_accuracy).toBeGreaterThan(summary.slot_accuracy_no_memory);
    expect(summary.turns_to_completion_mean).toBeLessThan(
      summary.turns_to_completion_no_memory_mean,
    );
    for (const d of dialogues) {
      expect(d?.with_memory.turns).toBeLessThanOrEqual(d?.no_memory.turns ?? -1);
      expect(d?.memory.length).toBeGreaterThan(0);
    }
    // The judge and both dialogues count in the row's LLM calls.
    expect(rows[0]?.llm_calls).toBeGreaterThan(rows[0]?.dialogue?.llm_calls ?? Infinity);
  });

  it('never reads the predicted session’s gold values into its memory or response', async () => {
    // Only the last confirming session changes: earlier ones are stored memory for later ones.
    const tampered = JSON.parse(msTodFixtureText()) as typeof MS_TOD_PERSONA;
    const last = tampered.sessions[4]?.confirmation_state.slot_values as Record<string, string>;
    for (const name of Object.keys(last)) last[name] = `${last[name]} (changed)`;
    const changed = parseMsTodPersonas(JSON.stringify(tampered), 'tampered.json');
    const a = await withLlm(new ScriptedLlm());
    const b = await withLlm(new ScriptedLlm(), changed);
    expect(b.map((r) => r.dialogue?.memory)).toEqual(a.map((r) => r.dialogue?.memory));
    expect(b.map((r) => r.dialogue?.with_memory.response)).toEqual(
      a.map((r) => r.dialogue?.with_memory.response),
    );
    expect(b[1]?.dialogue?.goal.restaurant_name).toBe('Bluefin (changed)');
    expect(b[1]?.dialogue?.with_memory.slot_accuracy).toBe(0);
  });

  it('judges only the top units’ pairs, survives a malformed judge reply, and skips done questions', async () => {
    const llm = new ScriptedLlm({ responses: { 'task-judge': Array(20).fill('not json') } });
    const rows = await withLlm(llm, personas, { judgeUnits: 1 });
    const judged = llm.callsFor('task-judge').map((c) => c.prompt);
    const firstQuery = personas[0]?.sessions[0]?.session.id ?? '';
    expect(judged[0]).toContain(`[${firstQuery}#qa`);
    expect(judged[0]).not.toContain('[persona-7/S1#qa');
    expect(rows.every((r) => r.dialogue && r.dialogue.memory.length > 0)).toBe(true);
    const resumed = await withLlm(new ScriptedLlm(), personas, {
      done: new Set([rows[0]?.question_id ?? '']),
    });
    expect(resumed.map((r) => r.question_id)).toEqual([rows[1]?.question_id]);
  });

  it('gives the rows of a one-at-a-time run, handed out in question order, at concurrency 3', async () => {
    // Four personas of different content, so that rows of the wrong persona or order would show.
    const variant = (id: number, song: string, restaurant: string) =>
      parseMsTodPersonas(
        msTodFixtureText()
          .replaceAll('Black Widow', song)
          .replaceAll('Bluefin', restaurant)
          .replace('"persona_id":7', `"persona_id":${id}`),
        `persona_${id}.json`,
      );
    const many = [
      ...personas,
      ...variant(8, 'Blue Moon', 'Nopa'),
      ...variant(9, 'Hey Jude', 'Zuni Cafe'),
      ...variant(10, 'Drive Slow', 'Delfina'),
    ];
    // Replies come back out of order (0–6 event-loop turns each); at most 3 calls in flight.
    const sequential: string[] = [];
    const one = await withLlm(new ScriptedLlm(), many, {
      onRow: (row) => void sequential.push(row.question_id),
    });
    const fake = outOfOrderLlm();
    const llm = limitedLlm(fake.llm, 3);
    const concurrent: string[] = [];
    const three = await runMsTodEval({
      personas: many,
      catalogue,
      method: 'map-embedding',
      embedder,
      judge: createLlmJudge({ llm }),
      judgeUnits: 5,
      dialogue: { llm },
      k: 1,
      clock,
      concurrency: 3,
      onRow: (row) => void concurrent.push(row.question_id),
    });
    expect(one).toHaveLength(8);
    expect(three).toEqual(one);
    expect(concurrent).toEqual(one.map((r) => r.question_id));
    expect(sequential).toEqual(concurrent);
    expect(fake.peak()).toBe(3);
    expect(new Set(one.map((r) => r.dialogue?.with_memory.response)).size).toBeGreaterThan(2);
  });

  it('runs no dialogue without the option (the recall-only run)', async () => {
    const rows = await run('map-embedding');
    expect(rows.every((r) => r.dialogue === undefined)).toBe(true);
  });
});
