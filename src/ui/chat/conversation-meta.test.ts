import { describe, expect, it } from 'vitest';
import { conversationDate, conversationDetails } from './conversation-meta.ts';

const at = (y: number, m: number, d: number, h = 12, min = 0) =>
  new Date(y, m - 1, d, h, min).getTime();

describe('conversation list line', () => {
  it('says the time today, “Yesterday”, then the date (with the year when not this one)', () => {
    const now = at(2025, 3, 12, 18);
    expect(conversationDate(at(2025, 3, 12, 9, 5), now, 'en-GB')).toBe('9:05');
    expect(conversationDate(at(2025, 3, 11, 23, 59), now, 'en-GB')).toBe('Yesterday');
    expect(conversationDate(at(2025, 1, 2), now, 'en-GB')).toBe('2 Jan');
    expect(conversationDate(at(2024, 12, 31), now, 'en-GB')).toBe('31 Dec 2024');
  });

  it('counts messages and says when memory was off', () => {
    const c = { id: 'c', title: 't', createdAt: 0, updatedAt: 0, memoryEnabled: true };
    expect(conversationDetails({ ...c, messageCount: 1 })).toBe('1 message');
    expect(conversationDetails({ ...c, messageCount: 4, memoryEnabled: false })).toBe(
      '4 messages · memory off',
    );
  });
});
