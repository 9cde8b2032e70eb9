import { describe, expect, it } from 'vitest';
import { extractiveSummary } from './extractive-summary.ts';

describe('extractiveSummary', () => {
  it('drops a role-play preamble and filler, keeps numbers and named items', () => {
    expect(
      extractiveSummary(
        'Assume you are an electronics purchasing agent. Please recommend a laptop with a budget of 8000 yuan, at least 16GB of RAM, and a 512GB SSD.',
      ),
    ).toBe('recommend laptop budget 8000 yuan least 16GB RAM 512GB SSD.');
  });

  it('keeps numbers and named items past the word budget, and negations', () => {
    expect(
      extractiveSummary(
        'Do not add the case. Remove the charger and add two cables for the iPhone 15 Pro.',
        '',
        4,
      ),
    ).toBe('remove charger add two iPhone 15 Pro.');
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

  it('gives a round that only asks questions half the budget', () => {
    expect(
      extractiveSummary(
        'What is the difference between a mechanical keyboard and a membrane keyboard for programming?',
        '',
        8,
      ),
    ).toBe('difference mechanical keyboard membrane.');
  });

  it('falls back to the reply, then to a marker, when the user said nothing usable', () => {
    expect(extractiveSummary('ok', 'The 5G plan costs 199 yuan.')).toBe(
      'Assistant: 5G plan costs 199 yuan.',
    );
    expect(extractiveSummary('', '')).toBe('(no content).');
  });
});
