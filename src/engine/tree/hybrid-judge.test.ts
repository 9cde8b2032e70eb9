import { beforeAll, describe, expect, it } from 'vitest';
import type { EmbedderPort } from '../ports.ts';
import type { RetrievalResult, TraversalEvent } from '../retrieval.ts';
import { hybridScores, standardise } from '../scores.ts';
import { HashEmbedder } from '../testing/index.ts';
import {
  asFactId,
  asSessionId,
  asTurnId,
  type EmbeddedFact,
  type Fact,
  type MemoryTree,
  type NodeId,
} from '../types.ts';
import { TreeDraft } from './draft.ts';
import { insertFacts } from './insert.ts';
import { embeddingJudge, noLlmJudge } from './judges.ts';
import {
  DEFAULT_HYBRID_EMBEDDING_WEIGHT,
  hybridJudge,
  InvalidJudgeOptionError,
} from './hybrid-judge.ts';
import { sessionTexts, treeLexicon } from './lexicon.ts';
import { createTreeRetriever } from './retrieve.ts';
import { keywordSummariser } from './summarise.ts';
import { tinyTree } from './tiny-tree.test-support.ts';

/**
 * Word vectors that know topics but not names (like averaged GloVe vectors, which blur rare
 * names): each listed word owns a dimension, every other word adds nothing.
 */
class TopicEmbedder implements EmbedderPort {
  readonly id = 'topic-test';
  readonly dimension: number;
  constructor(private readonly words: readonly string[]) {
    this.dimension = words.length + 1;
  }
  vector(text: string): Float32Array {
    const v = new Float32Array(this.dimension);
    for (const token of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      const i = this.words.indexOf(token);
      if (i >= 0) v[i] = (v[i] ?? 0) + 1;
    }
    if (v.every((x) => x === 0)) v[this.dimension - 1] = 1;
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  }
  embed(texts: readonly string[]): Promise<Float32Array[]> {
    return Promise.resolve(texts.map((t) => this.vector(t)));
  }
}

const topics = new TopicEmbedder(['painting', 'brushes', 'show', 'may', 'spring', 'dogs', 'walks']);

/**
 *   art    ── paint (s1: Caroline's painting, twice)  ── 2 facts
 *          └─ show  (s2: an art show in May)           ── 1 fact
 *   family ── jonas (s3: Jonas took up painting; dogs) ── 2 facts
 *          └─ walks (s4: Caroline walks the dogs)      ── 1 fact
 * "When did Jonas start painting?": the art subtree is closer in topic, only Jonas's is his.
 */
function namesTree(): MemoryTree {
  const draft = TreeDraft.empty();
  const leaf = (session: string, summary: string, texts: readonly string[]) => {
    const facts = texts.map((text, i) => {
      const fact: Fact = {
        id: asFactId(`${session}/f${i}`),
        text,
        category: 'other',
        sources: [{ sessionId: asSessionId(session), turnIds: [asTurnId(`${session}:${i + 1}`)] }],
      };
      return draft.addFact(fact, topics.vector(text)).id;
    });
    return draft.addSummary(1, summary, topics.vector(summary), facts).id;
  };
  const paint = leaf('s1', 'Caroline loves painting.', [
    'Caroline loves painting.',
    'Caroline bought brushes for painting.',
  ]);
  const show = leaf('s2', 'Caroline has a show in May.', ['Caroline has a show in May.']);
  const jonas = leaf('s3', 'Jonas took up painting last spring.', [
    'Jonas took up painting last spring.',
    'Jonas has two dogs.',
  ]);
  const walks = leaf('s4', 'Caroline walks the dogs.', ['Caroline walks the dogs.']);
  const root = (text: string, leaves: NodeId[]) =>
    draft.addSummary(2, text, topics.vector(text), leaves);
  root('Art: painting and a show.', [paint, show]);
  root('Family: Jonas and the dogs.', [jonas, walks]);
  return draft.freeze({ seed: 0, factCount: 6, leafCohesion: 0.5, leafCohesionStd: 0.1 }, 0);
}

