/**
 * A build through a port that serves many calls at once must give what the sequential build
 * gives: the same facts, summaries, node ids and session summaries, in the same order, however
 * the calls finish (the fake port finishes them out of order on purpose).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summariseSessions } from '../baselines/session-summaries.ts';
import { parseGroveConversation } from '../datasets/grove-format.ts';
import { buildMemory, type MemoryBuild } from '../pipeline.ts';
import { HashEmbedder } from '../testing/index.ts';
import { limitedLlm } from './limited-llm.ts';
import { outOfOrderLlm } from './out-of-order-llm.test-support.ts';

const demo = parseGroveConversation(
  readFileSync('examples/demo-conversation.json', 'utf8'),
  'demo',
);
const embedder = new HashEmbedder();
const outOfOrderServer = () => outOfOrderLlm();

function shape(build: MemoryBuild) {
  return {
    nodes: [...build.tree.nodes.values()].map((n) => [n.id, n.text, n.parent, n.children]),
    levels: build.tree.levels,
    facts: [...build.tree.facts.values()],
    extractions: build.extractions,
    summaries: build.report.summaries,
  };
}

describe('concurrent builds', () => {
  it('build the same memory as the sequential build, with at most N calls in flight', async () => {
    const sequential = outOfOrderServer();
    const expected = await buildMemory(demo.sessions, { llm: sequential.llm, embedder });
    expect(sequential.peak()).toBe(1);
    expect(expected.report.summaries.llm).toBeGreaterThan(1);

    const concurrent = outOfOrderServer();
    const actual = await buildMemory(demo.sessions, {
      llm: limitedLlm(concurrent.llm, 4),
      embedder,
    });
    expect(concurrent.peak()).toBeGreaterThan(1);
    expect(concurrent.peak()).toBeLessThanOrEqual(4);
    expect(concurrent.calls()).toBe(sequential.calls());
    expect(shape(actual)).toEqual(shape(expected));
  });

  it("summarise rag-summary's sessions concurrently, in session order", async () => {
    const sequential = outOfOrderServer();
    const expected = await summariseSessions(sequential.llm, demo.sessions);
    const concurrent = outOfOrderServer();
    const done: number[] = [];
    const actual = await summariseSessions(limitedLlm(concurrent.llm, 3), demo.sessions, {
      onProgress: (n) => done.push(n),
    });
    expect(actual).toEqual(expected);
    expect(actual.map((s) => s.sessionId)).toEqual(demo.sessions.map((s) => s.id));
    expect(concurrent.peak()).toBe(3);
    expect(done).toEqual(demo.sessions.map((_, i) => i + 1));
  });
});
