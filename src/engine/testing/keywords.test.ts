import { describe, expect, it } from 'vitest';
import { contentWords, keywords, sharedKeywords, stem, tokenize } from './keywords.ts';
import { isFirstPerson, thirdPersonVerb, toThirdPerson } from './third-person.ts';

describe('keywords', () => {
  it('tokenises, drops stop words and stems variants together', () => {
    expect(tokenize("I'm Rex's owner")).toEqual(['im', 'rex', 'owner']);
    expect(contentWords('The user really loves hiking in Oslo')).toEqual([
      'loves',
      'hiking',
      'oslo',
    ]);
    for (const group of [
      ['hike', 'hikes', 'hiking', 'hiked'],
      ['run', 'runs', 'running'],
      ['study', 'studies', 'studied', 'studying'],
      ['love', 'loves', 'loved', 'loving'],
      ['box', 'boxes'],
    ]) {
      expect(new Set(group.map(stem)).size).toBe(1);
    }
    expect(stem('glass')).toBe('glass');
    expect(keywords('Dogs and cats')).toEqual(['dog', 'cat']);
  });

  it('finds shared content words', () => {
    expect(sharedKeywords('The user hikes near Oslo.', 'Where should I go hiking?')).toEqual([
      'hik',
    ]);
    expect(sharedKeywords('The user likes tea.', 'What about the user?')).toEqual([]);
  });
});

describe('third person', () => {
  it('rewrites first-person sentences about the user', () => {
    expect(toThirdPerson('I love hiking in the mountains.')).toBe(
      'The user loves hiking in the mountains.',
    );
    expect(toThirdPerson('My dog is old')).toBe("The user's dog is old.");
    expect(toThirdPerson("I'm a nurse and I really enjoy it.")).toBe(
      'The user is a nurse and the user really enjoys it.',
    );
    expect(toThirdPerson("I've got two kids; they keep me busy.")).toBe(
      'The user has got two kids; they keep the user busy.',
    );
    expect(toThirdPerson("i don't eat meat.")).toBe("The user doesn't eat meat.");
    expect(toThirdPerson('I went to Rome last year.')).toBe('The user went to Rome last year.');
    expect(toThirdPerson('I study law.')).toBe('The user studies law.');
  });

  it('conjugates and detects the first person', () => {
    expect(['go', 'watch', 'play', 'try', 'have', 'can'].map(thirdPersonVerb)).toEqual([
      'goes',
      'watches',
      'plays',
      'tries',
      'has',
      'can',
    ]);
    expect(isFirstPerson('My cat')).toBe(true);
    expect(isFirstPerson("i'm tired")).toBe(true);
    expect(isFirstPerson('The weather is nice')).toBe(false);
  });
});
