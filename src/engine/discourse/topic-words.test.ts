import { describe, expect, it } from 'vitest';
import { stemCounts, stemIdf, topicStems, wordOverlap } from './topic-words.ts';

describe('topicStems', () => {
  it('keeps content words, Porter-stemmed, and numbers as written', () => {
    expect([...topicStems('Where does my sister live?')].sort()).toEqual(['live', 'sister']);
    expect(topicStems('my sisters')).toEqual(topicStems('my sister'));
    expect(topicStems('the final configuration')).toEqual(topicStems('configure it finally'));
    expect(topicStems('16 GB of RAM for 10,000 yuan')).toEqual(
      new Set(['16gb', 'ram', '10000', 'yuan']),
    );
  });

  it('holds nothing for a turn of stop and filler words', () => {
    expect(topicStems('Okay, and then what?').size).toBe(0);
  });
});

describe('wordOverlap', () => {
  const rounds = [
    topicStems('My sister moved to Lisbon.'),
    topicStems('I want to buy a laptop with 16GB.'),
    topicStems('Which laptop has the best screen?'),
  ];
  const counts = stemCounts(rounds);

  it('is the idf-weighted share of the query words the topic holds', () => {
    const query = topicStems('Where does my sister live?');
    // "sister" is in the topic; "live" was never said: it counts as a word said once.
    expect(wordOverlap(query, rounds[0] as Set<string>, counts)).toBeCloseTo(0.5);
    expect(wordOverlap(query, rounds[1] as Set<string>, counts)).toBe(0);
    // "laptop" (two rounds) and "sister" (one): the sister topic holds the weightier share.
    const both = topicStems('my sister and the laptop');
    const sister = wordOverlap(both, rounds[0] as Set<string>, counts);
    const laptop = wordOverlap(both, rounds[1] as Set<string>, counts);
    expect(sister).toBeGreaterThan(laptop);
    expect(sister + laptop).toBeCloseTo(1);
    expect(stemIdf('never-said', counts)).toBe(stemIdf('sister', counts));
  });

  it('weighs a word one round holds above a word many rounds repeat', () => {
    expect(stemIdf('sister', counts)).toBeGreaterThan(stemIdf('laptop', counts));
    const topic = new Set([...(rounds[1] as Set<string>)]);
    const rare = wordOverlap(topicStems('laptop sister'), new Set(['sister']), counts);
    const common = wordOverlap(topicStems('laptop sister'), topic, counts);
    expect(rare).toBeGreaterThan(common);
  });

  it('is 0 for a query without content words, or without a word the topic holds', () => {
    expect(wordOverlap(new Set(), rounds[0] as Set<string>, counts)).toBe(0);
    expect(wordOverlap(topicStems('knitting wool'), rounds[0] as Set<string>, counts)).toBe(0);
  });
});
