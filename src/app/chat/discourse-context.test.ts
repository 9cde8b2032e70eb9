import { describe, expect, it } from 'vitest';
import type { DiscourseEvent } from '../../engine/discourse/index.ts';
import type { EmbedderPort } from '../../engine/ports.ts';
import { HashEmbedder, ScriptedLlm } from '../../engine/testing/index.ts';
import type { MemoryClient } from '../../memory-backend/memory-client.ts';
import { createGroveStore, type GroveStore } from '../../state/store.ts';
import { createChatController } from './chat-controller.ts';
import { approximateTokenizer } from '../../engine/tokens.ts';
import {
  createTopicRouter,
  PATH_CONTEXT_TOKENS,
  SUMMARY_CONTEXT_TOKENS,
  topicTurn,
  withSelectedContext,
} from './discourse-context.ts';

const embedder = new HashEmbedder();

function routerFor(store: GroveStore, embed: () => Promise<EmbedderPort> = async () => embedder) {
  return createTopicRouter({ store, embedder: embed });
}

/** A chat with memory off (nothing is searched) whose turns go through the topic router. */
function chatWithTopics(llm?: ScriptedLlm) {
  const store = createGroveStore();
  store.getState().setMemoryEnabled(false);
  const chat = createChatController({
    store,
    memory: {} as MemoryClient,
    chatLlm: () => (llm ? { port: llm, label: 'scripted' } : undefined),
    onMemoryChanged: async () => {},
    topics: routerFor(store),
  });
  return { store, chat };
}

describe('withSelectedContext', () => {
  const answer = [
    { role: 'system' as const, content: 'You are Grove.' },
    { role: 'user' as const, content: '### QUESTION\nAnd then?' },
  ];

  it('merges the summaries into the one system message, then the path, then the question', () => {
    const messages = withSelectedContext(answer, {
      context: {
        messages: [
          { role: 'system', content: 'Other topics, one per line:\nThe user gardens.' },
          { role: 'user', content: 'Plan a trip.' },
          { role: 'assistant', content: 'Sure.' },
          { role: 'user', content: 'And then?' },
        ],
        system: 'Other topics, one per line:\nThe user gardens.',
        pathNodeIds: ['n1'],
        summarisedNodeIds: ['n2'],
        contextTokens: 9,
      },
    });
    expect(messages).toEqual([
      {
        role: 'system',
        content: 'You are Grove.\n\nOther topics, one per line:\nThe user gardens.',
      },
      { role: 'user', content: 'Plan a trip.' },
      { role: 'assistant', content: 'Sure.' },
      { role: 'user', content: '### QUESTION\nAnd then?' },
    ]);
  });

  it('keeps the answer prompt as it is when there is nothing before the query', () => {
    const context = {
      messages: [{ role: 'user' as const, content: 'Hi' }],
      system: null,
      pathNodeIds: [],
      summarisedNodeIds: [],
      contextTokens: 0,
    };
    expect(withSelectedContext(answer, { context })).toEqual(answer);
  });

  it('cuts a long path and a long summary line to their budgets, keeping the most recent', () => {
    const words = (n: number, tag: string) => Array.from({ length: n }, () => tag).join(' ');
    const rounds = Array.from({ length: 40 }, (_, i) => [
      { role: 'user' as const, content: `Question ${i}: ${words(30, 'q')}` },
      { role: 'assistant' as const, content: `Answer ${i}: ${words(30, 'a')}` },
    ]).flat();
    const summaries = Array.from({ length: 40 }, (_, i) => `Topic ${i}: ${words(20, 's')}`);
    const system = `Other topics:\n${summaries.join('\n')}`;
    const messages = withSelectedContext(answer, {
      context: {
        messages: [
          { role: 'system', content: system },
          ...rounds,
          { role: 'user', content: 'Now?' },
        ],
        system,
        pathNodeIds: [],
        summarisedNodeIds: [],
        contextTokens: 0,
      },
    });
    const count = (text: string) => approximateTokenizer.count(text);
    const path = messages.slice(1, -1);
    const pathTokens = path.reduce((n, m) => n + count(m.content), 0);
    expect(pathTokens).toBeLessThanOrEqual(PATH_CONTEXT_TOKENS);
    expect(pathTokens).toBeGreaterThan(PATH_CONTEXT_TOKENS / 2);
    expect(path[0]?.role).toBe('user');
    expect(path.at(-1)?.content).toMatch(/^Answer 39:/);
    const summaryPart = messages[0]!.content.slice('You are Grove.\n\n'.length);
    expect(count(summaryPart)).toBeLessThanOrEqual(SUMMARY_CONTEXT_TOKENS);
    expect(summaryPart).toMatch(/Topic 39:/);
    expect(summaryPart).not.toMatch(/Topic 0:/);
    expect(messages.at(-1)).toEqual(answer[1]);
  });
});

