/** A hand-made MS-TOD persona (no benchmark data) for the task-memory evaluation tests. */
type Turn = { speaker: 'user' | 'assistant'; utterance: string };
const t = (speaker: Turn['speaker'], utterance: string): Turn => ({ speaker, utterance });

export const MS_TOD_PERSONA = {
  persona_id: 7,
  sessions: [
    {
      session_id: 0,
      reference_dialogue_id: 'song-1',
      exist_confirmation: false,
      intent: 'PlayMedia',
      service: 'Music',
      turns: [
        t('user', 'Can you play the song Black Widow?'),
        t('assistant', 'Which device?'),
        t('user', 'The bedroom speaker.'),
      ],
      confirmation_state: {},
    },
    {
      session_id: 1,
      reference_dialogue_id: 'dinner-1',
      exist_confirmation: false,
      intent: 'ReserveRestaurant',
      service: 'Restaurants',
      turns: [
        t('user', 'Book a table at Bluefin for dinner.'),
        t('assistant', 'How many people?'),
        t('user', 'Four people.'),
      ],
      confirmation_state: {},
    },
    {
      session_id: 2,
      reference_dialogue_id: 'dinner-1',
      exist_confirmation: false,
      intent: 'ReserveRestaurant',
      service: 'Restaurants',
      turns: [
        t('user', 'About my Bluefin dinner table: make it March 4th.'),
        t('assistant', 'Noted.'),
      ],
      confirmation_state: {},
    },
    {
      session_id: 3,
      reference_dialogue_id: 'song-1',
      exist_confirmation: true,
      intent: 'PlayMedia',
      service: 'Music',
      turns: [
        t('user', 'Play Black Widow again please.'),
        t('assistant', 'Just to confirm: Black Widow on the bedroom speaker?'),
        t('user', 'Yes.'),
      ],
      confirmation_state: {
        slot_values: { song_name: 'Black Widow', playback_device: 'Bedroom speaker' },
        confirmation_utterance_id: 1,
      },
    },
    {
      session_id: 4,
      reference_dialogue_id: 'dinner-1',
      exist_confirmation: true,
      intent: 'ReserveRestaurant',
      service: 'Restaurants',
      turns: [
        t('user', 'Is my Bluefin dinner table booked?'),
        t('assistant', 'Just to confirm: Bluefin, four people, March 4th?'),
        t('user', 'Yes.'),
      ],
      confirmation_state: {
        slot_values: { restaurant_name: 'Bluefin', party_size: '4', date: 'March 4th' },
        confirmation_utterance_id: 1,
      },
    },
    {
      session_id: 5,
      reference_dialogue_id: 'lonely-1',
      exist_confirmation: true,
      intent: 'PlayMedia',
      service: 'Music',
      turns: [t('user', 'Play Drive.'), t('assistant', 'Just to confirm: Drive?')],
      confirmation_state: { slot_values: { song_name: 'Drive' }, confirmation_utterance_id: 1 },
    },
  ],
};

export const msTodFixtureText = (): string => JSON.stringify(MS_TOD_PERSONA);
