import { describe, expect, it } from 'vitest';
import type { TraversalEvent } from '../retrieval.ts';
import { approximateTokenizer } from '../tokens.ts';
import { createRng } from '../rng.ts';
import { asSessionId } from '../types.ts';
import { createBm25Index, createBm25Retriever } from './bm25.ts';
import { bm25Stems, bm25Terms, countTermsAhead } from './bm25-terms.ts';
import type { UnitSource } from './flat-topk.ts';
import { unitsFromFacts, unitsFromSessions } from './flat-topk.ts';
import { abortedSignal, FACTS, SESSIONS } from './test-corpus.test-support.ts';

// d1: apple banana apple (|d| = 3), d2: banana cherry (2), d3: cherry cherry cherry date (4).
// N = 3, avgdl = 3. Stop words ("the", "and", "a") do not count towards lengths.
const TEXTS = ['The apple, banana and apple.', 'A banana; cherry!', 'cherry CHERRY cherry date'];
const units: UnitSource[] = TEXTS.map((text, i) => ({
  id: `d${i + 1}`,
  text,
  sessionIds: [asSessionId(`s${i + 1}`)],
}));

describe('bm25Terms', () => {
  it('lower-cases, splits on non-word characters and drops stop words', () => {
    expect(bm25Terms("The user's Dog, and I: 42 walks!")).toEqual(['user', 'dog', '42', 'walks']);
    expect(bm25Terms('the and of')).toEqual([]);
  });
});

describe('bm25Terms on plain ASCII and on any text', () => {
  it('splits ASCII text exactly as the Unicode letters-and-digits pattern does', () => {
    const unicode = (t: string) =>
      (t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !['it', 's'].includes(w));
    const text = "It's 2024-01-02: my e-mail x_y, A.B and C3PO's ~ranked #1 (really)!";
    expect(bm25Terms(text)).toEqual(unicode(text).filter((w) => bm25Terms(w).length > 0));
    expect(bm25Terms('Café in Zürich, 3 Ω')).toEqual(['café', 'zürich', '3', 'ω']);
  });

  it('counts a text the same when its counts are kept (the second index reuses them)', () => {
    const texts = ['I bake sourdough loaves', 'Sourdough needs a starter', 'I run'];
    const first = createBm25Index(texts);
    const second = createBm25Index([...texts, 'A new loaf of sourdough']);
    expect(second.scores('sourdough loaves').slice(0, 3)).not.toEqual([0, 0, 0]);
    expect(first.scores('sourdough')).toEqual(createBm25Index(texts).scores('sourdough'));
  });
});

describe('stemming (the stemmer package, Porter)', () => {
  it('matches a word by its stem: "live" finds "lives" and "living"', () => {
    expect(bm25Stems('She lives in Lisbon, living well')).toEqual([
      'live',
      'lisbon',
      'live',
      'well',
    ]);
    const index = createBm25Index(['My sister lives in Lisbon.', 'I am allergic to peanuts.']);
    const [lisbon, peanuts] = index.scores('Where do I live now?');
    expect(lisbon).toBeGreaterThan(0);
    expect(peanuts).toBe(0);
    expect(index.idf('living')).toBe(index.idf('lives'));
  });

  it('stem: false matches the words as written', () => {
    const index = createBm25Index(['My sister lives in Lisbon.'], { stem: false });
    expect(index.scores('Where do I live now?')).toEqual([0]);
  });
});

describe('matchedShare', () => {
  it("is the idf share of the query's known terms that a document holds", () => {
    const index = createBm25Index(TEXTS);
    // "kiwi" occurs nowhere and does not count; "apple" (d1 only) and "cherry" (d2, d3) do.
    const apple = index.idf('apple');
    const cherry = index.idf('cherry');
    expect(index.matchedShare('apple cherry kiwi', 0)).toBeCloseTo(apple / (apple + cherry), 12);
    expect(index.matchedShare('apple cherry kiwi', 2)).toBeCloseTo(cherry / (apple + cherry), 12);
    expect(index.matchedShare('kiwi', 0)).toBe(0);
  });
});

