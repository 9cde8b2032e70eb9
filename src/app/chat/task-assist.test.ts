import { describe, expect, it, vi } from 'vitest';
import type { LlmPort } from '../../engine/ports.ts';
import { ScriptedLlm, taskChatRespondRule } from '../../engine/testing/index.ts';
import type { MemoryClient } from '../../memory-backend/memory-client.ts';
import type { RecalledSlot, TaskRecall } from '../../storage/task-memory-store.ts';
import { createGroveStore } from '../../state/store.ts';
import { createChatController } from './chat-controller.ts';
import { createTaskAssist, TASK_REPLY_MODEL } from './task-assist.ts';
import { rememberedSlot } from './remembered-slot.test-support.ts';

const slot = (name: string, value: string) => rememberedSlot(name, value, 'old');

function setup(recalled: RecalledSlot[], llm?: LlmPort) {
  const store = createGroveStore();
  const corrections: unknown[][] = [];
  let retrieves = 0;
  const memory = {
    recallTask: (kind: string): Promise<TaskRecall> =>
      Promise.resolve({ kind, intent: '', slots: recalled, candidates: 1 }),
    correctTaskSlot: (...args: unknown[]) => {
      corrections.push(args);
      return Promise.resolve({});
    },
    retrieve: () => {
      retrieves++;
      return Promise.resolve({ items: [], judge: 'tacitree:llm', llmCalls: 0, events: [] });
    },
  } as unknown as MemoryClient;
  const chatLlm = () => (llm ? { port: llm, label: 'Test model' } : undefined);
  const tasks = createTaskAssist({ store, memory, chatLlm, now: () => 0 });
  const chat = createChatController({
    store,
    memory,
    chatLlm,
    onMemoryChanged: () => Promise.resolve(),
    tasks,
    now: () => 0,
  });
  const replies = () =>
    store
      .getState()
      .messages.filter((m) => m.role === 'assistant')
      .map((m) => m.text);
  return { store, chat, tasks, corrections, replies, retrieves: () => retrieves };
}

describe('task assist in the chat', () => {
  it('confirms with remembered slots, marks their source, and writes a correction back', async () => {
    const t = setup([
      slot('restaurant_name', 'Nopa'),
      slot('party_size', '2'),
      slot('time', '7 pm'),
    ]);
    await t.chat.send('Book a table for dinner');
    expect(t.replies()).toEqual(['Just to confirm: a table for 2 at Nopa at 7 pm again?']);
    const reply = t.store.getState().messages.at(-1)!;
    expect(reply.model).toBe(TASK_REPLY_MODEL);
    const card = t.store.getState().taskCards[reply.id];
    expect(card?.slots.map((s) => s.source?.sessionId)).toEqual(['old', 'old', 'old']);
    // The TaciTree memory is searched for the task turn too; its reply keeps its wording.
    expect(t.retrieves()).toBe(1);
    expect(reply.memories).toMatchObject({ status: 'done', items: [] });

    await t.tasks.correct(reply.id, 'party_size', '4');
    expect(t.corrections).toEqual([['old', 'book-table', 'party_size', '4']]);
    expect(t.replies().at(-1)).toBe(
      'Updated the party size to 4. Just to confirm: a table for 4 at Nopa at 7 pm again?',
    );
    expect(t.store.getState().taskCards[reply.id]?.open).toBe(false);
    await t.chat.send('yes');
    expect(t.replies().at(-1)).toMatch(/^Done\. Table booking — restaurant: Nopa; party size: 4/);
  });

  it('asks one slot per turn when memory has nothing, and leaves other messages to the chat', async () => {
    const t = setup([]);
    await t.chat.send('Book a table for 2');
    await t.chat.send('Nopa');
    expect(t.replies()).toEqual([
      'Which restaurant would you like to book?',
      'What time would you like the table?',
    ]);
    await t.chat.send('never mind');
    expect(t.replies().at(-1)).toBe('OK, I dropped the table booking.');
    t.store.getState().setMemoryEnabled(false);
    await t.chat.send('How are you today?');
    expect(t.replies()).toHaveLength(4);
    expect(t.store.getState().messages.at(-1)?.model).toBeNull();
  });
});

