/**
 * Checks the conversation history of an export (format version 3) hangs together: each listed
 * conversation has exactly one transcript and at most one topic forest, nothing belongs to a
 * conversation the list lacks, message ids are unique within their conversation, and each
 * forest's references resolve (so the topic panel and routing never meet a missing node, and a
 * node's parent is always an earlier round: no cycles).
 *
 * Sessions: a transcript's messages name the session they were said in, and that session may be
 * absent from the file's sessions. That is normal, not damage: a conversation with memory off,
 * a session ended while memory was paused, one never ended (its tab closed first), or one the
 * user deleted from memory was never ingested, or no longer is. When the session *is* in the file
 * (ingested or pending), it must be filed under the same conversation. The transcript's own
 * `sessionId` (the session a reopened conversation may go on in) is not checked against the
 * sessions: ending a session hands its fresh successor to the next conversation, so it may be
 * filed under another one, and a conversation only goes on in it when its own messages are in it.
 */
import type { ExportedChat, ExportedTranscript } from './chat-format.ts';
import type { ExportedForestData, ExportedTopicForest } from './forest-format.ts';
import { fail, unique } from './integrity-checks.ts';

export interface HistorySections {
  readonly chats: readonly ExportedChat[];
  readonly transcripts: readonly ExportedTranscript[];
  readonly topicForests: readonly ExportedTopicForest[];
}

/** `sessionConversations`: the conversation of every session in the file, ingested or pending. */
export function validateChats(
  data: HistorySections,
  sessionConversations: ReadonlyMap<string, string>,
): void {
  const chats = unique(
    data.chats.map((c) => c.id),
    'conversation in the history',
  );
  const transcripts = unique(
    data.transcripts.map((t) => t.id),
    'transcript',
  );
  for (const transcript of data.transcripts) {
    if (!chats.has(transcript.id))
      fail(`transcript "${transcript.id}" belongs to no conversation in the history`);
    checkTranscript(transcript, sessionConversations);
  }
  for (const id of chats) {
    if (!transcripts.has(id)) fail(`conversation "${id}" in the history has no transcript`);
  }
  unique(
    data.topicForests.map((f) => f.id),
    'topic forest',
  );
  for (const { id, forest } of data.topicForests) {
    if (!chats.has(id)) fail(`topic forest "${id}" belongs to no conversation in the history`);
    checkForest(id, forest);
  }
}

function checkTranscript(
  transcript: ExportedTranscript,
  sessionConversations: ReadonlyMap<string, string>,
): void {
  const id = transcript.id;
  unique(
    transcript.messages.map((m) => m.id),
    `message in conversation "${id}"`,
  );
  for (const message of transcript.messages) {
    const owner = sessionConversations.get(message.sessionId);
    if (owner !== undefined && owner !== id) {
      fail(
        `message "${message.id}" of conversation "${id}" was said in session ` +
          `"${message.sessionId}", which the file files under conversation "${owner}"`,
      );
    }
  }
}

/** Throws (ImportError) unless `forest` is a well-formed forest of conversation `id`. */
export function checkForest(id: string, forest: ExportedForestData): void {
  const where = `topic forest "${id}"`;
  if (forest.conversationId !== id)
    fail(`${where} is the forest of another conversation "${forest.conversationId}"`);
  const d = forest.discourse;
  const trees = unique(
    d.trees.map((t) => t.id),
    `topic tree in ${where}`,
  );
  // Own entries only: a reference such as "constructor" must not find Object.prototype's.
  const nodes = new Map(Object.entries(d.nodes));
  const branches = new Map(Object.entries(d.branches));
  const node = (ref: string | null, what: string) => {
    if (ref !== null && !nodes.has(ref))
      fail(`${where}: ${what} points at a node "${ref}" that is not in it`);
  };
  const branch = (ref: string, what: string) => {
    if (!branches.has(ref)) fail(`${where}: ${what} points at a branch "${ref}" that is not in it`);
  };
  const tree = (ref: string, what: string) => {
    if (!trees.has(ref))
      fail(`${where}: ${what} points at a topic tree "${ref}" that is not in it`);
  };
  for (const [key, n] of nodes) {
    if (n.id !== key) fail(`${where}: node "${n.id}" is filed under "${key}"`);
    tree(n.treeId, `node "${key}"`);
    branch(n.branchId, `node "${key}"`);
    node(n.parentId, `node "${key}"`);
    if (n.parentId !== null && nodes.get(n.parentId)!.turn >= n.turn)
      fail(`${where}: node "${key}" comes before its parent "${n.parentId}"`);
  }
  for (const [key, b] of branches) {
    if (b.id !== key) fail(`${where}: branch "${b.id}" is filed under "${key}"`);
    tree(b.treeId, `branch "${key}"`);
    node(b.forkNodeId, `branch "${key}"`);
    for (const n of b.nodeIds) node(n, `branch "${key}"`);
  }
  for (const t of d.trees) {
    node(t.rootId, `topic tree "${t.id}"`);
    node(t.currentNodeId, `topic tree "${t.id}"`);
    for (const b of t.branchIds) branch(b, `topic tree "${t.id}"`);
    branch(t.activeBranchId, `topic tree "${t.id}"`);
  }
  if (d.activeTreeId !== null) tree(d.activeTreeId, 'the active tree');
}
