import { describe, expect, it } from 'vitest';
import { parseImplexConv, parseSessionText } from './implexconv.ts';
import { asSessionId } from '../types.ts';

const SESSIONS = [
  'Speaker1: I just started learning the violin.\nAssistant: How exciting!',
  'Speaker1: My knee hurts after running.\nIt swells at night.\nAssistant: Rest it.',
  'Speaker1: I love spicy food.\nAssistant: Noted!',
];

const reference = [
  {
    conversation: SESSIONS,
    qa: [
      { question: 'Any sport ideas for me?', answer: 'swimming', retrieved_conv: [1] },
      {
        question: 'Should I try a vindaloo?',
        answer: 'no',
        retrieved_conv: [SESSIONS[2]],
        opposed_reasoning: 'The user now avoids spice.',
      },
    ],
  },
];

const hubRow = {
  conversation: { '0': SESSIONS[0], '1': SESSIONS[1], '2': SESSIONS[2], '3': null },
  question: 'What music could I practise?',
  answer: 'violin pieces',
  retrieved_conv: ['0'],
};

describe('IMPLEXCONV loader', () => {
  it('parses session texts into user/assistant turns, continuation lines included', () => {
    const turns = parseSessionText(SESSIONS[1] ?? '', asSessionId('c/S1'));
    expect(turns).toEqual([
      { id: 'c/S1:1', speaker: 'user', text: 'My knee hurts after running.\nIt swells at night.' },
      { id: 'c/S1:2', speaker: 'assistant', text: 'Rest it.' },
    ]);
  });

  it("reads the reference code's shape: gold by index or by session text", () => {
    const { conversations } = parseImplexConv(JSON.stringify(reference), 'supportive.json');
    const [conv] = conversations;
    expect(conv?.sessions.map((s) => s.id)).toEqual([
      'implexconv-0/S0',
      'implexconv-0/S1',
      'implexconv-0/S2',
    ]);
    expect(conv?.questions[0]).toMatchObject({
      evidenceSessions: ['implexconv-0/S1'],
      category: 'supportive',
    });
    expect(conv?.questions[1]).toMatchObject({
      evidenceSessions: ['implexconv-0/S2'],
      category: 'opposed',
      opposedReasoning: 'The user now avoids spice.',
    });
  });

  it("reads the hub's rows (keyed sessions, padded nulls skipped), as JSON or JSON Lines", () => {
    const asArray = parseImplexConv(JSON.stringify([hubRow, { ...hubRow, id: 'r2' }]), 'hub.json');
    const lines = [hubRow, { ...hubRow, id: 'r2' }].map((r) => JSON.stringify(r)).join('\n');
    const asLines = parseImplexConv(`${lines}\n`, 'hub.jsonl');
    for (const { conversations } of [asArray, asLines]) {
      expect(conversations.map((c) => c.id)).toEqual(['implexconv-0', 'implexconv-r2']);
      expect(conversations[0]?.sessions).toHaveLength(3);
      expect(conversations[0]?.questions[0]).toMatchObject({
        id: 'implexconv-0#0',
        answer: 'violin pieces',
        evidenceSessions: ['implexconv-0/S0'],
      });
    }
  });

  it('names the file, the record and the field of malformed input', () => {
    const noGold = [{ ...hubRow, retrieved_conv: undefined }];
    expect(() => parseImplexConv(JSON.stringify(noGold), 'hub.json')).toThrow(
      /hub\.json: record 0: field retrieved_conv/,
    );
    const badKey = { ...hubRow, conversation: { first: 'Speaker1: hi' } };
    expect(() =>
      parseImplexConv(`${JSON.stringify(hubRow)}\n${JSON.stringify(badKey)}`, 'h.jsonl'),
    ).toThrow(/h\.jsonl: line 2: field conversation\.first: session keys/);
    const unknownGold = [{ conversation: SESSIONS, qa: [{ question: 'q', retrieved_conv: [7] }] }];
    expect(() => parseImplexConv(JSON.stringify(unknownGold), 'r.json')).toThrow(
      /r\.json: record 0, qa\.0: field retrieved_conv\.0: names no session/,
    );
    expect(() => parseImplexConv('{"conversation": [1]}', 'x.json')).toThrow(
      /x\.json: record 0: field conversation\.0/,
    );
    expect(() => parseImplexConv('{"a": 1}\nnot json', 'y.jsonl')).toThrow(
      /y\.jsonl: line 2: .*not valid JSON/,
    );
  });
});
