import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceProfile } from '../../engine/cost/index.ts';
import type { LlmPort } from '../../engine/ports.ts';
import type { TraversalEvent } from '../../engine/retrieval.ts';
import { AbortError } from '../../engine/errors.ts';
import { ScriptedLlm } from '../../engine/testing/index.ts';
import { asNodeId, asSessionId } from '../../engine/types.ts';
import type { MemoryClient } from '../../memory-backend/memory-client.ts';
import type { RetrieveReply, SessionInput } from '../../memory-backend/worker-protocol.ts';
import { createGroveStore } from '../../state/store.ts';
import { createChatController, type ChatLlm } from './chat-controller.ts';
import { NO_MODEL_NOTICE } from './reply.ts';

const visit: TraversalEvent = { type: 'visit', node: asNodeId('f1'), level: 0 };
const done: TraversalEvent = { type: 'done', selected: 1, calls: 1, tokens: 9 };

function fakeMemory() {
  const ingested: { session: SessionInput; conversationId?: string }[] = [];
  let retrieves = 0;
  const requests: unknown[] = [];
  const memory = {
    retrieve(
      _q: string,
      request: unknown,
      onEvent?: (e: TraversalEvent) => void,
    ): Promise<RetrieveReply> {
      retrieves++;
      requests.push(request);
      onEvent?.(visit);
      onEvent?.(done);
      return Promise.resolve({
        items: [{ id: 'f1', text: 'The user lives in Oslo.', sessionIds: [asSessionId('s0')] }],
        judge: 'tacitree:llm',
        contextTokens: 6,
        llmCalls: 1,
        judgeTokens: 9,
        events: [visit, done],
      });
    },
    ingest(session: SessionInput, conversationId?: string) {
      ingested.push({ session, ...(conversationId ? { conversationId } : {}) });
      return Promise.resolve({ status: 'ingested' as const, sessionId: session.id, facts: 1 });
    },
  } as unknown as MemoryClient;
  return { memory, ingested, requests, retrieves: () => retrieves };
}

function setup(llm?: ChatLlm) {
  const store = createGroveStore();
  const fake = fakeMemory();
  const changed = vi.fn(() => Promise.resolve());
  const chat = createChatController({
    store,
    memory: fake.memory,
    chatLlm: () => llm,
    onMemoryChanged: changed,
  });
  return { store, chat, changed, ...fake };
}

afterEach(() => vi.useRealTimers());

