import { describe, expect, it } from 'vitest';
import { extractTaskMemory } from './extractive.ts';
import { dinnerSession, songSession } from './fixtures.test-support.ts';
import { InvalidAlphaError, pruneToAnswers, rankedSessions, rerank, topQa } from './rerank.ts';
import type { ActivatedUnit } from './types.ts';

const song = extractTaskMemory(songSession);
const dinner = extractTaskMemory(dinnerSession);
const activated: ActivatedUnit[] = [
  { unit: dinner, score: 0.9 },
  { unit: song, score: 0.5 },
];
const songQa = song.qa[0]?.id ?? '';

describe('re-ranking α·retrieval + (1−α)·judge', () => {
  it('scales retrieval to [0, 1] and mixes it with the judge (default α = 0.5)', () => {
    const ranked = rerank(activated, new Map([[songQa, { score: 1 }]]));
    // A tie (0.5 each) keeps the activation order: the dinner unit's first pair, then the song's.
    expect(ranked[0]).toMatchObject({ unitId: 'p/S2', retrieval: 1, judge: 0, score: 0.5 });
    expect(ranked.find((r) => r.qa.id === songQa)).toMatchObject({
      retrieval: 0,
      judge: 1,
      score: 0.5,
    });
    expect(ranked).toHaveLength(song.qa.length + dinner.qa.length);
  });

  it('follows α and the raw scores when asked', () => {
    const verdicts = new Map([[songQa, { score: 1, answers: 'q?' }]]);
    expect(rerank(activated, verdicts, { alpha: 1 })[0]?.unitId).toBe('p/S2');
    const judgeOnly = rerank(activated, verdicts, { alpha: 0 });
    expect(judgeOnly[0]).toMatchObject({ unitId: 'p/S1', answers: 'q?' });
    const raw = rerank(activated, verdicts, { alpha: 1, scaleRetrieval: false });
    expect(raw[0]?.score).toBeCloseTo(0.9);
  });

  it('rejects α outside [0, 1] with a readable message', () => {
    expect(() => rerank(activated, new Map(), { alpha: 1.5 })).toThrow(InvalidAlphaError);
    expect(() => rerank(activated, new Map(), { alpha: Number.NaN })).toThrow(/between 0 and 1/);
  });

  it('keeps the top pairs, prunes them to distinct core answers, and ranks sessions', () => {
    const ranked = rerank(activated, new Map([[songQa, { score: 1 }]]), { alpha: 0.2 });
    const kept = topQa(ranked, 2);
    expect(kept).toHaveLength(2);
    expect(pruneToAnswers([...kept, ...kept])).toEqual(kept.map((k) => k.qa.answer));
    expect(rankedSessions(ranked, activated)).toEqual(['p/S1', 'p/S2']);
    expect(rankedSessions([], activated)).toEqual(['p/S2', 'p/S1']);
    expect(rerank([{ unit: song, score: 0.3 }], new Map())[0]?.retrieval).toBe(1);
  });
});
