/**
 * Test helper: a profile's conversation history as the chat writes it, with every kind of
 * message and forest an export must carry: replies with the memories they used (and one from the
 * task assist), a failed reply, a memory-only reply (model null), a conversation with memory off
 * whose session was never ingested, and topic forests with two trees, a fork and a switch back.
 */
import {
  addRound,
  emptyDiscourse,
  forkBranch,
  openTree,
  switchBranch,
} from '../../engine/discourse/forest.ts';
import type { DiscourseState } from '../../engine/discourse/index.ts';
import { asFactId, asSessionId } from '../../engine/types.ts';
import { ChatHistoryStore } from '../chat-history.ts';
import type { GroveDb } from '../db.ts';

// The chat's messages and topic turns (src/state: ChatMessageView, TopicTurn) as the plain JSON
// storage keeps them: storage never depends on the store's types. src/app/chat's
// conversations-reopen.test.ts checks that the chat reads these back.
type MessageJson = { readonly id: string } & Readonly<Record<string, unknown>>;
type TopicTurnJson = Readonly<Record<string, unknown>>;

const user = (id: string, sessionId: string, text: string): MessageJson => ({
  id,
  role: 'user',
  text,
  status: 'done',
  sessionId,
});

const reply = (id: string, sessionId: string, text: string, factIds: string[]) =>
  ({
    id,
    role: 'assistant',
    text,
    status: 'done',
    sessionId,
    memories: {
      status: 'done',
      items: factIds.map((f, i) => ({
        id: f,
        text: `fact ${f}`,
        sessionIds: [asSessionId(sessionId)],
        factIds: [asFactId(f)],
        score: 1 - i / 10,
      })),
      events: [],
      judge: 'tacitree:embedding',
      llmCalls: 0,
    },
    model: 'scripted',
  }) satisfies MessageJson;

const round = (n: number) => ({
  user: `question ${n}`,
  assistant: `answer ${n}`,
  summary: `The user asked question ${n}.`,
  embedding: [n / 10, 1 - n / 10, 0.5],
});

/** Two topic trees; the first with a branch forked from its first round, then switched back. */
function forest(): DiscourseState {
  let state = openTree(emptyDiscourse());
  state = addRound(state, round(1)).state;
  state = addRound(state, round(2)).state;
  state = forkBranch(state, 'n1');
  state = addRound(state, round(3)).state;
  state = openTree(state);
  state = addRound(state, round(4)).state;
  return switchBranch(state, 'b1');
}

const turn = (n: number, treeId: string, nodeId: string | null): TopicTurnJson => ({
  turn: n,
  treeId,
  treeNumber: treeId === 't1' ? 1 : 2,
  topic: n === 0 ? 'first' : 'same-tree',
  action: 'CONTINUE',
  source: 'embedding',
  pathRounds: n,
  totalRounds: n,
  contextTokens: 12.5 * n,
  fromNodeId: n === 0 ? null : `n${n}`,
  nodeId,
});

/**
 * Saves the history of `profileId`: "c0" (sessions d2 and the pending "later", a topic forest),
 * "c1" (sessions d1 and the task session t2, a task reply) and "c-off" (memory off: session
 * "s-off", in no memory). Sessions as ingested by the export tests' fixture.
 */
export async function saveConversations(db: GroveDb, profileId: string): Promise<void> {
  let clock = 1_700_000_000_000;
  const history = new ChatHistoryStore(db, () => (clock += 1000));
  const c0 = [
    user('u1', 'd2', 'Where do I keep my things?'),
    reply('a1', 'd2', 'Beside the door.', ['f1', 'f2']),
    user('u2', 'later', 'And tomorrow?'),
    // a reply the model could not finish (fields in another order than the chat writes them)
    {
      error: 'The model could not answer: out of memory',
      sessionId: 'later',
      status: 'failed',
      text: '',
      role: 'assistant',
      id: 'a2',
    } satisfies MessageJson,
  ];
  await history.save(profileId, {
    id: 'c0',
    title: 'Where do I keep my things?',
    messageCount: c0.length,
    memoryEnabled: true,
    sessionId: 'later',
    lastActivityAt: 1_700_000_500_000,
    messages: c0,
    touchedAt: 1_700_000_500_000,
  });
  const topics = {
    conversationId: 'c0',
    discourse: forest(),
    turns: { a1: turn(0, 't1', 'n1'), a2: turn(1, 't1', null) },
  };
  await history.saveTopics(profileId, 'c0', topics);

  const c1 = [
    user('u1', 'd1', 'Book a table'),
    { ...reply('a1', 't2', 'Just to confirm: Zuni for 3?', ['f3']), task: true },
    user('u2', 't2', 'Yes'),
    { ...reply('a2', 't2', 'Done.', []), model: null },
  ];
  await history.save(profileId, {
    id: 'c1',
    title: 'Book a table',
    messageCount: c1.length,
    memoryEnabled: true,
    sessionId: 's-next',
    lastActivityAt: null,
    messages: c1,
  });

  const off = [
    user('u1', 's-off', 'Do not remember this.'),
    { ...reply('a1', 's-off', 'I will not.', []), memories: undefined },
  ];
  await history.save(profileId, {
    id: 'c-off',
    title: 'Do not remember this.',
    messageCount: off.length,
    memoryEnabled: false,
    sessionId: 's-off',
    lastActivityAt: 1_700_000_900_000,
    messages: off.map(({ memories: _, ...m }) => m),
  });
}
