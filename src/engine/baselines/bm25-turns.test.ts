import { describe, expect, it } from 'vitest';
import { standardise } from '../scores.ts';
import { asSessionId, asTurnId, type Session } from '../types.ts';
import { createBm25Index } from './bm25.ts';
import { createBm25TurnsRetriever, InvalidSessionWeightError } from './bm25-turns.ts';
import { createBaseline } from './index.ts';
import { abortedSignal, SESSIONS } from './test-corpus.test-support.ts';
import { sessionText, turnLine } from './session-text.ts';

const session = (id: string, texts: readonly string[]): Session => ({
  id: asSessionId(id),
  turns: texts.map((text, i) => ({ id: asTurnId(`${id}-t${i + 1}`), speaker: 'user', text })),
});

/**
 * s1 names the bakery twice in small talk; s2 has the one turn that says "sourdough bakery";
 * s3 never says either word.
 */
const BAKING = [
  session('s1', ['The bakery smelled great.', 'Another bakery opened.', 'Weather was grey.']),
  session('s2', ['I bought sourdough at the bakery.', 'Then I went home.']),
  session('s3', ['We walked the dog.']),
];

describe('bm25-turns baseline', () => {
  it('ranks single turns by BM25 and takes them until they span k sessions', async () => {
    const retriever = createBm25TurnsRetriever({ sessions: BAKING, k: 2 });
    const result = await retriever.retrieve('sourdough bakery');
    const turns = BAKING.flatMap((s) => s.turns);
    const scores = createBm25Index(turns.map(turnLine)).scores('sourdough bakery');
    const expected = turns
      .map((t, i) => ({ id: t.id, s: scores[i] ?? 0 }))
      .filter((t) => t.s > 0)
      .sort((a, b) => b.s - a.s);
    // Both sessions are spanned after the second turn: s3 shares no word and is never retrieved.
    expect(result.items.map((i) => i.id)).toEqual([
      `s2#${expected[0]?.id}`,
      `s1#${expected[1]?.id}`,
    ]);
    expect(result.items.map((i) => i.score)).toEqual([expected[0]?.s, expected[1]?.s]);
    expect(result.items[0]).toMatchObject({
      text: 'user: I bought sourdough at the bakery.',
      sessionIds: ['s2'],
    });
    expect(result.llmCalls).toBe(0);
  });

  it("interpolates a turn's z-score with its session's, half and half", async () => {
    const retriever = createBm25TurnsRetriever({ sessions: BAKING, k: 3, sessionWeight: 0.5 });
    const result = await retriever.retrieve('bakery');
    const turns = BAKING.flatMap((s) => s.turns.map((t) => ({ t, s: s.id })));
    const own = createBm25Index(turns.map(({ t }) => turnLine(t))).scores('bakery');
    const ownZ = standardise(own);
    const sessionZ = standardise(createBm25Index(BAKING.map(sessionText)).scores('bakery'));
    const expected = turns
      .map(({ t, s }, i) => ({
        id: `${s}#${t.id}`,
        own: own[i] ?? 0,
        score: 0.5 * (ownZ[i] ?? 0) + 0.5 * (sessionZ[BAKING.findIndex((x) => x.id === s)] ?? 0),
      }))
      .filter((t) => t.own > 0)
      .sort((a, b) => b.score - a.score);
    expect(result.items.map((i) => i.id)).toEqual(expected.map((e) => e.id));
    result.items.forEach((item, i) => expect(item.score).toBeCloseTo(expected[i]?.score ?? NaN));
    // s1 says "bakery" twice: its turns rise above s2's single one.
    expect(result.items[0]?.sessionIds).toEqual(['s1']);
  });

  it('is built by name, checks its weight and honours an aborted signal', async () => {
    const plain = await createBaseline('bm25-turns', { sessions: SESSIONS, k: 1 });
    expect((await plain.retrieve('marathon')).items.map((i) => i.sessionIds)).toEqual([['s2']]);
    const mixed = await createBaseline('bm25-turns-sessions', { sessions: SESSIONS, k: 2 });
    expect(mixed.name).toBe('bm25-turns-sessions');
    expect(() => createBm25TurnsRetriever({ sessions: SESSIONS, k: 1, sessionWeight: 2 })).toThrow(
      InvalidSessionWeightError,
    );
    await expect(plain.retrieve('dog', { signal: abortedSignal() })).rejects.toThrow();
  });
});
