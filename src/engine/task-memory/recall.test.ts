import { MS_TOD_OPEN_TASK_WEIGHT } from './open-tasks.ts';
import { describe, expect, it } from 'vitest';
import { HashEmbedder, ScriptedLlm } from '../testing/index.ts';
import { extractTaskMemory } from './extractive.ts';
import { catalogueFixture, dinnerSession, session, songSession } from './fixtures.test-support.ts';
import { createEmbeddingJudge, createLlmJudge } from './judge.ts';
import { recallTaskMemory, unsaidSlots } from './recall.ts';
import { findIntent } from './sgd-schema.ts';

const slots = findIntent(catalogueFixture(), 'PlayMedia')?.slots ?? [];
const units = [extractTaskMemory(dinnerSession), extractTaskMemory(songSession, { slots })];
const turns = session('p/S3', [['user', 'Can you play Black Widow again?']]).turns;
const embedder = new HashEmbedder();

describe('memory-guided planning (recallTaskMemory)', () => {
  it('without an LLM: activates the song session and keeps its answers', async () => {
    const result = await recallTaskMemory({
      turns,
      units,
      embedder,
      judge: createEmbeddingJudge({ embedder }),
      slots,
    });
    expect(result.intent).toBe('Can you play Black Widow again?');
    expect(result.activated[0]?.unit.id).toBe('p/S1');
    expect(result.missing).toEqual(slots.map((s) => s.question));
    expect(result.kept.length).toBeLessThanOrEqual(5);
    expect(result.kept[0]?.sessionId).toBe('p/S1');
    expect(result.memory).toContain('Bedroom speaker');
    expect(result.llmCalls).toBe(0);
    expect(result.failures).toEqual([]);
  });

  it('with the scripted LLM: the model writes the intent, the missing questions and the verdicts', async () => {
    const llm = new ScriptedLlm();
    const result = await recallTaskMemory({
      turns,
      units,
      embedder,
      judge: createLlmJudge({ llm }),
      slots,
      llm,
      alpha: 0.3,
      topQa: 2,
    });
    expect(result.intent).toMatch(/^The user intends to/);
    // The scripted rule counts a slot as open while no word of its name is in the context.
    expect(result.missing).toEqual(slots.map((s) => s.question));
    expect(llm.callsFor('task-missing')[0]?.prompt).toContain('### SLOTS\nsong_name:');
    expect(result.kept).toHaveLength(2);
    expect(result.kept[0]).toMatchObject({ sessionId: 'p/S1', judge: 1 });
    expect(result.llmCalls).toBe(3);
  });

  it('reports every fallback when the model replies are malformed', async () => {
    const llm = new ScriptedLlm({
      responses: { 'task-intent': ['x'], 'task-missing': ['x'], 'task-judge': ['x'] },
    });
    const result = await recallTaskMemory({
      turns,
      units,
      embedder,
      judge: createLlmJudge({ llm, maxAttempts: 1 }),
      slots,
      llm: new ScriptedLlm({
        responses: { 'task-intent': ['x', 'x', 'x'], 'task-missing': ['x', 'x', 'x'] },
      }),
    });
    expect(result.failures.map((f) => f.split(':')[0])).toEqual([
      'intent',
      'missing slots',
      'judge',
    ]);
    expect(result.intent).toBe('Can you play Black Widow again?');
    expect(result.kept.every((k) => k.judge === 0)).toBe(true);
    expect(result.activated[0]?.unit.id).toBe('p/S1');
    expect(llm.pending('task-judge')).toBe(0);
  });

  it('activates by the hybrid score when asked, open-task prior included', async () => {
    const recall = (hybrid: NonNullable<Parameters<typeof recallTaskMemory>[0]['hybrid']>) =>
      recallTaskMemory({
        turns,
        units,
        embedder,
        judge: createEmbeddingJudge({ embedder }),
        slots,
        hybrid,
        topUnits: 1,
      });
    const open = await recall({});
    expect(open.activated.map((a) => a.unit.id)).toEqual(['p/S1']);
    // The song task was completed: the dinner, still open, activates instead.
    const done = await recall({
      completed: new Set(['p/S1']),
      openTaskWeight: MS_TOD_OPEN_TASK_WEIGHT,
    });
    expect(done.activated.map((a) => a.unit.id)).toEqual(['p/S2']);
    expect(done.kept.every((k) => k.sessionId === 'p/S2')).toBe(true);
  });

  it('counts a categorical slot as said once its value is in the context', () => {
    expect(unsaidSlots(slots, 'user: on the bedroom speaker please').map((s) => s.name)).toEqual([
      'song_name',
    ]);
  });
});
