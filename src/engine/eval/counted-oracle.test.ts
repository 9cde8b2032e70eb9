import { beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { HashEmbedder } from '../testing/index.ts';
import { createTreeRetriever } from '../tree/retrieve.ts';
import { tinyTree } from '../tree/tiny-tree.test-support.ts';
import { asSessionId, asTurnId, type Fact, type MemoryTree } from '../types.ts';
import { countedOracleJudge, OracleNoiseError, oracleTruth } from './counted-oracle.ts';

const embedder = new HashEmbedder();
let tree: MemoryTree;
beforeAll(async () => {
  tree = await tinyTree(embedder);
});
const sessions = (items: readonly { sessionIds: readonly string[] }[]) =>
  [...new Set(items.flatMap((i) => i.sessionIds))].sort();

describe('countedOracleJudge', () => {
  it('keeps exactly the evidence subtrees and counts the calls an LLM judge would spend', async () => {
    const truth = { sessionIds: [asSessionId('s4')] };
    const perNode = await createTreeRetriever(tree, {
      judge: countedOracleJudge({ truth, unit: 'node' }),
    }).retrieve('knee?');
    expect(sessions(perNode.items)).toEqual(['s4']);
    // 2 roots + 2 leaves under the kept root; the pruned root's subtree costs nothing.
    expect(perNode.llmCalls).toBe(4);

    const listwise = await createTreeRetriever(tree, {
      judge: countedOracleJudge({ truth, unit: 'group' }),
    }).retrieve('knee?');
    expect(sessions(listwise.items)).toEqual(['s4']);
    // One call for the roots, one for the kept root's children.
    expect(listwise.llmCalls).toBe(2);
  });

  it('flips verdicts with the given probability, the same way for the same seed', async () => {
    const truth = { sessionIds: [asSessionId('s1')] };
    const run = async (seed: number) =>
      createTreeRetriever(tree, {
        judge: countedOracleJudge({ truth, unit: 'node', noise: 1, rng: createRng(seed) }),
        fallbackK: 0,
      }).retrieve('flat?');
    // noise 1 flips everything: the gold root is pruned, the other root kept, and under it every
    // leaf (none of which holds evidence) is kept.
    const all = await run(7);
    expect(sessions(all.items)).toEqual(['s3', 's4']);
    expect(all.events.some((e) => e.type === 'keep' && /flipped/.test(e.reason))).toBe(true);

    const half = (seed: number) =>
      createTreeRetriever(tree, {
        judge: countedOracleJudge({ truth, unit: 'node', noise: 0.5, rng: createRng(seed) }),
        fallbackK: 0,
      }).retrieve('flat?');
    const [a, b] = [await half(3), await half(3)];
    expect(sessions(a.items)).toEqual(sessions(b.items));
  });

  it('rejects a noise outside [0, 1] or a noisy oracle without an Rng', () => {
    expect(() => countedOracleJudge({ truth: {}, unit: 'node', noise: 1.5 })).toThrow(
      OracleNoiseError,
    );
    expect(() => countedOracleJudge({ truth: {}, unit: 'node', noise: 0.2 })).toThrow(/Rng/);
  });
});

describe('oracleTruth', () => {
  const fact = (id: string, session: string, turns: string[]): Fact => ({
    id: id as Fact['id'],
    text: id,
    category: 'other',
    sources: [{ sessionId: asSessionId(session), turnIds: turns.map(asTurnId) }],
  });
  const facts = [fact('a', 's1', ['s1:1']), fact('b', 's1', ['s1:2']), fact('c', 's2', ['s2:1'])];

  it('uses the facts of the evidence turns, and whole sessions where no fact covers a turn', () => {
    const truth = oracleTruth(
      facts,
      [asSessionId('s1'), asSessionId('s3')],
      [asTurnId('s1:2'), asTurnId('s3:4')],
    );
    expect(truth).toEqual({ factIds: ['b'], sessionIds: ['s3'] });
  });

  it('falls back to the evidence sessions without turn-level evidence', () => {
    expect(oracleTruth(facts, [asSessionId('s2')], undefined)).toEqual({
      factIds: [],
      sessionIds: ['s2'],
    });
  });
});
