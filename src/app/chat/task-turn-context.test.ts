/**
 * A task turn gets the chat's context like any other turn: it is routed through the topic forest
 * (its round is the user's text and the task reply shown) and the TaciTree memory is searched
 * for it, before the task reply is written. The reply's wording does not change.
 */
import { describe, expect, it, vi } from 'vitest';
import type { LlmPort } from '../../engine/ports.ts';
import type { TraversalEvent } from '../../engine/retrieval.ts';
import { HashEmbedder, ScriptedLlm, taskChatRespondRule } from '../../engine/testing/index.ts';
import { asNodeId, asSessionId } from '../../engine/types.ts';
import type { MemoryClient } from '../../memory-backend/memory-client.ts';
import type { TaskRecall } from '../../storage/task-memory-store.ts';
import type { RetrieveReply } from '../../memory-backend/worker-protocol.ts';
import { createGroveStore } from '../../state/store.ts';
import { createChatController } from './chat-controller.ts';
import { createTopicRouter } from './discourse-context.ts';
import { createTaskAssist } from './task-assist.ts';
import { rememberedSlot } from './remembered-slot.test-support.ts';

const visit: TraversalEvent = { type: 'visit', node: asNodeId('f1'), level: 0 };
const done: TraversalEvent = { type: 'done', selected: 1, calls: 1, tokens: 9 };
const FACT = 'The user likes dinner at Nopa.';

const slot = (name: string, value: string) => rememberedSlot(name, value, 'old');
const REMEMBERED = [slot('restaurant_name', 'Nopa'), slot('party_size', '2'), slot('time', '7 pm')];

function setup(
  options: { llm?: LlmPort; retrieveGate?: Promise<void>; onRetrieve?: () => void } = {},
) {
  const store = createGroveStore();
  const log: string[] = [];
  const memory = {
    recallTask: (kind: string): Promise<TaskRecall> => {
      log.push('recall');
      return Promise.resolve({ kind, intent: '', slots: REMEMBERED, candidates: 1 });
    },
    async retrieve(
      query: string,
      _o: unknown,
      onEvent?: (e: TraversalEvent) => void,
    ): Promise<RetrieveReply> {
      log.push(`retrieve: ${query}`);
      options.onRetrieve?.();
      await options.retrieveGate;
      onEvent?.(visit);
      onEvent?.(done);
      return {
        items: [{ id: 'f1', text: FACT, sessionIds: [asSessionId('s0')] }],
        judge: 'tacitree:llm',
        contextTokens: 6,
        llmCalls: 1,
        judgeTokens: 9,
        events: [visit, done],
      };
    },
  } as unknown as MemoryClient;
  const { llm } = options;
  const chatLlm = () => (llm ? { port: llm, label: 'Test model' } : undefined);
  const tasks = createTaskAssist({ store, memory, chatLlm, now: () => 0 });
  const chat = createChatController({
    store,
    memory,
    chatLlm,
    onMemoryChanged: () => Promise.resolve(),
    tasks,
    topics: createTopicRouter({ store, embedder: async () => new HashEmbedder() }),
    now: () => 0,
  });
  const replies = () => store.getState().messages.filter((m) => m.role === 'assistant');
  return { store, chat, tasks, log, replies };
}

