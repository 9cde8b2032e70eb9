import { describe, expect, it } from 'vitest';
import type { TraversalEvent } from '../retrieval.ts';
import { approximateTokenizer } from '../tokens.ts';
import { createLongContextRetriever, factsInSessionOrder } from './long-context.ts';
import {
  abortedSignal,
  EMPTY,
  F1,
  F2,
  F3,
  F4,
  FACTS,
  S1,
  S2,
  S3,
  S4,
  SESSIONS,
} from './test-corpus.test-support.ts';

describe('createLongContextRetriever', () => {
  it('returns every non-empty session, in the given order, whatever the query', async () => {
    const retriever = createLongContextRetriever({
      kind: 'sessions',
      sessions: [S1, EMPTY, S2, S3, S4],
    });
    expect(retriever.name).toBe('long-context');
    const events: TraversalEvent[] = [];
    const result = await retriever.retrieve('anything', { onEvent: (e) => events.push(e) });
    expect(result.items.map((i) => i.id)).toEqual(['s1', 's2', 's3', 's4']);
    expect(result.items[0]).toEqual({
      id: 's1',
      text: 'user: I adopted a dog named Rex last spring.\nassistant: Congratulations on Rex!',
      sessionIds: ['s1'],
    });
    expect(result.llmCalls).toBe(0);
    expect(result.judgeTokens).toBe(0);
    expect(result.contextTokens).toBe(
      result.items.reduce((n, i) => n + approximateTokenizer.count(i.text), 0),
    );
    expect(events).toEqual(result.events);
    expect(events.at(-1)).toEqual({ type: 'done', selected: 4, calls: 0, tokens: 0 });
  });

  it('returns every fact, in session order when one is given', async () => {
    const given = createLongContextRetriever({
      kind: 'facts',
      facts: FACTS,
      tokenizer: { count: () => 2 },
    });
    const r1 = await given.retrieve('q');
    expect(r1.items.map((i) => i.id)).toEqual(['f1', 'f2', 'f3', 'f4']);
    expect(r1.items[2]).toMatchObject({ sessionIds: ['s3', 's1'], factIds: ['f3'] });
    expect(r1.contextTokens).toBe(8);
    expect(r1.events[0]).toEqual({ type: 'select', node: 'f1', level: 0, factId: 'f1' });

    const ordered = createLongContextRetriever({
      kind: 'facts',
      facts: [F4, F2, F1, F3],
      sessionOrder: SESSIONS.map((s) => s.id),
    });
    // f1 (s1) and f3 (s3, s1) both start at s1: they keep their given order (f1 before f3).
    expect((await ordered.retrieve('q')).items.map((i) => i.id)).toEqual(['f1', 'f3', 'f2', 'f4']);
  });

  it('rejects an aborted signal', async () => {
    const retriever = createLongContextRetriever({ kind: 'sessions', sessions: SESSIONS });
    await expect(retriever.retrieve('q', { signal: abortedSignal() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('factsInSessionOrder', () => {
  it('puts facts from unlisted sessions last, stably', () => {
    expect(factsInSessionOrder([F4, F1, F2], [S2.id, S1.id]).map((f) => f.id)).toEqual([
      'f2',
      'f1',
      'f4',
    ]);
  });
});