describe('chat with Context-Agent', () => {
  it('routes each turn, sends the selected path and commits the round with the reply', async () => {
    const llm = new ScriptedLlm();
    const { store, chat } = chatWithTopics(llm);
    await chat.send('I want to plan a trip to Japan in April.');
    await chat.send('For the trip to Japan in April, which cities should I plan?');
    const { topics } = store.getState();
    expect(topics.conversationId).toBe(store.getState().conversationId);
    expect(topics.discourse.rounds).toBe(2);
    const [first, second] = store.getState().messages.filter((m) => m.role === 'assistant');
    expect(topics.turns[first?.id ?? '']).toMatchObject({
      turn: 0,
      treeNumber: 1,
      topic: 'first',
      action: 'CONTINUE',
      pathRounds: 0,
      totalRounds: 0,
      fromNodeId: null,
      nodeId: 'n1',
    });
    expect(topics.turns[second?.id ?? '']).toMatchObject({
      topic: 'same-tree',
      pathRounds: 1,
      totalRounds: 1,
      fromNodeId: 'n1',
      nodeId: 'n2',
    });
    // The second answer request carries the first round in full, before the question.
    const answers = llm.calls.filter((c) => c.purpose === 'answer');
    expect(answers).toHaveLength(2);
    expect(answers[1]?.prompt).toContain('I want to plan a trip to Japan in April.');
    expect(topics.discourse.nodes['n1']?.assistant).toBe(first?.text);
  });

  it('opens a second topic tree for an unrelated turn and leaves its round out of the path', async () => {
    const llm = new ScriptedLlm();
    const { store, chat } = chatWithTopics(llm);
    await chat.send('I want to plan a trip to Japan in April.');
    await chat.send('My vegetable garden tomatoes are not growing.');
    const { discourse, turns } = store.getState().topics;
    expect(discourse.trees).toHaveLength(2);
    const last = Object.values(turns).find((t) => t.turn === 1);
    expect(last).toMatchObject({ topic: 'new-tree', treeNumber: 2, pathRounds: 0 });
    const prompt = llm.calls.filter((c) => c.purpose === 'answer')[1]?.prompt ?? '';
    expect(prompt).not.toContain('I want to plan a trip to Japan in April.');
    expect(prompt).toContain('Other topics');
  });

  it('without a model, decides with embeddings and commits rounds without the notice', async () => {
    const { store, chat } = chatWithTopics();
    await chat.send('I want to plan a trip to Japan in April.');
    const { discourse } = store.getState().topics;
    expect(discourse.rounds).toBe(1);
    expect(discourse.nodes['n1']).toMatchObject({ assistant: '' });
    expect(Object.values(store.getState().topics.turns)[0]?.source).toBe('rule');
  });

  it('starts a fresh forest for a new conversation', async () => {
    const { store, chat } = chatWithTopics(new ScriptedLlm());
    await chat.send('I want to plan a trip to Japan in April.');
    store.getState().newConversation('c-next', 's-next');
    await chat.send('My vegetable garden tomatoes are not growing.');
    const { topics } = store.getState();
    expect(topics.conversationId).toBe('c-next');
    expect(topics.discourse.rounds).toBe(1);
    expect(Object.keys(topics.turns)).toHaveLength(1);
  });
});

describe('topic router', () => {
  it('falls back (null) and says why when the embedder cannot load', async () => {
    const store = createGroveStore();
    const router = routerFor(store, () => Promise.reject(new Error('no model files')));
    expect(await router.route('m1', 'Hello there', undefined)).toBeNull();
    expect(store.getState().topicErrors['m1']).toContain('no model files');
    // The next turn is not blocked by the failed one.
    const retry = routerFor(store);
    expect(await retry.route('m2', 'Hello again', undefined)).not.toBeNull();
  });

  it('routes a turn only once the previous one is committed, and skips a failed reply', async () => {
    const store = createGroveStore();
    const router = routerFor(store);
    store
      .getState()
      .addMessage({ id: 'r1', role: 'assistant', text: '', status: 'failed', sessionId: 's' }, 0);
    const first = await router.route('r1', 'Plan a trip to Japan.', undefined);
    let secondRouted = false;
    const second = router.route('r2', 'Plan a trip to Japan in May.', undefined).then((h) => {
      secondRouted = true;
      return h;
    });
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(secondRouted).toBe(false);
    await first?.finish();
    await second;
    expect(secondRouted).toBe(true);
    // The failed reply's round was not added.
    expect(store.getState().topics.discourse.rounds).toBe(0);
    expect(store.getState().topics.turns['r1']?.nodeId).toBeNull();
  });

  it('turns a routed turn into the reply line numbers', async () => {
    const store = createGroveStore();
    store
      .getState()
      .addMessage(
        { id: 'r1', role: 'assistant', text: 'Sure.', status: 'done', sessionId: 's' },
        0,
      );
    const router = routerFor(store);
    const handle = await router.route('r1', 'Plan a trip to Japan.', undefined);
    expect(handle && topicTurn(handle.routed)).toMatchObject({ turn: 0, treeNumber: 1 });
    const events: DiscourseEvent['type'][] = handle?.routed.events.map((e) => e.type) ?? [];
    expect(events).toEqual(['topic', 'similar', 'branch', 'context']);
  });
});
