import { describe, expect, it } from 'vitest';
import { SGD_FIXTURE, catalogueFixture } from './fixtures.test-support.ts';
import { SgdSchemaError, findIntent, sgdCatalogue, slotQuestion } from './sgd-schema.ts';

describe('SGD schema catalogue', () => {
  it('lists each intent with its required then optional slots and their questions', () => {
    const intent = findIntent(catalogueFixture(), 'PlayMedia', 'Music');
    expect(intent?.service).toBe('Music_1');
    expect(intent?.slots.map((s) => s.name)).toEqual(['song_name', 'playback_device']);
    expect(intent?.slots[0]?.question).toBe('What is the name of the song?');
    expect(intent?.slots[1]?.values).toContain('Bedroom speaker');
    expect(intent?.slots[0]?.values).toBeUndefined();
  });

  it('keeps the first copy of a service and finds intents without a service', () => {
    const again = [{ ...SGD_FIXTURE[0], intents: [] }];
    const catalogue = sgdCatalogue([
      { file: 'a.json', json: SGD_FIXTURE },
      { file: 'b.json', json: again },
    ]);
    expect(findIntent(catalogue, 'PlayMedia')?.slots).toHaveLength(2);
    expect(findIntent(catalogue, 'NoSuchIntent')).toBeUndefined();
  });

  it('turns slot descriptions into questions', () => {
    expect(slotQuestion('Number of people in the party', 'party_size')).toBe(
      'What is the number of people in the party?',
    );
    expect(slotQuestion('', 'pickup_city')).toBe('What is the pickup city?');
  });

  it('names the file and field of a malformed schema', () => {
    expect(() => sgdCatalogue([{ file: 'bad.json', json: [{ service_name: 'X' }] }])).toThrow(
      SgdSchemaError,
    );
    expect(() => sgdCatalogue([{ file: 'bad.json', json: [{ service_name: 'X' }] }])).toThrow(
      /bad\.json: field 0\.slots/,
    );
  });
});
