import { describe, expect, it } from 'vitest';
import { mean, standardise } from '../scores.ts';
import { asSessionId } from '../types.ts';
import {
  DEFAULT_HYBRID_EMBEDDING_WEIGHT,
  hybridJudge,
  InvalidJudgeOptionError,
} from '../tree/hybrid-judge.ts';
import { createTreeRetriever } from '../tree/retrieve.ts';
import { cosine } from '../vector.ts';
import { createBm25Index } from './bm25.ts';
import { createFlatHybridRetriever, cutRanking } from './flat-hybrid.ts';
import { createBaseline } from './index.ts';
import {
  abortedSignal,
  F1,
  F2,
  F3,
  F4,
  FACTS,
  keywordEmbedder,
  keywordVector,
  SESSIONS,
  smallTree,
} from './test-corpus.test-support.ts';

/**
 * The fusion written out by hand over all four facts, for one question: the lexical side is each
 * fact's BM25 interpolated half and half with its session's (the session's facts, joined).
 */
function expectedScores(question: string, w: number): number[] {
  const q = keywordVector(question);
  const cosines = FACTS.map((f) => cosine(keywordVector(f.text), q));
  const own = standardise(createBm25Index(FACTS.map((f) => f.text)).scores(question));
  const sessionsOf = (f: (typeof FACTS)[number]) => f.sources.map((s) => s.sessionId as string);
  const sessionIds = [...new Set(FACTS.flatMap(sessionsOf))];
  const sessionDocs = sessionIds.map((s) =>
    FACTS.filter((f) => sessionsOf(f).includes(s))
      .map((f) => f.text)
      .join('\n'),
  );
  const zs = standardise(createBm25Index(sessionDocs).scores(question));
  const lexical = FACTS.map(
    (f, i) =>
      0.5 * (own[i] ?? 0) + 0.5 * mean(sessionsOf(f).map((s) => zs[sessionIds.indexOf(s)] ?? 0)),
  );
  const zc = standardise(cosines);
  const zl = standardise(lexical);
  return zc.map((c, i) => w * c + (1 - w) * (zl[i] ?? 0));
}

const ids = (items: readonly { id: string }[]) => items.map((i) => i.id);

