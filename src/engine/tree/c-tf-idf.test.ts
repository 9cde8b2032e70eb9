import { describe, expect, it } from 'vitest';
import { classCounts, classTfIdf, classWeights, pickKeywords } from './c-tf-idf.ts';

const exactly = (n: number) => ({ min: n, max: n, coverage: 1 });

describe('c-TF-IDF', () => {
  it('weighs tf (L1 per class) by log(1 + A / f_t), A the mean words per class', () => {
    const [bread, hike] = classTfIdf([
      [
        ['flour', 'bread'],
        ['flour', 'oven'],
      ],
      [
        ['trail', 'boots'],
        ['trail', 'bread'],
      ],
    ]);
    // A = 4; f(flour) = 2, f(bread) = 2 (one in each class), tf(flour, bread) = 2/4.
    expect(bread?.get('flour')).toBeCloseTo(0.5 * Math.log(1 + 4 / 2), 12);
    expect(bread?.get('oven')).toBeCloseTo(0.25 * Math.log(1 + 4 / 1), 12);
    expect(bread?.get('bread')).toBeCloseTo(0.25 * Math.log(1 + 4 / 2), 12);
    expect(hike?.get('trail')).toBe(bread?.get('flour'));
  });

  it('picks terms that mark the class and name many of its documents', () => {
    const docs = [
      ['sourdough', 'flour', 'weekend'],
      ['sourdough', 'loaves', 'neighbours'],
      ['flour', 'loaves', 'rye'],
      ['sourdough', 'starter'],
    ];
    const [weights] = classTfIdf([
      docs,
      [
        ['trail', 'weekend'],
        ['boots', 'trail'],
      ],
    ]);
    expect(pickKeywords(weights!, docs, exactly(3))).toEqual(['sourdough', 'flour', 'loaves']);
  });

  it('adds keywords past the minimum only while they name too few documents', () => {
    const docs = [['alpha'], ['beta'], ['gamma'], ['delta'], ['epsilon']];
    const [weights] = classTfIdf([docs]);
    const count = { min: 2, max: 4, coverage: 0.8 };
    expect(pickKeywords(weights!, docs, count)).toEqual(['alpha', 'beta', 'gamma', 'delta']);
    const shared = [['alpha', 'beta'], ['alpha'], ['alpha', 'gamma'], ['beta']];
    const [w2] = classTfIdf([shared]);
    expect(pickKeywords(w2!, shared, count)).toEqual(['alpha', 'beta']);
  });

  it('skips a second form of a chosen word and breaks ties by the first document', () => {
    const docs = [['walks', 'dog'], ['walk', 'dog'], ['cat']];
    const [weights] = classTfIdf([docs]);
    const picked = pickKeywords(weights!, docs, exactly(3));
    expect(picked[0]).toBe('dog');
    expect(picked).toContain('walks');
    expect(picked).not.toContain('walk');
  });
});

describe('classWeights', () => {
  it('of one class, against counts kept over every class, are its classTfIdf weights', () => {
    const classes = [
      [
        ['garden', 'tomato'],
        ['tomato', 'seed', 'tomato'],
      ],
      [
        ['marathon', 'knee'],
        ['knee', 'ice'],
      ],
      [['cello', 'lesson'], ['tomato']],
    ];
    const across = new Map<string, number>();
    let words = 0;
    for (const docs of classes)
      for (const doc of docs)
        for (const term of doc) {
          across.set(term, (across.get(term) ?? 0) + 1);
          words++;
        }
    const all = classTfIdf(classes);
    classes.forEach((docs, i) => {
      const one = classWeights(classCounts(docs), across, words / classes.length);
      expect([...one]).toEqual([...all[i]!]);
    });
  });
});
