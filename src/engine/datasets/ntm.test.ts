import { describe, expect, it } from 'vitest';
import { parseNtm } from './ntm.ts';

const dialogue = {
  conversation_id: 'abc',
  metadata: { rounds: '3' },
  user_turns: [
    { turn_id: 1, content: 'Recommend a laptop under 8000 yuan.' },
    { turn_id: 2, content: 'Make it 16GB of RAM.' },
    { turn_id: 3, content: 'What is the final configuration?' },
  ],
  checkpoint_question: 'Does it include (1) 8000 yuan and (2) 16GB RAM?',
};

describe('NTM loader', () => {
  it('reads JSON Lines: earlier user turns as one session, the last one as the question', () => {
    const text = `${JSON.stringify(dialogue)}\n\n${JSON.stringify({ ...dialogue, conversation_id: 'def' })}\n`;
    const { conversations, notes } = parseNtm(text, 'ntm.jsonl');
    expect(conversations.map((c) => c.id)).toEqual(['ntm-abc', 'ntm-def']);
    const [conv] = conversations;
    expect(conv?.sessions[0]?.turns.map((t) => t.id)).toEqual(['ntm-abc/S1:1', 'ntm-abc/S1:2']);
    expect(conv?.questions[0]).toEqual({
      id: 'ntm-abc#final',
      question: 'What is the final configuration?',
      answer: dialogue.checkpoint_question,
      evidenceSessions: [],
    });
    expect(notes[0]).toMatch(/no retrieval ground truth/);
  });

  it('names the file, the line and the field of malformed input', () => {
    const text = `${JSON.stringify(dialogue)}\n${JSON.stringify({ ...dialogue, user_turns: [] })}`;
    expect(() => parseNtm(text, 'ntm.jsonl')).toThrow(/ntm\.jsonl: line 2: field user_turns/);
    const noGoal = { ...dialogue, checkpoint_question: undefined };
    expect(() => parseNtm(JSON.stringify(noGoal), 'n.jsonl')).toThrow(
      /n\.jsonl: record 0: field checkpoint_question/,
    );
  });
});
