import { describe, expect, it } from 'vitest';
import { parseMsTod } from './ms-tod.ts';

const turn = (speaker: string, utterance: string) => ({ speaker, utterance });
const persona = {
  persona_id: 7,
  sessions: [
    {
      session_id: 0,
      reference_dialogue_id: 'A',
      exist_confirmation: false,
      intent: 'ReserveRestaurant',
      turns: [turn('user', 'Book a table for two.'), turn('assistant', 'Which city?')],
      confirmation_state: {},
    },
    {
      session_id: 1,
      reference_dialogue_id: 'B',
      exist_confirmation: true,
      intent: 'PlayMedia',
      turns: [turn('user', 'Play Black Widow.')],
      confirmation_state: { slot_values: { song_name: 'Black Widow' } },
    },
    {
      session_id: 2,
      reference_dialogue_id: 'A',
      exist_confirmation: true,
      intent: 'ReserveRestaurant',
      turns: [turn('assistant', 'Hello!'), turn('user', 'Finish my dinner booking in Paris.')],
      confirmation_state: { slot_values: { city: 'Paris' }, confirmation_utterance_id: 1 },
    },
  ],
};

describe('MS-TOD loader', () => {
  it('asks, for each confirming session, for the earlier sessions of its task', () => {
    const { conversations, notes } = parseMsTod(JSON.stringify(persona), 'persona_7.json');
    const [conv] = conversations;
    expect(conv?.id).toBe('persona-7');
    expect(conv?.sessions.map((s) => s.id)).toEqual([
      'persona-7/S0',
      'persona-7/S1',
      'persona-7/S2',
    ]);
    expect(conv?.questions).toEqual([
      {
        id: 'persona-7#2',
        question: 'Finish my dinner booking in Paris.',
        answer: '{"city":"Paris"}',
        category: 'ReserveRestaurant',
        evidenceSessions: ['persona-7/S0'],
        candidateSessions: ['persona-7/S0', 'persona-7/S1'],
      },
    ]);
    expect(notes.some((n) => n.includes('1 confirming sessions without an earlier session'))).toBe(
      true,
    );
  });

  it('names the file, the record and the field of malformed input', () => {
    const bad = structuredClone(persona);
    (bad.sessions[1]!.turns[0] as { speaker: string }).speaker = 'system';
    expect(() => parseMsTod(JSON.stringify(bad), 'persona_7.json')).toThrow(
      /persona_7\.json: record 0: field sessions\.1\.turns\.0\.speaker/,
    );
    expect(() => parseMsTod('{"persona_id": 1}', 'p.json')).toThrow(
      /p\.json: record 0: field sessions/,
    );
  });
});
