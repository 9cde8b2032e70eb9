import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.ts';

describe('splitSentences', () => {
  it('splits on terminal punctuation and line breaks', () => {
    expect(splitSentences('I live in Oslo. I love tea! Do you?\n- I run daily\n2) I swim')).toEqual(
      ['I live in Oslo.', 'I love tea!', 'Do you?', 'I run daily', 'I swim'],
    );
  });

  it('keeps abbreviations, initials and decimals inside a sentence', () => {
    expect(
      splitSentences(
        'Dr. Smith said e.g. rest. I read J. R. R. Tolkien at 3.5 hours a day... then slept.',
      ),
    ).toEqual([
      'Dr. Smith said e.g. rest.',
      'I read J. R. R. Tolkien at 3.5 hours a day...',
      'then slept.',
    ]);
  });

  it('handles quotes after the stop and lower-case chat', () => {
    expect(splitSentences('she said "go." i went. ok')).toEqual([
      'she said "go."',
      'i went.',
      'ok',
    ]);
    expect(splitSentences('  \n ')).toEqual([]);
  });
});
