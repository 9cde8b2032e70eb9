import { describe, expect, it } from 'vitest';
import { extractiveSummary, type SummaryBudget } from './extractive-summary.ts';

const budget = (share: number, questionShare = 1): SummaryBudget => ({
  share,
  questionShare,
  minWords: 1,
  maxWords: 30,
});

describe('extractiveSummary', () => {
  it('drops a role-play preamble and filler, keeps numbers and named items', () => {
    expect(
      extractiveSummary(
        'Assume you are an electronics purchasing agent. Please recommend a laptop with a budget of 8000 yuan, at least 16GB of RAM, and a 512GB SSD.',
      ),
    ).toBe('laptop budget 8000 yuan least 16GB RAM 512GB SSD.');
  });

  it('keeps numbers and named items past the word budget, and negations', () => {
    expect(
      extractiveSummary(
        'Do not add the case. Remove the charger and add two cables for the iPhone 15 Pro.',
        '',
        budget(0.4),
      ),
    ).toBe('remove charger two cables iPhone 15 Pro.');
    expect(extractiveSummary("I don't want the roaming package.", '')).toBe(
      "don't roaming package.",
    );
  });

  it('keeps each word once and every number of a refinement', () => {
    expect(
      extractiveSummary(
        "Forget it, let's go back to a 9000 yuan budget, 10,000 is a bit over budget. Also, no 512GB SSD, I need 1TB.",
      ),
    ).toBe('forget go back 9000 yuan budget 10000; no 512GB SSD 1TB.');
  });

  it('keeps the numbers and named items of sentences past the budget', () => {
    expect(
      extractiveSummary(
        'Book the Hilton in Paris near the Louvre museum. Make it 3 nights.',
        '',
        budget(0.3),
      ),
    ).toBe('book Hilton Paris Louvre; 3.');
  });

  it('scales the budget with what the round says', () => {
    const short = extractiveSummary('Lower the RAM requirement to 8GB.', '', budget(0.5));
    const long = extractiveSummary(
      'Lower the RAM requirement to 8GB, and make the screen brighter, lighter and matte with a metal chassis.',
      '',
      budget(0.5),
    );
    expect(short).toBe('lower RAM 8GB.');
    expect(long.split(' ').length).toBeGreaterThan(short.split(' ').length + 2);
  });

  it('gives a round that only asks questions its share of the budget', () => {
    const question =
      'What is the difference between a mechanical keyboard and a membrane keyboard for programming?';
    expect(extractiveSummary(question, '', budget(1, 0.5))).toBe('mechanical keyboard membrane.');
    expect(
      extractiveSummary(
        question.replace('What is', 'Compare').replace('?', '.'),
        '',
        budget(1, 0.5),
      ),
    ).toBe('compare difference mechanical keyboard membrane programming.');
  });

  it('falls back to the reply, then to a marker, when the user said nothing usable', () => {
    expect(extractiveSummary('ok', 'The 5G plan costs 199 yuan.')).toBe(
      'Assistant: 5G plan costs 199.',
    );
    expect(extractiveSummary('', '')).toBe('(no content).');
  });
});