describe('flat-hybrid baseline', () => {
  it("ranks every fact by w·z(cosine) + (1 − w)·z(BM25) over all facts (the judge's w), top k", async () => {
    const embedder = keywordEmbedder();
    // The fixed fusion (per-question weighing and feedback: tree/hybrid-adaptive.test.ts).
    const retriever = createFlatHybridRetriever({
      tree: smallTree(),
      embedder,
      k: 3,
      adaptive: false,
    });
    // Nothing is embedded up front: the facts' vectors are the tree's.
    expect(embedder.calls).toEqual([]);
    const question = 'Does Rex the dog like rain?';
    const result = await retriever.retrieve(question);
    expect(embedder.calls).toEqual([[question]]);
    const expected = expectedScores(question, DEFAULT_HYBRID_EMBEDDING_WEIGHT);
    const order = FACTS.map((f, i) => ({ id: f.id, s: expected[i] ?? 0 }))
      .sort((a, b) => b.s - a.s)
      .slice(0, 3);
    expect(ids(result.items)).toEqual(order.map((o) => o.id));
    result.items.forEach((item, i) => expect(item.score).toBeCloseTo(order[i]?.s ?? NaN, 10));
    // f3 ("dog … rain") matches both sides; f1 names Rex, which only BM25 sees.
    expect(ids(result.items).slice(0, 2)).toEqual([F3.id, F1.id]);
    expect(result.items[1]).toMatchObject({ sessionIds: ['s1'], factIds: [F1.id] });
    expect(result.llmCalls).toBe(0);
    expect(result.judgeTokens).toBe(0);
    expect(result.events.map((e) => e.type)).toEqual(['select', 'select', 'select', 'done']);
    expect(result.events[0]).toMatchObject({ type: 'select', level: 0, factId: F3.id });
  });

  it("scores exactly as the hybrid judge's scoreFacts over the same facts", async () => {
    const tree = smallTree();
    const embedder = keywordEmbedder();
    const question = 'marathon training in Oslo with tea';
    const queryVector = keywordVector(question);
    const judgeScores = hybridJudge().scoreFacts?.(FACTS, { question, tree, queryVector }) ?? [];
    const result = await createFlatHybridRetriever({ tree, embedder, k: 4 }).retrieve(question);
    const byId = new Map(result.items.map((i) => [i.id, i.score]));
    FACTS.forEach((f, i) => expect(byId.get(f.id)).toBeCloseTo(judgeScores[i] ?? NaN, 12));
  });

  it('w = 1 ranks by cosine alone (as flat-facts), w = 0 by BM25 alone', async () => {
    const tree = smallTree();
    // "Rex" is no vocabulary word: cosine sees "dog" only (f1 and f3 tie), BM25 sees both words.
    const question = 'Rex dog';
    const cosineOnly = await createFlatHybridRetriever({
      tree,
      embedder: keywordEmbedder(),
      k: 4,
      embeddingWeight: 1,
    }).retrieve(question);
    const factRag = await createBaseline('flat-facts', {
      sessions: SESSIONS,
      facts: FACTS,
      embedder: keywordEmbedder(),
      k: 4,
    });
    expect(ids(cosineOnly.items)).toEqual(ids((await factRag.retrieve(question)).items));
    const bm25Only = await createFlatHybridRetriever({
      tree,
      embedder: keywordEmbedder(),
      k: 2,
      embeddingWeight: 0,
    }).retrieve(question);
    expect(ids(bm25Only.items)).toEqual([F1.id, F3.id]);
  });

  it('the tree walk uses the same scorer on the facts it reached; flat-hybrid on all of them', async () => {
    const tree = smallTree();
    const question = 'tea';
    const flat = await createFlatHybridRetriever({ tree, embedder: keywordEmbedder(), k: 1 });
    expect(ids((await flat.retrieve(question)).items)).toEqual([F4.id]);
    // A beam-1 walk keeps the tea-and-marathon leaf only: it never scores f1 or f3.
    const walk = await createTreeRetriever(tree, {
      judge: hybridJudge({ beam: 1 }),
      embedder: keywordEmbedder(),
    }).retrieve(question);
    expect(ids(walk.items)).toEqual([F4.id, F2.id]);
  });

  it('with depth sessions, goes down the ranking until it spans k distinct sessions', async () => {
    const unit = (id: string, ...sessions: string[]) => ({
      id,
      sessionIds: sessions.map(asSessionId),
    });
    const ranked = [unit('a', 's1'), unit('b', 's1'), unit('c', 's2', 's3'), unit('d', 's4')];
    expect(cutRanking(ranked, 2, 'facts').map((u) => u.id)).toEqual(['a', 'b']);
    expect(cutRanking(ranked, 2, 'sessions').map((u) => u.id)).toEqual(['a', 'b', 'c']);
    expect(cutRanking(ranked, 3, 'sessions').map((u) => u.id)).toEqual(['a', 'b', 'c']);
    expect(cutRanking(ranked, 9, 'sessions')).toEqual(ranked);
    // f3 is a merged fact (s3 and s1): the first fact already spans two sessions.
    const question = 'Does Rex the dog like rain?';
    const retrieve = (depth: 'facts' | 'sessions') =>
      createFlatHybridRetriever({
        tree: smallTree(),
        embedder: keywordEmbedder(),
        k: 2,
        depth,
        adaptive: false,
      })
        .retrieve(question)
        .then((r) => ids(r.items));
    expect(await retrieve('facts')).toEqual([F3.id, F1.id]);
    expect(await retrieve('sessions')).toEqual([F3.id]);
  });

  it('is registered as the flat-hybrid baseline and checks its inputs', async () => {
    const retriever = await createBaseline('flat-hybrid', {
      sessions: SESSIONS,
      tree: smallTree(),
      embedder: keywordEmbedder(),
      embeddingWeight: 0,
      k: 1,
    });
    expect(retriever.name).toBe('flat-hybrid');
    expect(ids((await retriever.retrieve('Oslo')).items)).toEqual([F2.id]);
    await expect(
      createBaseline('flat-hybrid', { sessions: SESSIONS, embedder: keywordEmbedder() }),
    ).rejects.toThrow(/memory tree/);
    await expect(
      createBaseline('flat-hybrid', { sessions: SESSIONS, tree: smallTree() }),
    ).rejects.toThrow(/an embedder/);
    const make = (embeddingWeight: number, k = 2) =>
      createFlatHybridRetriever({
        tree: smallTree(),
        embedder: keywordEmbedder(),
        k,
        embeddingWeight,
      });
    expect(() => make(1.5)).toThrow(InvalidJudgeOptionError);
    expect(() => make(Number.NaN)).toThrow(InvalidJudgeOptionError);
    expect(() => make(0.5, 0)).toThrow(RangeError);
    await expect(make(0.5).retrieve('tea', { signal: abortedSignal() })).rejects.toThrow();
  });
});