const QUESTION = 'When did Jonas start painting?';
const turn = (session: string, n: number, text: string) => ({
  id: asTurnId(`${session}:${n}`),
  speaker: 'user' as const,
  text,
});
const sessions = (result: RetrievalResult) => [
  ...new Set(result.items.flatMap((i) => i.sessionIds)),
];
const verdicts = (events: readonly TraversalEvent[]) =>
  events.flatMap((e) => (e.type === 'keep' || e.type === 'prune' ? [e] : []));

describe('hybrid judge: a name the word vectors blur', () => {
  const tree = namesTree();

  it('cosine alone walks into the wrong subtree', async () => {
    const result = await createTreeRetriever(tree, {
      judge: embeddingJudge({ beam: 1, nodeVector: 'centroid' }),
      embedder: topics,
    }).retrieve(QUESTION);
    expect(sessions(result)).toEqual(['s1']);
  });

  it('the hybrid follows the name into the right one', async () => {
    const result = await createTreeRetriever(tree, {
      judge: hybridJudge({ beam: 1, adaptive: false }),
      embedder: topics,
    }).retrieve(QUESTION);
    expect(sessions(result)).toEqual(['s3']);
    expect(result.llmCalls).toBe(0);
    const keep = verdicts(result.events).find((v) => v.type === 'keep');
    expect(keep?.reason).toMatch(
      /^hybrid -?\d\.\d\d \(cosine -?\d\.\d{3}, BM25 \d+\.\d\d\) in top 1$/,
    );
    // Two candidates per level: z-scores of ±1, so w·(−1) + (1 − w)·(+1) for the kept root.
    expect(keep?.score).toBeCloseTo(1 - 2 * DEFAULT_HYBRID_EMBEDDING_WEIGHT, 6);
  });

  it('ranks the retrieved facts by the same fusion, scores on the items', async () => {
    const result = await createTreeRetriever(tree, {
      judge: hybridJudge({ beam: 2, adaptive: false }),
      embedder: topics,
    }).retrieve(QUESTION);
    expect(result.items[0]?.text).toBe('Jonas took up painting last spring.');
    const scores = result.items.map((i) => i.score);
    expect(scores.every((s) => typeof s === 'number')).toBe(true);
    expect(scores).toEqual([...scores].sort((a, b) => (b ?? 0) - (a ?? 0)));
    // The embedding judge leaves its set unranked (the caller ranks it).
    const plain = await createTreeRetriever(tree, {
      judge: embeddingJudge({ beam: 2, nodeVector: 'centroid' }),
      embedder: topics,
    }).retrieve(QUESTION);
    expect(plain.items.every((i) => i.score === undefined)).toBe(true);
  });

  it('w = 1 keeps what the embedding judge keeps; w = 0 follows BM25 alone', async () => {
    const kept = async (judge: ReturnType<typeof hybridJudge>) =>
      sessions(await createTreeRetriever(tree, { judge, embedder: topics }).retrieve(QUESTION));
    expect(await kept(hybridJudge({ beam: 1, embeddingWeight: 1, adaptive: false }))).toEqual([
      's1',
    ]);
    expect(await kept(hybridJudge({ beam: 1, embeddingWeight: 0, adaptive: false }))).toEqual([
      's3',
    ]);
  });

  it('a question sharing no word with any fact is judged by cosine alone', async () => {
    const question = 'Who walks dogs?'; // "walks" and "dogs" are in facts: control
    const none = 'Any sculpting?'; // no fact shares a word: BM25 is 0 everywhere
    const lexicon = treeLexicon(tree);
    expect(lexicon.nodeScore(question, tree.levels[2]![1]!)).toBeGreaterThan(0);
    for (const root of tree.levels[2]!) expect(lexicon.nodeScore(none, root)).toBe(0);
    const hybrid = await createTreeRetriever(tree, {
      judge: hybridJudge({ beam: 1 }),
      embedder: topics,
    }).retrieve(none);
    const cosineOnly = await createTreeRetriever(tree, {
      judge: embeddingJudge({ beam: 1, nodeVector: 'centroid' }),
      embedder: topics,
    }).retrieve(none);
    expect(sessions(hybrid)).toEqual(sessions(cosineOnly));
  });

  it("scores a node by its best fact's BM25, per question (session weight 0)", () => {
    const lexicon = treeLexicon(tree);
    const [art, family] = tree.levels[2]!;
    const jonasLeaf = tree.levels[1]![2]!;
    expect(lexicon.nodeScore('Jonas', family!, 0)).toBeGreaterThan(0);
    expect(lexicon.nodeScore('Jonas', art!, 0)).toBe(0);
    expect(lexicon.nodeScore('brushes', jonasLeaf, 0)).toBe(0);
    expect(lexicon.nodeScore('brushes', art!, 0)).toBe(
      lexicon.factScore('brushes', asFactId('s1/f1'), 0),
    );
    expect(lexicon.nodeScore('Jonas', jonasLeaf, 0)).toBe(
      Math.max(
        lexicon.factScore('Jonas', asFactId('s3/f0'), 0),
        lexicon.factScore('Jonas', asFactId('s3/f1'), 0),
      ),
    );
  });

  it('lifts a fact whose session matches the question, by the session weight', () => {
    const lexicon = treeLexicon(tree);
    // Only "Jonas took up painting last spring." says "spring"; "Jonas has two dogs." shares
    // its session, "Caroline bought brushes for painting." does not.
    const sameSession = asFactId('s3/f1');
    const otherSession = asFactId('s1/f1');
    expect(lexicon.factScore('spring', sameSession, 0)).toBe(0);
    expect(lexicon.factScore('spring', otherSession, 0)).toBe(0);
    expect(lexicon.factScore('spring', sameSession, 0.5)).toBeGreaterThan(
      lexicon.factScore('spring', otherSession, 0.5),
    );
    expect(lexicon.factScore('spring', asFactId('s3/f0'), 0.5)).toBeGreaterThan(
      lexicon.factScore('spring', sameSession, 0.5),
    );
  });

  it("reads a session's transcript, where given, for what its facts dropped", async () => {
    // Only s4's transcript says "marathon" (a question extraction dropped), no fact does.
    const transcripts = sessionTexts([
      { id: asSessionId('s4'), turns: [turn('s4', 1, 'Are you still running the marathon?')] },
    ]);
    const walker = asFactId('s4/f0');
    const painter = asFactId('s1/f0');
    expect(treeLexicon(tree).factScore('marathon', walker, 0.5)).toBe(
      treeLexicon(tree).factScore('marathon', painter, 0.5),
    );
    const withTexts = treeLexicon(tree, transcripts);
    expect(withTexts.factScore('marathon', walker, 0.5)).toBeGreaterThan(
      withTexts.factScore('marathon', painter, 0.5),
    );
    // A session without a transcript still counts by its facts: s1 says "brushes".
    expect(withTexts.factScore('brushes', asFactId('s1/f0'), 0.5)).toBeGreaterThan(
      withTexts.factScore('brushes', asFactId('s3/f0'), 0.5),
    );
    // The walk hands its judge the transcripts: beam 1 follows "marathon" into s4's subtree.
    const walk = (texts?: typeof transcripts) =>
      createTreeRetriever(tree, {
        judge: hybridJudge({ beam: 1, embeddingWeight: 0, adaptive: false }),
        embedder: topics,
        ...(texts ? { sessionTexts: texts } : {}),
      }).retrieve('Who is training for the marathon?');
    expect(sessions(await walk(transcripts))).toEqual(['s4']);
    expect(sessions(await walk())).not.toEqual(['s4']);
  });

  it('needs the question embedded, and a weight in [0, 1]', async () => {
    await expect(
      createTreeRetriever(tree, { judge: hybridJudge() }).retrieve(QUESTION),
    ).rejects.toThrow(/needs the question embedded/);
    expect(() => hybridJudge({ embeddingWeight: 1.5 })).toThrow(InvalidJudgeOptionError);
    expect(() => hybridJudge({ embeddingWeight: Number.NaN })).toThrow(InvalidJudgeOptionError);
  });
});

