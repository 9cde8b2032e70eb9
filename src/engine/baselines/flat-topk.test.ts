import { describe, expect, it } from 'vitest';
import type { TraversalEvent } from '../retrieval.ts';
import { approximateTokenizer } from '../tokens.ts';
import { asSessionId, asTurnId, type Session } from '../types.ts';
import {
  createFlatTopK,
  EmbeddingCountError,
  unitsFromFacts,
  unitsFromSessions,
  unitsFromSummaries,
} from './flat-topk.ts';
import type { SessionSummary } from './session-summaries.ts';
import {
  abortedSignal,
  FACTS,
  keywordEmbedder,
  keywordVector,
  S4,
  SESSIONS,
} from './test-corpus.test-support.ts';

describe('unit helpers', () => {
  it('makes one unit per fact with the sessions of its sources', () => {
    const units = unitsFromFacts(FACTS);
    expect(units.map((u) => u.id)).toEqual(['f1', 'f2', 'f3', 'f4']);
    expect(units[2]).toMatchObject({ sessionIds: ['s3', 's1'], factIds: ['f3'] });
  });

  it('renders sessions as speaker lines, chunking long ones by whole turns', () => {
    const [s1] = unitsFromSessions(SESSIONS);
    expect(s1?.text).toBe(
      'user: I adopted a dog named Rex last spring.\nassistant: Congratulations on Rex!',
    );
    expect(s1?.chunks).toEqual([s1?.text]);
    const [chunked] = unitsFromSessions([SESSIONS[0]!], { maxChunkTokens: 12 });
    expect(chunked?.chunks).toEqual([
      'user: I adopted a dog named Rex last spring.',
      'assistant: Congratulations on Rex!',
    ]);
    expect(chunked?.text).toBe(s1?.text);
  });

  it('keeps fallback summaries as units', () => {
    const summaries: SessionSummary[] = [
      { sessionId: asSessionId('s1'), status: 'ok', text: 'The user has a dog.', tokens: 10 },
      {
        sessionId: asSessionId('s2'),
        status: 'fallback',
        text: 'I run.',
        tokens: 0,
        error: 'boom',
      },
    ];
    expect(unitsFromSummaries(summaries)).toEqual([
      { id: 's1', text: 'The user has a dog.', sessionIds: ['s1'] },
      { id: 's2', text: 'I run.', sessionIds: ['s2'] },
    ]);
  });
});

