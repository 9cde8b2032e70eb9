import { describe, expect, it } from 'vitest';
import type { BranchQuestion } from './decider.ts';
import { DECIDE_RECENT_NODES, decidePrompt } from './prompts.ts';
import type { DiscourseNode } from './types.ts';

const node = (i: number) =>
  ({
    id: `n${i}`,
    treeId: 't1',
    branchId: 'b1',
    parentId: i === 0 ? null : `n${i - 1}`,
    turn: i,
    user: `question ${i}`,
    assistant: `answer ${i}`,
    summary: `The user asked question ${i}.`,
    embedding: [1],
  }) as unknown as DiscourseNode;

describe('the branch decision prompt', () => {
  it('shows only the latest rounds of a long path and asks for no reason', () => {
    const path = Array.from({ length: 20 }, (_, i) => node(i));
    const question = {
      query: 'And the next one?',
      queryEmbedding: [1],
      currentPath: path,
      candidates: [{ node: path[3]!, similarity: 0.7 }],
      branches: [{ id: 'b1', forkNodeId: null, nodeIds: path.map((n) => n.id) }],
      activeBranchId: 'b1',
      currentSimilarity: 0.65,
    } as unknown as BranchQuestion;
    const text = decidePrompt(question)
      .map((m) => m.content)
      .join('\n');
    const shownRounds = text.match(/^\[n\d+\] The user asked/gm) ?? [];
    expect(shownRounds).toHaveLength(DECIDE_RECENT_NODES);
    // A candidate from earlier in the path is still offered, as a candidate.
    expect(text).toContain('[n3] (branch b1, similarity 0.70)');
    expect(text).toContain('[n19] The user asked question 19.');
    expect(text).not.toContain('[n10] The user asked');
    expect(text).toContain('main branch: … → n14 → n15');
    expect(text).not.toContain('"reason"');
  });
});
