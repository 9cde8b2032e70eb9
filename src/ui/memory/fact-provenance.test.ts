import { describe, expect, it } from 'vitest';
import type { SourceView } from '../../storage/memory-store.ts';
import { categoryWord, provenanceDate, provenanceEntries, shortQuote } from './fact-provenance.ts';

const NOW = Date.parse('2026-11-30T12:00:00Z');

function source(over: Partial<SourceView> & { sessionId: string }): SourceView {
  return { conversationId: null, time: null, turns: [], ...over };
}

describe('shortQuote', () => {
  it('keeps short text whole and cuts long text at a word, with an ellipsis', () => {
    expect(shortQuote("Hi, I'm Sam")).toBe("Hi, I'm Sam");
    expect(shortQuote("Hi, I'm Sam. I moved to Lisbon last spring.")).toBe(
      "Hi, I'm Sam. I moved to…",
    );
    expect(shortQuote('  many   spaces\nand lines  ')).toBe('many spaces and lines');
  });

  it('cuts a single long word where it must', () => {
    expect(shortQuote('x'.repeat(40), 10)).toBe(`${'x'.repeat(10)}…`);
  });

  it('drops punctuation left dangling before the ellipsis', () => {
    expect(shortQuote('Hello there, friend of mine', 13)).toBe('Hello there…');
  });
});

describe('provenanceDate', () => {
  it('says day and month this year, and the year before it', () => {
    expect(provenanceDate('2026-11-27T09:00:00Z', NOW, 'en-GB')).toBe('27 Nov');
    expect(provenanceDate('2024-03-12T09:00:00Z', NOW, 'en-GB')).toBe('12 Mar 2024');
  });

  it('is null when the time is unknown or unreadable', () => {
    expect(provenanceDate(null, NOW)).toBeNull();
    expect(provenanceDate('not a date', NOW)).toBeNull();
  });
});

describe('provenanceEntries', () => {
  const titles = new Map([['c-1', "Hi, I'm Sam. I moved to Lisbon last spring."]]);

  it('names the conversation by its title and day, linked to it, instead of the session id', () => {
    const [entry, ...rest] = provenanceEntries(
      [source({ sessionId: 's-mwymfs4w', conversationId: 'c-1', time: '2026-11-27T09:00:00Z' })],
      titles,
      NOW,
      'en-GB',
    );
    expect(rest).toEqual([]);
    expect(entry).toEqual({
      quote: "Hi, I'm Sam. I moved to…",
      full: "Hi, I'm Sam. I moved to Lisbon last spring.",
      date: '27 Nov',
      conversationId: 'c-1',
      deleted: false,
    });
  });

  it('quotes what the user said when the conversation is gone, unlinked', () => {
    const [entry] = provenanceEntries(
      [
        source({
          sessionId: 's-2',
          conversationId: 'c-gone',
          turns: [
            { id: 't1', speaker: 'assistant', text: 'Hello!' },
            { id: 't2', speaker: 'user', text: 'I play the violin.' },
          ],
        }),
      ],
      titles,
      NOW,
    );
    expect(entry).toMatchObject({
      quote: 'I play the violin.',
      conversationId: null,
      deleted: true,
      date: null,
    });
  });

  it('has no quote for an imported session with no turns, and does not call it deleted', () => {
    const [entry] = provenanceEntries([source({ sessionId: 's-3' })], titles, NOW);
    expect(entry).toMatchObject({ quote: null, conversationId: null, deleted: false });
  });

  it('names a conversation once, at its earliest date, and keeps the others in order', () => {
    const entries = provenanceEntries(
      [
        source({ sessionId: 's-b', conversationId: 'c-1', time: '2026-11-28T09:00:00Z' }),
        source({ sessionId: 's-x', turns: [{ id: 't', speaker: 'user', text: 'Imported' }] }),
        source({ sessionId: 's-a', conversationId: 'c-1', time: '2026-11-27T09:00:00Z' }),
      ],
      titles,
      NOW,
      'en-GB',
    );
    expect(entries.map((e) => [e.quote, e.date])).toEqual([
      ["Hi, I'm Sam. I moved to…", '27 Nov'],
      ['Imported', null],
    ]);
  });
});

describe('categoryWord', () => {
  it("shows preferences and plans, and hides the extractor's loose filing", () => {
    expect(categoryWord('preference')).toBe('Preference');
    expect(categoryWord('plan')).toBe('Plan');
    expect(categoryWord('event')).toBeNull();
    expect(categoryWord('other')).toBeNull();
    expect(categoryWord('circumstance')).toBeNull();
  });
});
