import { describe, expect, it } from 'vitest';
import { asFactId, asSessionId } from '../../engine/types.ts';
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
    expect(memoryOnlyReply([item('I live in Oslo')])).toContain('- I live in Oslo');
    expect(memoryOnlyReply([])).toContain('no stored memory matches');
    expect(memoryOnlyReply(null)).toContain('Memory is off');
  });

  it('dates every memory, and marks a replaced one with its end, for the model and without one', () => {
    const seattle = {
      ...item('I moved again, to Seattle, in May'),
      factIds: [asFactId('f2')],
      validFrom: '2024-05',
      current: true,
    };
    const denver = {
      ...item('I moved to Denver last month'),
      factIds: [asFactId('f1')],
      validFrom: '2023-11',
      validTo: '2024-05',
      replaced: true,
    };
    const prompt = answerRequest([], 'Where do I live now?', [seattle, denver]).messages.at(
      -1,
    )?.content;
    expect(prompt).toContain('- [2024-05 → now] I moved again, to Seattle, in May');
    expect(prompt).toContain('- [2023-11 → 2024-05, replaced] I moved to Denver last month');
    const shown = memoryOnlyReply([seattle, denver]);
    expect(shown).toContain('- [2024-05 → now] I moved again, to Seattle, in May');
    expect(shown).toContain('- [2023-11 → 2024-05, replaced] I moved to Denver last month');
  });

  it('shows a memory that looks like a link as text, never as a link', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { default: Markdown } = await import('react-markdown');
    const reply = memoryOnlyReply([
      item('[x](https://example.com) ![i](https://e.com/p.png) <b>hi</b>'),
    ]);
    const html = renderToStaticMarkup(createElement(Markdown, null, reply));
    expect(html).not.toContain('<a');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('[x](https://example.com)');
  });
});
