/** Hand-made task-memory fixtures (no benchmark data): a tiny SGD schema and sessions. */
import { asSessionId, asTurnId, type Session, type Speaker } from '../types.ts';
import { sgdCatalogue } from './sgd-schema.ts';

export const SGD_FIXTURE = [
  {
    service_name: 'Music_1',
    description: 'Music',
    slots: [
      {
        name: 'song_name',
        description: 'Name of the song',
        is_categorical: false,
        possible_values: [],
      },
      {
        name: 'playback_device',
        description: 'Playback device on which the song is to be played',
        is_categorical: true,
        possible_values: ['TV', 'Kitchen speaker', 'Bedroom speaker'],
      },
    ],
    intents: [
      {
        name: 'PlayMedia',
        description: 'Play a song',
        required_slots: ['song_name'],
        optional_slots: { playback_device: 'TV' },
      },
    ],
  },
  {
    service_name: 'Restaurants_1',
    description: 'Restaurants',
    slots: [
      { name: 'restaurant_name', description: 'Name of the restaurant', is_categorical: false },
      {
        name: 'party_size',
        description: 'Number of people in the party',
        is_categorical: true,
        possible_values: ['1', '2', '3', '4'],
      },
      { name: 'date', description: 'Date of the reservation', is_categorical: false },
    ],
    intents: [
      {
        name: 'ReserveRestaurant',
        description: 'Reserve a table at a restaurant',
        required_slots: ['restaurant_name', 'party_size', 'date'],
        optional_slots: {},
      },
    ],
  },
];

export const catalogueFixture = () => sgdCatalogue([{ file: 'schema.json', json: SGD_FIXTURE }]);

/** A session from `speaker: text` pairs; turn ids `<id>:<n>`. */
export function session(id: string, turns: readonly (readonly [Speaker, string])[]): Session {
  return {
    id: asSessionId(id),
    turns: turns.map(([speaker, text], i) => ({ id: asTurnId(`${id}:${i + 1}`), speaker, text })),
  };
}

export const songSession = session('p/S1', [
  ['user', 'Can you play the song Black Widow?'],
  ['assistant', 'Sure. Which device should I play it on?'],
  ['user', 'Play it on the bedroom speaker.'],
  ['assistant', 'Playing Black Widow on the bedroom speaker.'],
]);

export const dinnerSession = session('p/S2', [
  ['user', 'I would like to book a table at Bluefin for dinner.'],
  ['assistant', 'How many people will be in your party?'],
  ['user', 'There will be 4 of us.'],
  ['assistant', 'Noted. I will hold the table.'],
]);