describe('hybridScores (z-scores over the candidates)', () => {
  it('fuses standardised sides with weight w', () => {
    const s = hybridScores([0.1, 0.3], [4, 0], 0.25);
    expect(s[0]).toBeCloseTo(0.25 * -1 + 0.75 * 1, 12);
    expect(s[1]).toBeCloseTo(0.25 * 1 + 0.75 * -1, 12);
  });

  it('a single candidate, or none, scores 0', () => {
    expect(hybridScores([0.8], [3], 0.35)).toEqual([0]);
    expect(hybridScores([], [], 0.35)).toEqual([]);
  });

  it('a side that does not vary decides nothing; when neither varies all tie at 0', () => {
    const cosines = [0.2, 0.5, 0.1];
    expect(hybridScores(cosines, [0, 0, 0], 0.35)).toEqual(
      standardise(cosines).map((z) => 0.35 * z),
    );
    expect(hybridScores([0.4, 0.4], [2, 2], 0.35)).toEqual([0, 0]);
  });

  it('is scale-free: multiplying a side changes nothing', () => {
    const a = hybridScores([0.1, 0.2, 0.7], [1, 5, 2], 0.35);
    const b = hybridScores([1, 2, 7], [10, 50, 20], 0.35);
    a.forEach((x, i) => expect(x).toBeCloseTo(b[i] ?? NaN, 12));
  });

  it('all-tied candidates keep the given order in the beam (deterministic)', async () => {
    const tree = namesTree();
    const judge = hybridJudge({ beam: 1 });
    const roots = tree.levels[2]!.map((id) => tree.nodes.get(id)!);
    // A query vector orthogonal to everything and a question sharing no word: all scores 0.
    const ctx = {
      question: 'xyzzy',
      queryVector: new Float32Array(topics.dimension),
      tree,
    };
    const out = await judge.judge([roots], ctx);
    expect(out.map((v) => v.score)).toEqual([0, 0]);
    expect(out.map((v) => v.keep)).toEqual([true, false]);
  });
});

