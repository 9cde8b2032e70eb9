import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGroveConversation } from './datasets/grove-format.ts';
import { addSessions, buildMemory } from './pipeline.ts';
import type { Progress } from './progress.ts';
import { HashEmbedder, ScriptedLlm } from './testing/index.ts';
import { asSessionId, asTurnId, type Session } from './types.ts';

const demo = parseGroveConversation(
  readFileSync('examples/demo-conversation.json', 'utf8'),
  'demo',
);
const embedder = new HashEmbedder();

describe('memory pipeline', () => {
  it('builds from sessions with the LLM, recording a failed session and an empty one', async () => {
    // The first session's extraction gets three unreadable replies: it must fail, visibly.
    const llm = new ScriptedLlm().enqueue(
      'extract-facts',
      'not json',
      '{"facts": 3}',
      '{"oops": []}',
    );
    const progress: Progress[] = [];
    const { tree, extractions } = await buildMemory(demo.sessions, {
      llm,
      embedder,
      onProgress: (p) => progress.push(p),
    });
    expect(extractions).toHaveLength(demo.sessions.length);
    const failed = extractions.filter((e) => e.status === 'failed');
    expect(failed.map((e) => e.sessionId)).toEqual(['s1']);
    expect(failed[0]).toMatchObject({ attempts: 3, error: expect.stringContaining('s1') });
    expect(extractions.find((e) => e.sessionId === 's9')?.status).toBe('empty');
    const sessions = new Set(
      [...tree.facts.values()].flatMap((f) => f.sources.map((s) => s.sessionId)),
    );
    expect(sessions.has(asSessionId('s1'))).toBe(false);
    expect(sessions.has(asSessionId('s5'))).toBe(true);
    const percents = progress.flatMap((p) =>
      p.status === 'done' ? [100] : p.status === 'progress' ? [p.progress] : [],
    );
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ status: 'done', task: 'build-memory', progress: 100 });
  });

  it('builds without an LLM (extractive facts, keyword-label summaries)', async () => {
    const { tree, report } = await buildMemory(demo.sessions, { embedder });
    expect(tree.facts.size).toBeGreaterThan(15);
    expect(tree.levels.length).toBeGreaterThanOrEqual(2);
    expect(report.summaries.llm).toBe(0);
    for (const fact of tree.facts.values())
      expect(fact.sources[0]?.turnIds.length).toBeGreaterThan(0);
  });

  it('adds a new session incrementally, keeping every earlier fact', async () => {
    const { tree } = await buildMemory(demo.sessions, { embedder });
    const session: Session = {
      id: asSessionId('s10'),
      time: '2026-04-12T09:00:00Z',
      turns: [
        {
          id: asTurnId('s10:1'),
          speaker: 'user',
          text: 'I started physiotherapy twice a week for my knee.',
        },
      ],
    };
    const next = await addSessions(tree, [session], { embedder });
    expect(next.report.added + next.report.merged).toBe(1);
    for (const id of tree.facts.keys()) expect(next.tree.facts.has(id)).toBe(true);
    expect(next.tree.insertedSinceBuild).toBe(next.report.added);
  });
});