const REMEMBERED = [slot('restaurant_name', 'Nopa'), slot('party_size', '2'), slot('time', '7 pm')];

describe('task assist with a model loaded', () => {
  /** The scripted model words task replies as a chat assistant; no classifier rule: keywords. */
  const model = () => new ScriptedLlm({ rules: { 'task-respond': taskChatRespondRule } });

  it('shows the checked model reply, keeps the card and the inline correction', async () => {
    const t = setup(REMEMBERED, model());
    await t.chat.send('Book a table for dinner');
    const reply = t.store.getState().messages.at(-1)!;
    expect(reply).toMatchObject({
      text:
        'Just to confirm, as last time: the restaurant name is Nopa, the party size is 2 and ' +
        'the time is 7 pm. Shall I go ahead?',
      model: 'Test model',
      status: 'done',
    });
    const { taskCards: cards, taskChecks: checks } = t.store.getState();
    expect(checks[reply.id]).toMatchObject({ source: 'model' });
    expect(cards[reply.id]?.open).toBe(true);

    await t.tasks.correct(reply.id, 'party_size', '4');
    expect(t.corrections).toEqual([['old', 'book-table', 'party_size', '4']]);
    expect(t.replies().at(-1)).toMatch(/^Updated the party size to 4\. Just to confirm, as last/);
    expect(t.replies().at(-1)).toContain('the party size is 4');
    await t.chat.send('Yes');
    expect(t.replies().at(-1)).toMatch(/^Done\. Table booking — restaurant: Nopa; party size: 4/);
    expect(t.store.getState().messages.at(-1)?.model).toBe(TASK_REPLY_MODEL);
  });

  it('uses the template, and says why, when the model reply drops a slot or fails', async () => {
    const llm = new ScriptedLlm({
      responses: { 'task-respond': ['A table at Nopa again, shall I?', new Error('GPU lost')] },
    });
    const t = setup(REMEMBERED, llm);
    await t.chat.send('Book a table for dinner');
    const first = t.store.getState().messages.at(-1)!;
    expect(first.text).toBe('Just to confirm: a table for 2 at Nopa at 7 pm again?');
    expect(first.model).toBe(TASK_REPLY_MODEL);
    expect(t.store.getState().taskChecks[first.id]?.summary).toBe(
      'Reply checked: 2 slots missing (party size, time); template used',
    );
    expect(t.store.getState().taskCards[first.id]?.open).toBe(true);

    await t.chat.send('no');
    const second = t.store.getState().messages.at(-1)!;
    expect(second.text).toBe('Which restaurant would you like to book?');
    expect(t.store.getState().taskChecks[second.id]).toMatchObject({ reason: 'error' });
  });

  it('stop() ends the model writing: the template reply is shown', async () => {
    const llm: LlmPort = {
      id: 'slow',
      complete: (request) =>
        new Promise((_resolve, reject) =>
          request.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
      completeStructured: () => Promise.reject(new Error('no classifier here')),
      countTokens: (text) => text.length,
    };
    const t = setup(REMEMBERED, llm);
    const sending = t.chat.send('Book a table for dinner');
    await vi.waitFor(() => expect(t.store.getState().messages.at(-1)?.status).toBe('streaming'));
    t.chat.stop();
    await sending;
    const reply = t.store.getState().messages.at(-1)!;
    expect(reply).toMatchObject({
      text: 'Just to confirm: a table for 2 at Nopa at 7 pm again?',
      status: 'done',
      model: TASK_REPLY_MODEL,
    });
    expect(t.store.getState().taskChecks[reply.id]).toMatchObject({ reason: 'stopped' });
  });
});