describe('a task turn in the topic forest', () => {
  it('becomes a round with the task reply shown, and a later chat turn continues from it', async () => {
    const t = setup();
    await t.chat.send('Book a table for dinner');
    await t.chat.send('Yes');
    const [confirm, booked] = t.replies();
    expect(confirm?.text).toBe('Just to confirm: a table for 2 at Nopa at 7 pm again?');
    expect(booked?.text).toMatch(/^Done\. Table booking — restaurant: Nopa/);
    const { topics } = t.store.getState();
    expect(topics.discourse.rounds).toBe(2);
    expect(topics.turns[confirm?.id ?? '']).toMatchObject({
      turn: 0,
      topic: 'first',
      nodeId: 'n1',
    });
    // "Yes" answers the open task: it stays in the task's topic, on its path.
    expect(topics.turns[booked?.id ?? '']).toMatchObject({
      turn: 1,
      treeNumber: 1,
      topic: 'same-tree',
      action: 'CONTINUE',
      pathRounds: 1,
      fromNodeId: 'n1',
      nodeId: 'n2',
    });
    expect(topics.discourse.trees).toHaveLength(1);
    // Without a model the task reply is still the round's answer (it is what the user was told).
    expect(topics.discourse.nodes['n1']).toMatchObject({
      user: 'Book a table for dinner',
      assistant: confirm?.text,
    });
    expect(topics.discourse.nodes['n2']).toMatchObject({ user: 'Yes', assistant: booked?.text });

    // A chat turn about the booking is routed into the task's topic, after its rounds.
    await t.chat.send('What dinner table should I book?');
    const chat = t.replies().at(-1);
    expect(chat?.model).toBeNull();
    expect(t.store.getState().topics.turns[chat?.id ?? '']).toMatchObject({
      turn: 2,
      treeNumber: 1,
      topic: 'same-tree',
      fromNodeId: 'n2',
      pathRounds: 2,
    });
    // An unrelated one opens a topic of its own.
    await t.chat.send('My vegetable garden tomatoes are not growing.');
    const garden = t.store.getState().topics.turns[t.replies().at(-1)?.id ?? ''];
    expect(garden).toMatchObject({ topic: 'new-tree', treeNumber: 2, pathRounds: 0 });
  });

  it('with a model, leaves the task reply as written and gives the later answer its rounds', async () => {
    const llm = new ScriptedLlm({ rules: { 'task-respond': taskChatRespondRule } });
    const t = setup({ llm });
    await t.chat.send('Book a table for dinner');
    const confirm = t.replies()[0];
    expect(confirm).toMatchObject({
      text:
        'Just to confirm, as last time: the restaurant name is Nopa, the party size is 2 and ' +
        'the time is 7 pm. Shall I go ahead?',
      model: 'Test model',
      status: 'done',
    });
    expect(t.store.getState().taskCards[confirm?.id ?? '']?.open).toBe(true);
    const { discourse } = t.store.getState().topics;
    expect(discourse.nodes['n1']?.assistant).toBe(confirm?.text);

    await t.chat.send('Yes');
    // Close enough to the task's rounds that the embedding is unsure: the reply keeps the current
    // topic's rounds, and the LLM, asked after the reply, places the round in that topic.
    await t.chat.send('Which table at Nopa should I book for dinner, and at what time?');
    expect(llm.callsFor('discourse-topic')).toHaveLength(1);
    const purposes = llm.calls.map((c) => c.purpose);
    expect(purposes.indexOf('answer')).toBeLessThan(purposes.indexOf('discourse-topic'));
    expect(llm.callsFor('answer')).toHaveLength(1);
    const answer = llm.callsFor('answer')[0]?.prompt ?? '';
    expect(answer).toContain('Book a table for dinner');
    expect(answer).toContain(confirm?.text);
  });
});

describe('memories for a task turn', () => {
  it('are retrieved for the task text after the task reply, which they do not feed', async () => {
    const llm = new ScriptedLlm({ rules: { 'task-respond': taskChatRespondRule } });
    let respondCallsAtRetrieval = -1;
    const t = setup({
      llm,
      onRetrieve: () => (respondCallsAtRetrieval = llm.callsFor('task-respond').length),
    });
    await t.chat.send('Book a table for dinner');
    expect(t.log).toEqual(['recall', 'retrieve: Book a table for dinner']);
    expect(respondCallsAtRetrieval).toBe(1);
    const reply = t.replies()[0];
    expect(reply?.task).toBe(true);
    expect(reply?.memories).toMatchObject({ status: 'done', judge: 'tacitree:llm', llmCalls: 1 });
    expect(reply?.memories?.items.map((i) => i.text)).toEqual([FACT]);
    expect(reply?.memories?.events).toEqual([visit, done]);
    expect(t.store.getState().lastTraversal).toEqual([visit, done]);
  });

  it('are not searched with memory off; the task reply and its round still come', async () => {
    const t = setup();
    t.store.getState().setMemoryEnabled(false);
    await t.chat.send('Book a table for 2');
    const reply = t.replies()[0];
    expect(reply?.text).toBe('Which restaurant would you like to book?');
    expect(reply?.memories).toBeUndefined();
    expect(t.log).toEqual([]);
    expect(t.store.getState().topics.discourse.rounds).toBe(1);
  });

  it('show the task reply at once and come in under it; the round commits after', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const llm = new ScriptedLlm({ rules: { 'task-respond': taskChatRespondRule } });
    const t = setup({ llm, retrieveGate: gate });
    const sending = t.chat.send('Book a table for dinner');
    await vi.waitFor(() => expect(t.log).toContain('retrieve: Book a table for dinner'));
    const shown = t.replies()[0];
    expect(shown).toMatchObject({ status: 'done', model: 'Test model' });
    expect(shown?.memories?.status).toBe('retrieving');
    expect(t.store.getState().topics.discourse.rounds).toBe(0);
    open();
    await sending;
    const reply = t.replies()[0];
    expect(reply?.memories?.status).toBe('done');
    expect(t.store.getState().topics.discourse.nodes['n1']?.assistant).toBe(reply?.text);
  });
});
