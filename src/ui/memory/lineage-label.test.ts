import { describe, expect, it } from 'vitest';
import type { LineageStep } from '../../storage/fact-lifetime-view.ts';
import { chainLine, datesLine, saidOn, stepValue } from './lineage-label.ts';

const step = (text: string, validFrom: string, validTo: string | null): LineageStep => ({
  id: text,
  text,
  validFrom,
  validTo,
  replaced: validTo !== null,
  sessionId: 's1',
  sessionTime: '2024-04-10T10:00:00Z',
  conversationId: 'c1',
});

describe('lineage labels', () => {
  it('names a step by the value it states, as the user wrote it, else by its shortened text', () => {
    expect(stepValue('I moved to Denver last month for a job at a bike shop')).toBe('Denver');
    expect(stepValue('I moved to Seattle in May')).toBe('Seattle');
    expect(stepValue('Actually I moved again, to Seattle, in May, with the whole family')).toBe(
      'Seattle',
    );
    expect(stepValue('I like tea.')).toBe('I like tea');
    expect(stepValue('We talked for hours about the old days and the new ones')).toBe(
      'We talked for hours about the o…',
    );
  });

  it('says the chain in one line, with when the current value began', () => {
    const chain = [
      step('I live in Boston', '2023-01', '2024-03'),
      step('I moved to Denver last month', '2024-03', '2024-05'),
      step('I moved to Seattle in May', '2024-05', null),
    ];
    expect(chainLine(chain)).toBe('Boston → Denver → Seattle, since May 2024');
    expect(chainLine(chain.slice(0, 2))).toBe('Boston → Denver');
  });

  it('dates a fact: from → to, from → now, and an unknown end of a replaced one', () => {
    expect(datesLine('2024-03', '2024-05', true)).toBe('Mar 2024 → May 2024');
    expect(datesLine('2024-05-17', undefined, false)).toBe('17 May 2024 → now');
    expect(datesLine('2024-05', undefined, true)).toBe('May 2024 → ?');
    expect(datesLine(undefined, undefined, false)).toBe('');
  });

  it('links a step by the day it was said', () => {
    expect(saidOn({ sessionTime: '2024-04-10T10:00:00Z' })).toBe('said 10 Apr 2024');
    expect(saidOn({ sessionTime: null })).toBe('its conversation');
  });
});