describe('createFlatTopK', () => {
  it('returns the k facts closest to the query, best first, ties in corpus order', async () => {
    const retriever = await createFlatTopK({
      embedder: keywordEmbedder(),
      units: unitsFromFacts(FACTS),
      k: 3,
    });
    // q = (dog + oslo)/√2: f1 = 1/√2, f2 (marathon, oslo) = 1/2, f3 (dog, rain) = 1/2, f4 = 0.
    const result = await retriever.retrieve('dog in oslo');
    expect(result.items.map((i) => i.id)).toEqual(['f1', 'f2', 'f3']);
    expect(result.items[0]?.score).toBeCloseTo(Math.SQRT1_2, 6);
    expect(result.items[1]?.score).toBeCloseTo(0.5, 6);
    expect(result.items[2]).toMatchObject({ sessionIds: ['s3', 's1'], factIds: ['f3'] });
    expect(result.llmCalls).toBe(0);
    expect(result.judgeTokens).toBe(0);
  });

  it('counts context tokens with the tokenizer, approximate by default', async () => {
    const units = unitsFromFacts(FACTS);
    const approx = await createFlatTopK({ embedder: keywordEmbedder(), units, k: 2 });
    const r1 = await approx.retrieve('dog');
    const expected = r1.items.reduce((n, i) => n + approximateTokenizer.count(i.text), 0);
    expect(r1.contextTokens).toBe(expected);
    const chars = await createFlatTopK({
      embedder: keywordEmbedder(),
      units,
      k: 2,
      tokenizer: { count: (t) => t.length },
    });
    const r2 = await chars.retrieve('dog');
    expect(r2.contextTokens).toBe(r2.items[0]!.text.length + r2.items[1]!.text.length);
  });

  it('emits a select per item, then done, to onEvent and in the result', async () => {
    const retriever = await createFlatTopK({
      embedder: keywordEmbedder(),
      units: unitsFromFacts(FACTS),
      k: 2,
    });
    const seen: TraversalEvent[] = [];
    const result = await retriever.retrieve('dog', { onEvent: (e) => seen.push(e) });
    expect(result.events).toEqual([
      { type: 'select', node: 'f1', level: 0, factId: 'f1' },
      { type: 'select', node: 'f3', level: 0, factId: 'f3' },
      { type: 'done', selected: 2, calls: 0, tokens: 0 },
    ]);
    expect(seen).toEqual(result.events);
  });

  it('returns the whole corpus when k is larger than it', async () => {
    const retriever = await createFlatTopK({
      embedder: keywordEmbedder(),
      units: unitsFromSessions(SESSIONS),
      k: 10,
    });
    const result = await retriever.retrieve('tea');
    expect(result.items.map((i) => i.id)).toEqual(['s4', 's1', 's2', 's3']);
    expect(result.items[0]?.score).toBeCloseTo(2 / Math.sqrt(5), 6);
    expect(result.items.every((i) => i.factIds === undefined)).toBe(true);
  });

  it('embeds the corpus once, in batches, and only the query per retrieval', async () => {
    const embedder = keywordEmbedder();
    const retriever = await createFlatTopK({
      embedder,
      units: unitsFromFacts(FACTS),
      k: 1,
      batchSize: 3,
    });
    expect(embedder.calls.map((c) => c.length)).toEqual([3, 1]);
    await retriever.retrieve('dog');
    await retriever.retrieve('tea');
    expect(embedder.calls.slice(2)).toEqual([['dog'], ['tea']]);
  });

  it('uses precomputed embeddings as given', async () => {
    const embedder = keywordEmbedder();
    const units = [
      {
        id: 'x',
        text: 'no keywords here',
        sessionIds: [asSessionId('s9')],
        embeddings: [keywordVector('tea')],
      },
    ];
    const retriever = await createFlatTopK({ embedder, units, k: 1 });
    expect(embedder.calls).toEqual([]);
    expect((await retriever.retrieve('tea')).items[0]?.score).toBeCloseTo(1, 6);
  });

  it('scores a long session by its best chunk', async () => {
    const long: Session = {
      id: asSessionId('s5'),
      turns: [
        { id: asTurnId('s5-t1'), speaker: 'user', text: 'coffee coffee coffee coffee' },
        { id: asTurnId('s5-t2'), speaker: 'assistant', text: 'tea' },
      ],
    };
    // Whole text: (4 coffee + 1 tea)/√17 → 0.24 with "tea", below s4's 2/√5 ≈ 0.89.
    const whole = await createFlatTopK({
      embedder: keywordEmbedder(),
      units: unitsFromSessions([S4, long]),
      k: 1,
    });
    expect((await whole.retrieve('tea')).items[0]?.id).toBe('s4');
    // Chunked: the "assistant: tea" chunk scores 1, and the whole session is returned.
    const units = [...unitsFromSessions([S4]), ...unitsFromSessions([long], { maxChunkTokens: 6 })];
    expect(units[1]?.chunks).toHaveLength(2);
    const chunked = await createFlatTopK({ embedder: keywordEmbedder(), units, k: 1 });
    const top = (await chunked.retrieve('tea')).items[0];
    expect(top).toMatchObject({ id: 's5', sessionIds: ['s5'] });
    expect(top?.score).toBeCloseTo(1, 6);
    expect(top?.text).toContain('coffee coffee');
  });

  it('honours an aborted signal while building and while retrieving', async () => {
    const embedder = keywordEmbedder();
    const units = unitsFromFacts(FACTS);
    await expect(
      createFlatTopK({ embedder, units, k: 1, signal: abortedSignal() }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(embedder.calls).toEqual([]);
    const retriever = await createFlatTopK({ embedder, units, k: 1 });
    await expect(retriever.retrieve('dog', { signal: abortedSignal() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    await expect(
      retriever.retrieve('dog', { signal: abortedSignal('user left') }),
    ).rejects.toMatchObject({
      name: 'AbortError',
      cause: 'user left',
    });
  });

  it('rejects a bad k and an embedder that loses vectors', async () => {
    await expect(createFlatTopK({ embedder: keywordEmbedder(), units: [], k: 0 })).rejects.toThrow(
      RangeError,
    );
    const lossy = { ...keywordEmbedder(), embed: async () => [] };
    await expect(
      createFlatTopK({ embedder: lossy, units: unitsFromFacts(FACTS), k: 1 }),
    ).rejects.toThrow(EmbeddingCountError);
  });

  it('retrieves nothing from an empty corpus', async () => {
    const retriever = await createFlatTopK({ embedder: keywordEmbedder(), units: [], k: 3 });
    const result = await retriever.retrieve('dog');
    expect(result.items).toEqual([]);
    expect(result.contextTokens).toBe(0);
    expect(result.events).toEqual([{ type: 'done', selected: 0, calls: 0, tokens: 0 }]);
  });
});
