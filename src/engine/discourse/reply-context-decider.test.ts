import { describe, expect, it } from 'vitest';
import type { DialogueShape } from './dialogue-shape.ts';
import type { TopicCandidate, TopicQuestion } from './decider.ts';
import { replyContextDecider } from './reply-context-decider.ts';
import { discourseSettings } from './settings.ts';

const PLAIN: DialogueShape = { kind: 'plain', cue: '', contentWords: 3 };

// Threshold 0.7, floor 0.4, ceiling 0.85, margin 0.1.
const settings = discourseSettings({ topicThreshold: 0.7 });

/** Candidates best score first; a tree's place in the forest is its number (t2: 2). */
function question(...scores: [treeId: string, score: number, current?: boolean][]): TopicQuestion {
  const candidates: TopicCandidate[] = scores.map(([treeId, score, current]) => ({
    treeId,
    path: [],
    meaning: score,
    words: 0,
    score,
    rounds: 1,
    current: current === true,
    treeIndex: Number(treeId.slice(1)),
  }));
  return { query: 'q', queryEmbedding: [1], candidates, shape: PLAIN };
}

describe('replyContextDecider (the reply context before the model places the turn)', () => {
  const decider = replyContextDecider(settings);

  it('takes the closest topic when the embedding would open a new one but is unsure', async () => {
    const verdict = await decider.chooseTopic(question(['t1', 0.6, true], ['t2', 0.3]));
    expect(verdict).toMatchObject({ treeId: 't1', source: 'embedding' });
    expect(verdict.reason).toMatch(/ambiguous.*takes the closest topic, t1/);
    // "Back to the trip": an earlier topic scores best, though below the threshold.
    const back = await decider.chooseTopic(question(['t2', 0.65], ['t1', 0.5, true]));
    expect(back.treeId).toBe('t2');
  });

  it("takes the embedding's choice when it is clear", async () => {
    expect(await decider.chooseTopic(question(['t2', 0.95], ['t1', 0.5, true]))).toMatchObject({
      treeId: 't2',
    });
    expect(await decider.chooseTopic(question(['t1', 0.3, true], ['t2', 0.2]))).toMatchObject({
      treeId: null,
    });
  });

  it('takes the closer of two topics within the margin, whatever their order', async () => {
    // t3 and t2 are within the margin (ambiguous); the embedding alone takes t2, opened first.
    const verdict = await decider.chooseTopic(
      question(['t3', 0.8], ['t2', 0.75], ['t1', 0.2, true]),
    );
    expect(verdict.treeId).toBe('t3');
  });
});
