import { describe, expect, it } from 'vitest';
import { ConversationFormatError, parseGroveConversation } from './grove-format.ts';

const valid = {
  format: 'grove-conversation',
  version: 1,
  sessions: [
    {
      id: 'a',
      time: '2026-01-01T10:00:00Z',
      turns: [{ speaker: 'user', text: 'I live in Oslo.' }],
    },
    { id: 'b', turns: [{ id: 'b-t9', speaker: 'assistant', text: 'Hello.' }] },
  ],
};

describe('Grove conversation files', () => {
  it('parses sessions, giving turns stable ids when the file has none', () => {
    const conversation = parseGroveConversation(JSON.stringify(valid), 'demo.json');
    expect(conversation.sessions.map((s) => s.id)).toEqual(['a', 'b']);
    expect(conversation.sessions[0]?.turns[0]?.id).toBe('a:1');
    expect(conversation.sessions[1]?.turns[0]?.id).toBe('b-t9');
    expect(conversation.sessions[0]?.time).toBe('2026-01-01T10:00:00Z');
    expect(conversation.questions).toEqual([]);
  });

  it('names the file when the JSON itself is broken', () => {
    expect(() => parseGroveConversation('{"format": ', 'broken.json')).toThrow(
      /broken\.json is not valid JSON/,
    );
  });

  it('names the record and field that is wrong', () => {
    const bad = structuredClone(valid);
    (bad.sessions[1]!.turns[0] as { speaker: string }).speaker = 'robot';
    expect(() => parseGroveConversation(JSON.stringify(bad), 'bad.json')).toThrow(
      /bad\.json: field sessions\.1\.turns\.0\.speaker/,
    );
  });

  it('rejects duplicate session ids and files of another format', () => {
    const dup = { ...valid, sessions: [valid.sessions[0], valid.sessions[0]] };
    expect(() => parseGroveConversation(JSON.stringify(dup), 'dup.json')).toThrow(
      /duplicate session id "a"/,
    );
    expect(() => parseGroveConversation('[]', 'array.json')).toThrow(ConversationFormatError);
  });
});