describe('createBm25Index (hand-computed)', () => {
  const index = createBm25Index(TEXTS);

  it('uses Lucene idf = ln(1 + (N − n + 0.5)/(n + 0.5))', () => {
    expect(index.size).toBe(3);
    expect(index.averageLength).toBe(3);
    expect(index.idf('apple')).toBeCloseTo(Math.log(1 + 2.5 / 1.5), 12); // 0.980829
    expect(index.idf('apple')).toBeCloseTo(0.980829, 6);
    expect(index.idf('cherry')).toBeCloseTo(Math.log(1.6), 12); // 0.470004
    expect(index.idf('unseen')).toBeCloseTo(Math.log(1 + 3.5 / 0.5), 12);
    // A stop word is in no document either (it is never counted), in either dictionary.
    expect(index.idf('The')).toBe(index.idf('unseen'));
    expect(createBm25Index(TEXTS, { stem: false }).idf('the')).toBe(index.idf('unseen'));
  });

  it('answers the same after later texts brought terms it has never seen', () => {
    const before = { scores: index.scores('apple cherry zucchini'), idf: index.idf('zucchini') };
    const later = createBm25Index(['zucchini and quinoa', 'more zucchini']);
    expect(later.idf('zucchini')).toBeLessThan(before.idf);
    expect(index.scores('apple cherry zucchini')).toEqual(before.scores);
    expect(index.idf('zucchini')).toBe(before.idf);
    expect(index.matchedShare('apple zucchini', 0)).toBe(1);
  });

  it('scores with k1 = 1.2, b = 0.75', () => {
    // "apple cherry":
    // d1: apple tf 2, |d|/avgdl = 1  → 0.980829 · 2·2.2 / (2 + 1.2·1)    = 1.348640
    // d2: cherry tf 1, norm 0.25 + 0.75·2/3 = 0.75 → 0.470004 · 2.2 / (1 + 0.9) = 0.544215
    // d3: cherry tf 3, norm 0.25 + 0.75·4/3 = 1.25 → 0.470004 · 6.6 / (3 + 1.5) = 0.689339
    const [d1, d2, d3] = index.scores('apple cherry');
    expect(d1).toBeCloseTo(1.34864, 5);
    expect(d2).toBeCloseTo(0.544215, 5);
    expect(d3).toBeCloseTo(0.689339, 5);
  });

  it('counts a repeated query term once and ignores stop words in the query', () => {
    expect(index.scores('the apple and the cherry cherry')).toEqual(index.scores('apple cherry'));
  });

  it('honours custom k1 and b', () => {
    // b = 0: no length normalisation; k1 = 1: d3 cherry = 0.470004 · 3·2 / (3 + 1) = 0.705005
    const [, , d3] = createBm25Index(TEXTS, { k1: 1, b: 0 }).scores('cherry');
    expect(d3).toBeCloseTo(0.705005, 5);
  });

  it('copes with an empty corpus', () => {
    expect(createBm25Index([]).scores('apple')).toEqual([]);
  });

  it('gives every document the score the formula gives it, to the last bit (a pass over each)', () => {
    const rng = createRng(9);
    const words = ['apple', 'banana', 'cherry', 'date', 'elder', 'fig', 'grape', 'living', 'lives'];
    const pick = (n: number) =>
      Array.from({ length: n }, () => words[Math.floor(rng.next() * words.length)]).join(' ');
    const texts = Array.from({ length: 200 }, () => pick(1 + Math.floor(rng.next() * 12)));
    const corpus = createBm25Index(texts);
    const k1 = 1.2;
    const b = 0.75;
    const docs = texts.map((t) => bm25Stems(t));
    const avg = docs.reduce((sum, d) => sum + d.length, 0) / docs.length;
    for (const query of ['apple fig', 'living lives grape', 'zebra', 'cherry cherry date elder']) {
      const terms = [...new Set(bm25Stems(query))];
      const reference = docs.map((doc) => {
        const norm = 1 - b + (b * doc.length) / avg;
        let score = 0;
        for (const term of terms) {
          const f = doc.filter((t) => t === term).length;
          if (f > 0) score += (corpus.idf(term) * f * (k1 + 1)) / (f + k1 * norm);
        }
        return score;
      });
      expect(corpus.scores(query)).toEqual(reference);
    }
  });
});

describe('createBm25Retriever', () => {
  it('returns the top k by score, leaving out units with no shared term', async () => {
    const retriever = createBm25Retriever({ units, k: 10 });
    const result = await retriever.retrieve('banana apple');
    // d1: 1.348640 + 0.470004 (banana, tf 1, norm 1: 0.470004·2.2/2.2) = 1.818644; d2: 0.544215; d3: 0.
    expect(result.items.map((i) => i.id)).toEqual(['d1', 'd2']);
    expect(result.items[0]?.score).toBeCloseTo(1.818644, 5);
    expect(result.items[1]).toMatchObject({ sessionIds: ['s2'] });
    const top1 = await createBm25Retriever({ units, k: 1 }).retrieve('apple cherry');
    expect(top1.items.map((i) => i.id)).toEqual(['d1']);
  });

  it('ranks sessions and maps facts, with tokens and events', async () => {
    const sessions = createBm25Retriever({ units: unitsFromSessions(SESSIONS), k: 2 });
    const events: TraversalEvent[] = [];
    const r = await sessions.retrieve('Is my dog afraid of rain?', {
      onEvent: (e) => events.push(e),
    });
    expect(r.items.map((i) => i.id)).toEqual(['s3', 's1']);
    expect(r.contextTokens).toBe(
      r.items.reduce((n, i) => n + approximateTokenizer.count(i.text), 0),
    );
    expect(r.llmCalls).toBe(0);
    expect(events).toEqual(r.events);
    expect(events.map((e) => e.type)).toEqual(['select', 'select', 'done']);

    const facts = createBm25Retriever({ units: unitsFromFacts(FACTS), k: 1 });
    const f = await facts.retrieve('rain');
    expect(f.items[0]).toMatchObject({ id: 'f3', sessionIds: ['s3', 's1'], factIds: ['f3'] });
    expect(f.events[0]).toEqual({ type: 'select', node: 'f3', level: 0, factId: 'f3' });
  });

  it('retrieves nothing for a query of stop words', async () => {
    const r = await createBm25Retriever({ units, k: 3 }).retrieve('what is the');
    expect(r.items).toEqual([]);
    expect(r.events).toEqual([{ type: 'done', selected: 0, calls: 0, tokens: 0 }]);
  });

  it('rejects an aborted signal and a bad k', async () => {
    const retriever = createBm25Retriever({ units, k: 1 });
    await expect(retriever.retrieve('apple', { signal: abortedSignal() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(() => createBm25Retriever({ units, k: 0 })).toThrow(RangeError);
  });
});

describe('countTermsAhead', () => {
  it('counts ahead with a pause after every text, and the index built later scores the same', async () => {
    const texts = ['Counted ahead: pears, plums and pears.', 'Plums again, and a quince.'];
    const fresh = createBm25Index([...texts, 'unrelated words']).scores('pears quince');
    let pauses = 0;
    await countTermsAhead(texts, async () => void pauses++);
    expect(pauses).toBe(texts.length);
    expect(createBm25Index([...texts, 'unrelated words']).scores('pears quince')).toEqual(fresh);
  });
});
