/** Small hand-made benchmark records for loader, evaluation and CLI tests (no real data). */

/** A hand-made LoCoMo-shaped sample (two people, two sessions, one photo, a malformed id). */
export const LOCOMO_SAMPLE = {
  sample_id: 'conv-x',
  conversation: {
    speaker_a: 'Ana',
    speaker_b: 'Ben',
    session_1_date_time: '1:00 pm on 8 May, 2023',
    session_1: [
      { speaker: 'Ana', dia_id: 'D1:1', text: 'I adopted a puppy called Miso last week!' },
      {
        speaker: 'Ben',
        dia_id: 'D1:2',
        text: 'Lovely. Look at my new bike.',
        img_url: ['http://example.invalid/x.jpg'],
        blip_caption: 'a photo of a red bicycle',
      },
    ],
    session_2_date_time: '2:00 pm on 9 June, 2023',
    session_2: [
      { speaker: 'Ben', dia_id: 'D2:1', text: 'I start my new job in Lisbon on Monday.' },
      { speaker: 'Ana', dia_id: 'D2:2', text: 'Miso chewed my shoes again.' },
    ],
  },
  qa: [
    {
      question: 'What is the name of Ana’s puppy?',
      answer: 'Miso',
      evidence: ['D1:1'],
      category: 4,
    },
    {
      question: 'When does Ben start his job?',
      answer: 2023,
      evidence: ['D2:1; D1:2'],
      category: 2,
    },
    { question: 'Where does Ana work?', evidence: ['D:2:2', 'D9:9'], category: 1, answer: 'x' },
    {
      question: 'What did Ben name his puppy?',
      adversarial_answer: 'Miso',
      evidence: ['D1:1'],
      category: 5,
    },
  ],
  session_summary: { session_1_summary: 'Ana adopted a puppy; Ben got a bike.' },
};

const TOPICS = (
  'violin marathon garden pottery sailing chess baking camping painting tennis ' +
  'poetry karate cycling fishing knitting surfing climbing photography salsa yoga ' +
  'astronomy beekeeping woodwork archery skating rowing origami juggling birdwatching ceramics'
).split(' ');

/**
 * A LoCoMo-shaped sample with `sessions` sessions (one hobby each, two people), large enough for
 * a tree of several levels, and one question per session with turn-level evidence.
 */
export function syntheticLocomo(sessions = 30, id = 'conv-syn') {
  const conversation: Record<string, unknown> = { speaker_a: 'Ana', speaker_b: 'Ben' };
  const qa: unknown[] = [];
  for (let n = 1; n <= sessions; n++) {
    const topic = TOPICS[(n - 1) % TOPICS.length] ?? 'hobby';
    conversation[`session_${n}_date_time`] = `${n} May 2023`;
    conversation[`session_${n}`] = [
      { speaker: 'Ana', dia_id: `D${n}:1`, text: `I spent the whole weekend on ${topic} lessons.` },
      { speaker: 'Ben', dia_id: `D${n}:2`, text: `My cousin teaches ${topic} in the city centre.` },
      { speaker: 'Ana', dia_id: `D${n}:3`, text: `Session ${n} of ${topic} was tiring but fun.` },
    ];
    qa.push({
      question: `How did Ana spend the weekend with ${topic}?`,
      answer: `${topic} lessons`,
      evidence: [`D${n}:1`],
      category: 1,
    });
  }
  return { sample_id: id, conversation, qa };
}