describe('chat controller', () => {
  it('retrieves memories, streams the model’s reply and keeps the traversal', async () => {
    const { store, chat } = setup({ port: new ScriptedLlm(), label: 'scripted' });
    await chat.send('Where do I live?');
    const [question, reply] = store.getState().messages;
    expect(question).toMatchObject({ role: 'user', text: 'Where do I live?' });
    expect(reply).toMatchObject({ role: 'assistant', status: 'done', model: 'scripted' });
    expect(reply?.text).toBe('The user lives in Oslo.');
    expect(reply?.memories).toMatchObject({ status: 'done', judge: 'tacitree:llm', llmCalls: 1 });
    expect(reply?.memories?.events).toEqual([visit, done]);
    expect(store.getState().lastTraversal).toEqual([visit, done]);
  });

  it('times the memory search and keeps the model’s measured speed once it has one', async () => {
    const engine: { measured?: DeviceProfile } = {};
    const port: LlmPort = Object.assign(new ScriptedLlm(), {
      measuredProfile: () => engine.measured,
    });
    const store = createGroveStore();
    let clock = 1000;
    const memory = {
      ...fakeMemory().memory,
      retrieve: (q: string, o: unknown, onEvent?: (e: TraversalEvent) => void) => {
        clock += 420;
        return fakeMemory().memory.retrieve(q, o as never, onEvent);
      },
    } as MemoryClient;
    const chat = createChatController({
      store,
      memory,
      chatLlm: () => ({ port, label: 'scripted' }),
      onMemoryChanged: () => Promise.resolve(),
      now: () => clock,
    });
    await chat.send('Where do I live?');
    expect(store.getState().messages[1]?.memories?.searchMs).toBe(420);
    expect(store.getState().measuredProfile).toBeNull();

    engine.measured = {
      name: 'this device',
      prefillTokensPerSecond: 900,
      decodeTokensPerSecond: 35,
      overheadMs: 50,
    };
    await chat.send('And where do I work?');
    expect(store.getState().measuredProfile).toEqual(engine.measured);
  });

  it('Stop during the memory search cancels it in the worker and writes nothing', async () => {
    const store = createGroveStore();
    let seen: AbortSignal | undefined;
    const memory = {
      retrieve(_q: string, _o: unknown, _e: unknown, signal?: AbortSignal) {
        seen = signal;
        return new Promise((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(new AbortError())),
        );
      },
    } as unknown as MemoryClient;
    const llm = new ScriptedLlm();
    const chat = createChatController({
      store,
      memory,
      chatLlm: () => ({ port: llm, label: 'scripted' }),
      onMemoryChanged: () => Promise.resolve(),
    });
    const sent = chat.send('Where do I live?');
    await vi.waitFor(() => expect(seen).toBeDefined());
    chat.stop();
    await sent;
    expect(seen?.aborted).toBe(true);
    const reply = store.getState().messages[1];
    expect(reply).toMatchObject({
      status: 'failed',
      error: 'Stopped before the model wrote anything.',
    });
    expect(reply?.memories).toMatchObject({ status: 'failed', error: 'Memory search stopped.' });
    expect(llm.calls).toHaveLength(0);
  });

  it('shows where a waiting reply is, stage by stage, and clears it once it writes', async () => {
    const store = createGroveStore();
    let release: () => void = () => {};
    const memory = {
      async retrieve(_q: string, _o: unknown, onEvent?: (e: TraversalEvent) => void) {
        onEvent?.({ type: 'visit', node: asNodeId('r'), level: 2 });
        onEvent?.({ type: 'visit', node: asNodeId('l'), level: 1 });
        await new Promise<void>((resolve) => (release = resolve));
        return {
          items: [],
          judge: 'tacitree:hybrid',
          contextTokens: 0,
          llmCalls: 0,
          judgeTokens: 0,
          events: [],
        };
      },
    } as unknown as MemoryClient;
    const chat = createChatController({
      store,
      memory,
      chatLlm: () => ({ port: new ScriptedLlm(), label: 'scripted' }),
      onMemoryChanged: () => Promise.resolve(),
    });
    const sent = chat.send('Where do I live?');
    const reply = () => store.getState().messages[1];
    await vi.waitFor(() =>
      expect(reply()?.stage).toEqual({
        routing: false,
        searching: { step: 2, steps: 2 },
        writing: false,
      }),
    );
    release();
    await sent;
    expect(reply()?.status).toBe('done');
    expect(reply()?.stage).toBeUndefined();
  });

  it('searches memory with the effort chosen in the settings', async () => {
    const { store, chat, requests } = setup({ port: new ScriptedLlm(), label: 'scripted' });
    await chat.send('Where do I live?');
    store.getState().setMemoryEffort('quick');
    await chat.send('And where did I grow up?');
    expect(requests).toEqual([{ effort: 'balanced' }, { effort: 'quick' }]);
  });

  it('answers from memory only, saying so, when no model is loaded', async () => {
    const { store, chat } = setup();
    await chat.send('Where do I live?');
    const reply = store.getState().messages[1];
    expect(reply?.model).toBeNull();
    expect(reply?.text).toContain(NO_MODEL_NOTICE);
    expect(reply?.text).toContain('- The user lives in Oslo.');
  });

  it('with memory off, neither searches nor remembers the conversation', async () => {
    const { store, chat, retrieves, ingested } = setup();
    store.getState().setMemoryEnabled(false);
    await chat.send('I live in Oslo.');
    expect(retrieves()).toBe(0);
    expect(store.getState().messages[1]?.memories).toBeUndefined();
    await chat.endSession('user');
    expect(ingested).toEqual([]);
    expect(store.getState().ingestion[0]).toMatchObject({ stage: 'skipped' });
  });

  it('ends a session on request: its turns go to the memory worker, progress ends at 100', async () => {
    const { store, chat, ingested, changed } = setup({ port: new ScriptedLlm(), label: 's' });
    const first = store.getState().sessionId;
    await chat.send('I live in Oslo.');
    await chat.endSession('user');
    expect(ingested).toHaveLength(1);
    expect(ingested[0]?.session.id).toBe(first);
    expect(ingested[0]?.session.turns.map((t) => t.speaker)).toEqual(['user', 'assistant']);
    expect(store.getState().ingestion).toEqual([
      { sessionId: first, stage: 'done', progress: 100, facts: 1 },
    ]);
    expect(changed).toHaveBeenCalledOnce();
    expect(store.getState().sessionId).not.toBe(first);
    await chat.endSession('user'); // an empty session is not sent
    expect(ingested).toHaveLength(1);
  });

  it('ends the session by itself after the configured inactivity', async () => {
    vi.useFakeTimers({ now: 0 });
    const { store, chat, ingested } = setup();
    store.getState().setInactivityMinutes(5);
    await chat.send('I have a dog.');
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(ingested).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ingested).toHaveLength(1);
    chat.dispose();
  });
});

describe('chat controller and profile loading', () => {
  it('waits for the profile to be open before writing the session', async () => {
    const { store, chat, ingested } = setup();
    await chat.send('I have a cat.');
    store.getState().setProfileLoading(true);
    const ending = chat.endSession('user');
    await Promise.resolve();
    expect(ingested).toHaveLength(0);
    store.getState().setProfileLoading(false);
    await ending;
    expect(ingested).toHaveLength(1);
  });
});

describe('stopping a reply', () => {
  it('keeps what was written and marks it stopped', async () => {
    const port = Object.assign(new ScriptedLlm(), {
      stream: (
        request: { signal?: AbortSignal },
        onDelta: (d: string, all: string) => void,
      ): Promise<never> => {
        onDelta('Hello', 'Hello');
        return new Promise((_resolve, reject) =>
          request.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      },
    });
    const { store, chat } = setup({ port, label: 'slow' });
    const sending = chat.send('Hi');
    await vi.waitFor(() => expect(store.getState().messages[1]?.text).toBe('Hello'));
    chat.stop();
    await sending;
    expect(store.getState().messages[1]).toMatchObject({
      status: 'done',
      text: 'Hello …(stopped)',
    });
  });
});
