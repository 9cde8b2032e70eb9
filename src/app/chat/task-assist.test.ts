import { describe, expect, it } from 'vitest';
import type { MemoryClient } from '../../storage/memory-client.ts';
import type { RecalledSlot, TaskRecall } from '../../storage/task-memory-store.ts';
import { createGroveStore } from '../../state/store.ts';
import { createChatController } from './chat-controller.ts';
import { createTaskAssist, TASK_REPLY_MODEL } from './task-assist.ts';

const slot = (name: string, value: string): RecalledSlot => ({
  slot: name,
  value,
  unitId: 'old',
  sessionId: 'old',
  qaId: `old#${name}`,
  question: '?',
  intent: 'Book a table',
  score: 1,
});

function setup(recalled: RecalledSlot[]) {
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
      return Promise.reject(new Error('not a task: no retrieval expected in this test'));
    },
  } as unknown as MemoryClient;
  const tasks = createTaskAssist({ store, memory, chatLlm: () => undefined, now: () => 0 });
  const chat = createChatController({
    store,
    memory,
    chatLlm: () => undefined,
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
    const card = t.tasks.cards.getState().cards[reply.id];
    expect(card?.slots.map((s) => s.source?.sessionId)).toEqual(['old', 'old', 'old']);
    expect(t.retrieves()).toBe(0);

    await t.tasks.correct(reply.id, 'party_size', '4');
    expect(t.corrections).toEqual([['old', 'book-table', 'party_size', '4']]);
    expect(t.replies().at(-1)).toBe(
      'Updated the party size to 4. Just to confirm: a table for 4 at Nopa at 7 pm again?',
    );
    expect(t.tasks.cards.getState().cards[reply.id]?.open).toBe(false);
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
