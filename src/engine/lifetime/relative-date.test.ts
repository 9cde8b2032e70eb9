import { describe, expect, it } from 'vitest';
import { resolveRelativeDate } from './relative-date.ts';
import { sessionDate } from './calendar.ts';

const said = (text: string, on: string) => resolveRelativeDate(text, on)?.date;

describe('relative dates, resolved against the session that said them', () => {
  it('reads the session time the app writes and the one LoCoMo writes', () => {
    expect(sessionDate('2024-09-10T14:00:00.000Z')).toBe('2024-09-10');
    expect(sessionDate('2:15 pm on 10 January, 2024')).toBe('2024-01-10');
    expect(sessionDate('whenever')).toBeUndefined();
  });

  it('resolves seasons, months and spans to the precision the words give', () => {
    expect(said("I've lived here since last spring", '2024-09-10')).toBe('2024-03');
    expect(said('since last spring', '2024-04-02')).toBe('2023-03');
    expect(said('I moved to Denver last month', '2024-01-15')).toBe('2023-12');
    expect(said('I moved again, to Seattle, in May', '2024-06-20')).toBe('2024-05');
    expect(said('We moved here in November', '2024-02-01')).toBe('2023-11');
    expect(said("I've been at Monzo since the start of September", '2023-10-18')).toBe('2023-09');
    expect(said('We moved in March 2022', '2024-06-01')).toBe('2022-03');
    expect(said('I started last year', '2024-06-01')).toBe('2023');
    expect(said('fully vegan since the start of the year', '2024-01-28')).toBe('2024-01');
  });

  it('counts days and weeks back through the calendar', () => {
    expect(said('My new Xiaomi arrived yesterday', '2024-03-01')).toBe('2024-02-29');
    expect(said('I moved to Bristol last weekend!', '2023-07-03')).toBe('2023-06-26');
    expect(said('Three weeks into the new flat', '2024-04-27')).toBe('2024-04-06');
    expect(said('I started at Bosch two weeks ago.', '2023-01-10')).toBe('2022-12-27');
  });

  it('prefers the date after "since" and gives none without words or a session date', () => {
    expect(said('I left in August and have been at Monzo since October', '2023-12-01')).toBe(
      '2023-10',
    );
    expect(said('I live in Oslo', '2024-01-01')).toBeUndefined();
    expect(resolveRelativeDate('I moved last month', undefined)).toBeUndefined();
  });
});
