import { describe, expect, it } from 'vitest';
import { discourseSettings, summaryBudget } from './settings.ts';

describe('discourseSettings', () => {
  it('rejects summary shares outside (0, 1]', () => {
    expect(() => discourseSettings({ summaryShare: 0 })).toThrow(/summaryShare/);
    expect(() => discourseSettings({ questionShare: 1.5 })).toThrow(/questionShare/);
  });

  it('rejects a topic floor above the ceiling, and fewer than one topic choice', () => {
    expect(() => discourseSettings({ topicFloor: 0.9, topicCeiling: 0.8 })).toThrow(/topicFloor/);
    expect(() => discourseSettings({ topicChoices: 0 })).toThrow(/topicChoices/);
  });

  it('hands the summary shares to the extractive budget', () => {
    const budget = summaryBudget(discourseSettings({ summaryShare: 0.5, questionShare: 0.25 }));
    expect(budget).toMatchObject({ share: 0.5, questionShare: 0.25 });
  });
});
