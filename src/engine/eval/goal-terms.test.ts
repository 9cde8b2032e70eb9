import { describe, expect, it } from 'vitest';
import { goalCoverage, goalKeyTerms, parseGoals } from './goal-terms.ts';

const laptop =
  'Does the recommendation include (1)a laptop with a budget of 9000 yuan, (2)16GB RAM, (3)1TB SSD, (4)1080p screen, (5) with an HDMI port and (6)at least two USB-A ports?';

describe('parseGoals', () => {
  it('splits numbered goals, whatever the spacing', () => {
    expect(parseGoals(laptop)).toEqual([
      'a laptop with a budget of 9000 yuan',
      '16GB RAM',
      '1TB SSD',
      '1080p screen',
      'with an HDMI port',
      'at least two USB-A ports',
    ]);
    expect(
      parseGoals(
        'Does the final code include (1)handling the discount column (but not NaNs),(2) applying a 5% discount, and (3)filtering for total > 1000? ',
      ),
    ).toEqual([
      'handling the discount column (but not NaNs)',
      'applying a 5% discount',
      'filtering for total > 1000',
    ]);
  });

  it('splits an unnumbered list after a colon on commas and "and"', () => {
    expect(
      parseGoals(
        'Does the final code include the following 3 points: arithmetic operations, a clear button, and a history (last 3 calculations)?',
      ),
    ).toEqual(['arithmetic operations', 'a clear button', 'a history (last 3 calculations)']);
  });
});

describe('goalKeyTerms', () => {
  it('separates numbers, named items and content words', () => {
    expect(goalKeyTerms('a laptop with a budget of 9000 yuan')).toEqual({
      goal: 'a laptop with a budget of 9000 yuan',
      numbers: ['9000'],
      named: [],
      words: ['laptop', 'budget', 'yuan'],
    });
    expect(goalKeyTerms('at least two USB-A ports')).toMatchObject({
      named: ['usb-a'],
      words: ['least', 'two', 'port'],
    });
    expect(goalKeyTerms('an 18-month plan for 30,000 yuan')).toMatchObject({
      numbers: ['18', '30000'],
      words: ['month', 'plan', 'yuan'],
    });
  });
});

describe('goalCoverage', () => {
  const goals = parseGoals(laptop).map(goalKeyTerms);

  it('needs every number and named item and half of the other words', () => {
    const context =
      'Go back to a 9,000 yuan budget. 16 GB of RAM. A 1TB SSD. The screen can be 1080p, with an HDMI port and two USB A ports at least.';
    expect(goalCoverage(goals, context)).toEqual({ covered: 6, total: 6, missed: [] });
    const partial = goalCoverage(goals, 'A laptop budget of 10,000 yuan, 16GB RAM, 512GB SSD.');
    expect(partial.covered).toBe(1);
    expect(partial.missed).toContain('a laptop with a budget of 9000 yuan');
  });

  it('does not match a number inside a longer one', () => {
    const [budget] = parseGoals('(1) a budget of 100 yuan').map(goalKeyTerms);
    expect(budget && goalCoverage([budget], 'a budget of 1000 yuan').covered).toBe(0);
    expect(budget && goalCoverage([budget], 'a budget of 100 yuan').covered).toBe(1);
  });
});
