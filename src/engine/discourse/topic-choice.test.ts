import { describe, expect, it } from 'vitest';
import type { TopicCandidate, TopicQuestion } from './decider.ts';
import { dialogueShape } from './dialogue-shape.ts';
import { embeddingTopicChoice, mainTopic } from './embedding-decider.ts';

const settings = { topicThreshold: 0.5, returnThreshold: 0.3 };

/** t1 is the current tree unless said otherwise; a tree's number is its place in the forest. */
function candidate(
  treeId: string,
  score: number,
  extra: Partial<TopicCandidate> = {},
): TopicCandidate {
  return {
    treeId,
    path: [],
    meaning: score,
    words: 0,
    score,
    rounds: 1,
    current: treeId === 't1',
    treeIndex: Number(treeId.slice(1)) - 1,
    ...extra,
  };
}

const ask = (query: string, ...candidates: TopicCandidate[]): TopicQuestion => ({
  query,
  queryEmbedding: [1],
  candidates: [...candidates].sort((a, b) => b.score - a.score),
  shape: dialogueShape(query, 1),
});

const choose = (question: TopicQuestion) => embeddingTopicChoice(question, settings).treeId;

describe('embeddingTopicChoice: meaning and words', () => {
  it('stays in the current tree when it reaches the threshold, even if another scores higher', () => {
    expect(choose(ask('laptop screen size', candidate('t1', 0.55), candidate('t2', 0.9)))).toBe(
      't1',
    );
  });

  it('goes back to the best other tree that reaches the threshold', () => {
    const q = ask(
      'laptop screen',
      candidate('t1', 0.2),
      candidate('t2', 0.6),
      candidate('t3', 0.7),
    );
    expect(choose(q)).toBe('t3');
  });

  it('opens a new tree when no tree reaches the threshold', () => {
    expect(
      choose(ask('knitting patterns', candidate('t1', 0.3), candidate('t2', 0.45))),
    ).toBeNull();
  });
});

describe('embeddingTopicChoice: the shape of the dialogue', () => {
  it('opens a new tree on "New topic:", however close the current tree is', () => {
    expect(choose(ask('New topic: laptop screens', candidate('t1', 0.95)))).toBeNull();
  });

  it('leaves the current tree on an aside, for another tree or a new one', () => {
    const near = ask('Speaking of screens, which TV?', candidate('t1', 0.9), candidate('t2', 0.6));
    expect(choose(near)).toBe('t2');
    const far = ask('Speaking of screens, which TV?', candidate('t1', 0.9), candidate('t2', 0.2));
    expect(choose(far)).toBeNull();
  });

  it('sends a recap to the main topic (the most rounds), whatever scores best', () => {
    const q = ask(
      "What's the final configuration?",
      candidate('t1', 0.9, { rounds: 2 }),
      candidate('t2', 0.1, { rounds: 5 }),
      candidate('t3', 0.2, { rounds: 5 }),
    );
    expect(choose(q)).toBe('t2');
    expect(mainTopic(q.candidates)?.treeId).toBe('t2');
  });

  it('sends a return to the best tree above the lower return threshold, not to a new one', () => {
    const q = ask("Let's go back to the budget.", candidate('t1', 0.1), candidate('t2', 0.35));
    expect(choose(q)).toBe('t2');
    expect(choose(ask("Let's go back to the budget.", candidate('t1', 0.1)))).toBeNull();
  });

  it('keeps a short follow-up in the current tree, unless another tree holds its words', () => {
    expect(choose(ask('and for dessert?', candidate('t1', 0.1), candidate('t2', 0.45)))).toBe('t1');
    const elsewhere = ask(
      'and for dessert?',
      candidate('t1', 0.1),
      candidate('t2', 0.6, { words: 1 }),
    );
    expect(choose(elsewhere)).toBe('t2');
  });
});
