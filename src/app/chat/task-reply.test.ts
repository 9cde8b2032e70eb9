import { describe, expect, it } from 'vitest';
import { AbortError } from '../../engine/errors.ts';
import type { Completion, CompletionRequest, LlmPort } from '../../engine/ports.ts';
import { ScriptedLlm, taskChatRespondRule } from '../../engine/testing/index.ts';
import { asTurnId, type Turn } from '../../engine/types.ts';
import { taskKind } from '../../engine/task-memory/task-catalogue.ts';
import { correctTask, startTask } from './task-flow.ts';
import { memoryAnswers, respondTask, writeTaskReply } from './task-reply.ts';
import { rememberedSlot } from './remembered-slot.test-support.ts';

const BOOK = taskKind('book-table');
const remembered = (slot: string, value: string) => rememberedSlot(slot, value);
const turns: Turn[] = [{ id: asTurnId('s2:0'), speaker: 'user', text: 'Book a table for dinner' }];
const confirming = startTask(BOOK, 'Book a table for dinner', [
  remembered('restaurant_name', 'Nopa'),
  remembered('party_size', '2'),
  remembered('time', '7 pm'),
]);
const respondWith = (...replies: (string | Error)[]) =>
  new ScriptedLlm({ responses: { 'task-respond': replies } });

describe('task reply: the model writes, the held slots decide', () => {
  it('shows a model reply that states every held slot, with the task and memory in its prompt', async () => {
    const llm = respondWith('Sure: a table for 2 at Nopa at 7 pm, like last time. Shall I?');
    const reply = await writeTaskReply({ llm, step: confirming, turns });
    expect(reply.text).toBe('Sure: a table for 2 at Nopa at 7 pm, like last time. Shall I?');
    expect(reply.check).toMatchObject({
      source: 'model',
      summary: 'Reply checked: 3 of 3 slots stated as held; written by the model',
    });
    expect(reply.check.slots.map((s) => s.status)).toEqual(['ok', 'ok', 'ok']);
    const prompt = llm.callsFor('task-respond')[0]?.prompt ?? '';
    expect(prompt).toContain('### CONTEXT\nuser: Book a table for dinner');
    expect(prompt).toContain('### TASK\nrestaurant_name: Nopa\nparty_size: 2\ntime: 7 pm');
    expect(prompt).toContain('### MEMORY\nNopa\n2\n7 pm');
  });

  it('falls back to the template when the reply leaves out or changes a held slot', async () => {
    const missing = await writeTaskReply({
      llm: respondWith('Shall I book Nopa for 2 again?'),
      step: confirming,
      turns,
    });
    expect(missing.text).toBe(confirming.reply);
    expect(missing.check).toMatchObject({
      source: 'template',
      reason: 'slots',
      summary: 'Reply checked: 1 slot missing (time); template used',
      rejected: 'Shall I book Nopa for 2 again?',
    });
    const wrong = await writeTaskReply({
      llm: respondWith('A table for 4 at Nopa at 8 pm, right?'),
      step: confirming,
      turns,
    });
    expect(wrong.text).toBe(confirming.reply);
    expect(wrong.check.summary).toBe(
      'Reply checked: 2 slots missing (party size, time); template used',
    );
  });

  it('falls back when the reply asks the user nothing, or is empty', async () => {
    const statement = await writeTaskReply({
      llm: respondWith('Booked a table for 2 at Nopa at 7 pm.'),
      step: confirming,
      turns,
    });
    expect(statement).toMatchObject({ text: confirming.reply, check: { reason: 'no-question' } });
    const empty = await writeTaskReply({ llm: respondWith('  '), step: confirming, turns });
    expect(empty).toMatchObject({ text: confirming.reply, check: { reason: 'empty' } });
  });

  it('falls back when the model call fails, keeping the error for the details', async () => {
    const reply = await writeTaskReply({
      llm: respondWith(new Error('GPU device lost')),
      step: confirming,
      turns,
    });
    expect(reply.text).toBe(confirming.reply);
    expect(reply.check).toMatchObject({ source: 'template', reason: 'error' });
    expect(reply.check.error).toMatch(/GPU device lost/);
  });

  it('asks for the one slot the state machine asks next, leaving the other open slots out', async () => {
    const asking = startTask(BOOK, 'Book a table for 2', []);
    expect(asking.state.asking).toBe('restaurant_name');
    expect(respondTask(asking.state)).toEqual({ restaurant_name: undefined, party_size: '2' });
    const llm = new ScriptedLlm({ rules: { 'task-respond': taskChatRespondRule } });
    const reply = await writeTaskReply({ llm, step: asking, turns });
    expect(reply.text).toBe('Got it: the party size is 2. Could you tell me the restaurant name?');
    expect(reply.check).toMatchObject({ source: 'model' });
    const nothing = await writeTaskReply({
      llm,
      step: startTask(BOOK, 'Book a table', []),
      turns,
    });
    expect(nothing.text).toBe('Sure. Could you tell me the restaurant name?');
    expect(nothing.check.summary).toBe('Reply checked: no slot known yet; written by the model');
  });

  it('keeps the lead of a correction before the model reply, and says memory answers once', async () => {
    const corrected = correctTask(confirming.state, 'party_size', '4');
    expect(memoryAnswers(corrected.state)).toEqual(['Nopa', '4', '7 pm']);
    const llm = new ScriptedLlm({ rules: { 'task-respond': taskChatRespondRule } });
    const reply = await writeTaskReply({ llm, step: corrected, turns });
    expect(reply.text).toBe(
      'Updated the party size to 4. Just to confirm, as last time: the restaurant name is ' +
        'Nopa, the party size is 4 and the time is 7 pm. Shall I go ahead?',
    );
  });

  it('respects a stop: before the call, during it, and when the port ignores the signal', async () => {
    const before = new AbortController();
    before.abort();
    const unused = respondWith('Sure: a table for 2 at Nopa at 7 pm?');
    const early = await writeTaskReply({
      llm: unused,
      step: confirming,
      turns,
      signal: before.signal,
    });
    expect(early).toMatchObject({ text: confirming.reply, check: { reason: 'stopped' } });
    expect(unused.calls).toHaveLength(0);

    const waiting: LlmPort = {
      id: 'waits',
      complete: (request: CompletionRequest) =>
        new Promise<Completion>((_resolve, reject) =>
          request.signal?.addEventListener('abort', () => reject(new AbortError())),
        ),
      completeStructured: () => Promise.reject(new Error('not used')),
      countTokens: (text: string) => text.length,
    };
    const during = new AbortController();
    const pending = writeTaskReply({
      llm: waiting,
      step: confirming,
      turns,
      signal: during.signal,
    });
    during.abort();
    expect(await pending).toMatchObject({ text: confirming.reply, check: { reason: 'stopped' } });

    const late = new AbortController();
    const deaf: LlmPort = {
      ...waiting,
      complete: () => {
        late.abort();
        return Promise.resolve({
          text: 'Sure: a table for 2 at Nopa at 7 pm?',
          promptTokens: 1,
          completionTokens: 1,
        });
      },
    };
    const ignored = await writeTaskReply({
      llm: deaf,
      step: confirming,
      turns,
      signal: late.signal,
    });
    expect(ignored).toMatchObject({ text: confirming.reply, check: { reason: 'stopped' } });
  });
});
