import { describe, expect, it } from 'vitest';
import type { RetrievedItem } from '../retrieval.ts';
import { asSessionId } from '../types.ts';
import { cosine } from '../vector.ts';
import { session } from '../facts/fixtures.test-support.ts';
import { buildMemory } from '../pipeline.ts';
import { HashEmbedder } from '../testing/index.ts';
import { sessionTexts, treeLexicon } from './lexicon.ts';
import { questionSignal, signalWeight, SIGNAL_HIGH, SIGNAL_LOW } from './lexical-signal.ts';
import { feedbackQuery } from './query-feedback.ts';
import { cutRankedSet, LEXICAL_SET_CUT, MEANING_SET_CUT, setCutFor } from './set-cut.ts';

const v = (...xs: number[]) => Float32Array.from(xs);

describe('signalWeight: words or meaning, per question', () => {
  it('is 1 (meaning alone) at a low signal, the tuned weight at a high one, linear between', () => {
    expect(signalWeight(0, 0.25)).toBe(1);
    expect(signalWeight(SIGNAL_LOW, 0.25)).toBe(1);
    expect(signalWeight(SIGNAL_HIGH, 0.25)).toBe(0.25);
    expect(signalWeight(1, 0.25)).toBe(0.25);
    const mid = (SIGNAL_LOW + SIGNAL_HIGH) / 2;
    expect(signalWeight(mid, 0.25)).toBeCloseTo(0.625, 12);
  });
});

describe('feedbackQuery (Rocchio in embedding space)', () => {
  it('moves the question towards the facts closest to it', () => {
    const query = v(1, 0, 0);
    const facts = [v(0.9, 0.4, 0), v(0.8, 0.6, 0), v(0, 0, 1)];
    const moved = feedbackQuery(query, facts, { facts: 2, weight: 0.5 });
    // A fact like the two closest ones, sharing little with the question itself, rises.
    const neighbour = v(0.3, 1, 0);
    expect(cosine(neighbour, moved)).toBeGreaterThan(cosine(neighbour, query));
    // The far fact was not read: it does not rise.
    expect(cosine(facts[2]!, moved)).toBeCloseTo(0, 6);
  });

  it('leaves a zero question, or no facts, as it is', () => {
    const zero = v(0, 0, 0);
    expect(feedbackQuery(zero, [v(1, 0, 0)])).toBe(zero);
    const q = v(1, 0, 0);
    expect(feedbackQuery(q, [])).toBe(q);
  });
});

const item = (id: string, sessions: string[], score: number): RetrievedItem => ({
  id,
  text: id,
  sessionIds: sessions.map(asSessionId),
  score,
});

describe('cutRankedSet: the set ends where relevance falls off', () => {
  it('a lexical question keeps the facts within the drop of the best one', () => {
    const items = [item('a', ['s1'], 4), item('b', ['s1'], 3.1), item('c', ['s2'], 1)];
    const cut = cutRankedSet(items, LEXICAL_SET_CUT);
    expect(cut.items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(cut.reason).toMatch(/relevance falls off/);
  });

  it('an outlying best fact does not end the set before facts that stand out on their own', () => {
    const items = [
      item('a', ['s1'], 3.8),
      item('b', ['s2'], 1.9),
      item('c', ['s3'], 1.5),
      item('d', ['s4'], 0.8),
    ];
    const cut = cutRankedSet(items, LEXICAL_SET_CUT);
    // c is 2.3 below the best but stands out (≥ 1.25); d does neither.
    expect(cut.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(cut.reason).toMatch(/relevance falls off/);
  });

  it('never spans more sessions than allowed, and always keeps the first item', () => {
    const items = ['s1', 's2', 's3', 's4', 's5', 's6'].map((s, i) => item(s, [s], 3 - i * 0.1));
    expect(cutRankedSet(items, LEXICAL_SET_CUT).items).toHaveLength(5);
    const one = [item('a', ['s1', 's2', 's3', 's4', 's5', 's6'], 1)];
    expect(cutRankedSet(one, LEXICAL_SET_CUT).items).toHaveLength(1);
  });

  it('a question steered by meaning keeps its five best facts', () => {
    const items = Array.from({ length: 8 }, (_, i) => item(`f${i}`, [`s${i}`], 1 - i * 0.01));
    const cut = cutRankedSet(items, MEANING_SET_CUT);
    expect(cut.items.map((i) => i.id)).toEqual(['f0', 'f1', 'f2', 'f3', 'f4']);
    expect(setCutFor(1)).toBe(MEANING_SET_CUT);
    expect(setCutFor(0.25)).toBe(LEXICAL_SET_CUT);
  });

  it('a set that ends on its own is returned whole, without a reason', () => {
    const items = [item('a', ['s1'], 2), item('b', ['s2'], 1.9)];
    expect(cutRankedSet(items, LEXICAL_SET_CUT)).toEqual({ items });
  });
});

describe('questionSignal: words that meaning agrees with', () => {
  it('is the best session word share when one of its facts is close by cosine, else less', async () => {
    const embedder = new HashEmbedder();
    const sessions = [
      session('s1', [['user', 'I keep two beehives behind the garden shed.']]),
      session('s2', [['user', 'My sister Ana works as a nurse in Lisbon.']]),
    ];
    const { tree } = await buildMemory(sessions, { embedder, seed: 1 });
    const lexicon = treeLexicon(tree, sessionTexts(sessions));
    const ask = async (q: string) =>
      questionSignal(tree, lexicon, q, (await embedder.embed([q]))[0]!);
    // Every word the memory knows is in s1: the share is 1, and s1's fact is the closest one.
    expect(await ask('beehives shed')).toBeCloseTo(1, 6);
    // No word of the question is known: nothing to steer by.
    expect(await ask('quantum chromodynamics')).toBe(0);
  });
});
