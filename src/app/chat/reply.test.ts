import { describe, expect, it } from 'vitest';
import { asSessionId } from '../../engine/types.ts';
import { ScriptedLlm } from '../../engine/testing/index.ts';
import type { ChatMessageView } from '../../state/chat-types.ts';
import { answerRequest, memoryOnlyReply, NO_MODEL_NOTICE, streamReply } from './reply.ts';

const msg = (role: 'user' | 'assistant', text: string): ChatMessageView => ({
  id: text,
  role,
  text,
  status: 'done',
  sessionId: 's1',
});
const item = (text: string) => ({ id: text, text, sessionIds: [asSessionId('s0')] });

describe('chat replies', () => {
  it('puts memories and the question in labelled sections the scripted model can read', async () => {
    const request = answerRequest(
      [msg('user', 'Hi'), msg('assistant', 'Hello!')],
      'Where do I live?',
      [item('The user lives in Oslo.'), item('The user has a dog.')],
    );
    expect(request.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const deltas: string[] = [];
    const done = await streamReply(new ScriptedLlm(), request, (d) => deltas.push(d));
    expect(done.text).toBe('The user lives in Oslo.');
    expect(deltas.join('')).toBe(done.text);
  });

  it('uses the port’s own stream when it has one', async () => {
    const port = Object.assign(new ScriptedLlm(), {
      stream: (_r: unknown, onDelta: (d: string, all: string) => void) => {
        onDelta('a', 'a');
        onDelta('b', 'ab');
        return Promise.resolve({ text: 'ab', promptTokens: 1, completionTokens: 2 });
      },
    });
    const deltas: string[] = [];
    await streamReply(port, answerRequest([], 'q', null), (d) => deltas.push(d));
    expect(deltas).toEqual(['a', 'b']);
  });

  it('says plainly that no model is loaded, and lists what memory found', () => {
    expect(memoryOnlyReply([item('The user lives in Oslo.')])).toContain(NO_MODEL_NOTICE);
    expect(memoryOnlyReply([item('The user lives in Oslo.')])).toContain(
      '- The user lives in Oslo.',
    );
    expect(memoryOnlyReply([])).toContain('no stored memory matches');
    expect(memoryOnlyReply(null)).toContain('Memory is off');
  });
});
