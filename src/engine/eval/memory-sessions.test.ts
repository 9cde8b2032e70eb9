import { describe, expect, it } from 'vitest';
import { extractiveSessionFacts } from '../facts/extractive.ts';
import { asSessionId, asTurnId } from '../types.ts';
import { memorySessions } from './memory-sessions.ts';

describe('memorySessions', () => {
  it("puts a named speaker's name on each sentence, and leaves other turns alone", () => {
    const [session] = memorySessions([
      {
        id: asSessionId('s1'),
        turns: [
          {
            id: asTurnId('t1'),
            speaker: 'user',
            speakerName: 'Ana',
            text: 'Thanks! I adopted a puppy. He is called Miso.',
          },
          { id: asTurnId('t2'), speaker: 'user', text: 'I live in Oslo.' },
        ],
      },
    ]);
    expect(session?.turns[0]).toEqual({
      id: 't1',
      speaker: 'user',
      text: 'Ana: Thanks!\nAna: I adopted a puppy.\nAna: He is called Miso.',
    });
    expect(session?.turns[1]?.text).toBe('I live in Oslo.');
    const facts = extractiveSessionFacts(session!).facts.map((f) => f.text);
    // "He is called Miso." opens on a pronoun: it joins the sentence it refers to.
    expect(facts).toEqual(['Ana: I adopted a puppy. He is called Miso.', 'I live in Oslo.']);
  });
});
