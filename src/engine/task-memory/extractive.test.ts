import { describe, expect, it } from 'vitest';
import {
  OPENING_QUESTION,
  closestSlot,
  extractTaskMemory,
  extractiveIntent,
} from './extractive.ts';
import { catalogueFixture, dinnerSession, songSession } from './fixtures.test-support.ts';
import { findIntent } from './sgd-schema.ts';

const music = findIntent(catalogueFixture(), 'PlayMedia');
const dining = findIntent(catalogueFixture(), 'ReserveRestaurant');

describe('extractive task memory (no LLM)', () => {
  it('describes the intent with the first user utterances', () => {
    expect(extractiveIntent(songSession.turns, 1)).toBe('Can you play the song Black Widow?');
    expect(extractiveIntent(songSession.turns)).toBe(
      'Can you play the song Black Widow? Play it on the bedroom speaker.',
    );
  });

  it('reads confirmed values, categorical values, question/answer turns and the opening request', () => {
    const unit = extractTaskMemory(songSession, {
      intentLabel: 'PlayMedia',
      slots: music?.slots ?? [],
      confirmedSlots: { song_name: 'Black Widow', ignored: null },
    });
    expect(unit.id).toBe('p/S1');
    expect(unit.intentLabel).toBe('PlayMedia');
    expect(unit.provenance).toMatchObject({
      sessionId: 'p/S1',
      method: 'extractive',
      turnIds: ['p/S1:1', 'p/S1:3'],
    });
    expect(unit.qa.map((q) => [q.slot, q.question, q.answer])).toEqual([
      ['song_name', 'What is the name of the song?', 'Black Widow'],
      [
        'playback_device',
        'What is the playback device on which the song is to be played?',
        'Bedroom speaker',
      ],
      ['playback_device', 'Which device should I play it on?', 'Play it on the bedroom speaker.'],
      [undefined, OPENING_QUESTION, 'Can you play the song Black Widow?'],
    ]);
    expect(unit.qa[2]?.turnIds).toEqual(['p/S1:2', 'p/S1:3']);
    expect(unit.qa.map((q) => q.id)).toEqual(['p/S1#qa0', 'p/S1#qa1', 'p/S1#qa2', 'p/S1#qa3']);
    expect(unit.activationText).toContain('Playing Black Widow');
  });

  it('works without any labels and tags pairs with the closest slot', () => {
    const bare = extractTaskMemory(dinnerSession);
    expect(bare.intentLabel).toBeUndefined();
    expect(bare.qa.map((q) => q.answer)).toEqual([
      'There will be 4 of us.',
      'I would like to book a table at Bluefin for dinner.',
    ]);
    expect(closestSlot('How many people will be in your party?', dining?.slots ?? [])?.name).toBe(
      'party_size',
    );
    expect(closestSlot('Anything else?', dining?.slots ?? [])).toBeUndefined();
  });

  it('gives an empty session an empty unit', () => {
    const unit = extractTaskMemory({ id: songSession.id, turns: [] });
    expect(unit.intent).toBe('');
    expect(unit.qa).toEqual([]);
  });
});
