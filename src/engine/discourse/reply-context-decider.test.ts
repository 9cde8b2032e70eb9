import { describe, expect, it } from 'vitest';
import type { TopicCandidate, TopicQuestion } from './decider.ts';
import { replyContextDecider } from './reply-context-decider.ts';
import { discourseSettings } from './settings.ts';

// Threshold 0.7, floor 0.4, ceiling 0.85, margin 0.1.
const settings = discourseSettings();

function question(...scores: [treeId: string, score: number, current?: boolean][]): TopicQuestion {
  const candidates: TopicCandidate[] = scores.map(([treeId, score, current], treeIndex) => ({
    treeId,
    path: [],
    score,
    current: current === true,
    treeIndex,
  }));
  return { query: 'q', queryEmbedding: [1], candidates };
}

describe('replyContextDecider (the reply context before the model places the turn)', () => {
  const decider = replyContextDecider(settings);

  it('keeps the current topic when the embedding would open a new one but is unsure', async () => {
    const verdict = await decider.chooseTopic(question(['t1', 0.6, true], ['t2', 0.3]));
    expect(verdict).toMatchObject({ treeId: 't1', source: 'embedding' });
    expect(verdict.reason).toMatch(/ambiguous.*keeps the current topic t1/);
  });

  it("takes the embedding's choice when it is clear", async () => {
    expect(await decider.chooseTopic(question(['t2', 0.95], ['t1', 0.5, true]))).toMatchObject({
      treeId: 't2',
    });
    expect(await decider.chooseTopic(question(['t1', 0.3, true], ['t2', 0.2]))).toMatchObject({
      treeId: null,
    });
  });

  it('does not hold on to a current topic that scores below the floor', async () => {
    // t2 and t3 are within the margin (ambiguous), but the current topic is unrelated.
    const verdict = await decider.chooseTopic(
      question(['t2', 0.8], ['t3', 0.75], ['t1', 0.2, true]),
    );
    expect(verdict.treeId).toBe('t2');
  });
});