describe('hybrid judge: determinism and updates', () => {
  const embedder = new HashEmbedder();
  let tree: MemoryTree;
  beforeAll(async () => {
    tree = await tinyTree(embedder);
  });
  const summary = (r: RetrievalResult) => ({
    items: r.items.map((i) => [i.id, i.score]),
    verdicts: verdicts(r.events).map((v) => [v.node, v.type, v.score, v.reason]),
  });

  it('gives the same walk and ranking every time, whatever was asked in between', async () => {
    const retriever = createTreeRetriever(tree, { judge: noLlmJudge(), embedder });
    const first = summary(await retriever.retrieve('Is my partner allergic to peanuts?'));
    await retriever.retrieve('When is the marathon?');
    const again = summary(await retriever.retrieve('Is my partner allergic to peanuts?'));
    const fresh = summary(
      await createTreeRetriever(tree, { judge: hybridJudge(), embedder }).retrieve(
        'Is my partner allergic to peanuts?',
      ),
    );
    expect(again).toEqual(first);
    expect(fresh).toEqual(first);
  });

  it('runs interleaved walks over one tree without mixing their questions', async () => {
    const judge = hybridJudge({ beam: 1 });
    const retriever = createTreeRetriever(tree, { judge, embedder });
    const alone = await Promise.all([
      retriever.retrieve('Where is the flat in Oslo?'),
      retriever.retrieve('How long no running after the knee injury?'),
    ]);
    const one = await retriever.retrieve('Where is the flat in Oslo?');
    const two = await retriever.retrieve('How long no running after the knee injury?');
    expect(alone.map(summary)).toEqual([summary(one), summary(two)]);
  });

  it('finds a fact inserted after the last build by its name (a new tree, a new index)', async () => {
    const text = 'The user adopted a cat called Ziggy.';
    const [embedding] = await embedder.embed([text]);
    const fact: EmbeddedFact = {
      id: asFactId('s5/f0'),
      text,
      category: 'event',
      sources: [{ sessionId: asSessionId('s5'), turnIds: [asTurnId('s5:1')] }],
      embedding: embedding!,
    };
    const before = await createTreeRetriever(tree, { judge: hybridJudge(), embedder }).retrieve(
      'What is Ziggy?',
    );
    expect(before.items.some((i) => i.id === 's5/f0')).toBe(false);
    const { tree: grown } = await insertFacts(tree, [fact], {
      summariser: keywordSummariser,
      embedder,
      rebuild: () => Promise.reject(new Error('no rebuild expected')),
    });
    const after = await createTreeRetriever(grown, {
      judge: hybridJudge({ beam: 1 }),
      embedder,
    }).retrieve('What is Ziggy?');
    expect(after.items[0]?.id).toBe('s5/f0');
  });
});
