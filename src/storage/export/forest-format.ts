/**
 * The `topicForests` section of a profile export (format version 3 on): each conversation's
 * topic forest (Context-Agent), the `topicTrees` row filed under the conversation id. Its data is
 * the chat's TopicsSnapshot (src/state/topics-slice.ts) around the engine's DiscourseState
 * (src/engine/discourse/types.ts), checked field by field; validate-chats.ts checks that its
 * references resolve.
 */
import { z } from 'zod';
import { count, id, LIMITS, recordOf } from './format-fields.ts';

const text = z.string().max(LIMITS.turnChars);

const discourseNode = z.strictObject({
  id,
  treeId: id,
  branchId: id,
  parentId: id.nullable(),
  turn: count,
  user: text,
  assistant: text,
  summary: text,
  embedding: z.array(z.number()).max(LIMITS.dimension),
});

const branch = z.strictObject({
  id,
  treeId: id,
  forkNodeId: id.nullable(),
  nodeIds: z.array(id).max(LIMITS.messagesPerChat),
});

const topicTree = z.strictObject({
  id,
  rootId: id.nullable(),
  branchIds: z.array(id).max(LIMITS.messagesPerChat),
  activeBranchId: id,
  currentNodeId: id.nullable(),
});

const discourse = z.strictObject({
  version: z.literal(1),
  trees: z.array(topicTree).max(LIMITS.messagesPerChat),
  branches: recordOf(branch, LIMITS.messagesPerChat),
  nodes: recordOf(discourseNode, LIMITS.messagesPerChat),
  activeTreeId: id.nullable(),
  rounds: count,
  nextIds: z.strictObject({ tree: count, branch: count, node: count }),
});

const placement = {
  /** '' when routing left no active tree (src/app/chat/discourse-context.ts). */
  treeId: z.string().max(LIMITS.idChars),
  treeNumber: count,
  topic: z.enum(['first', 'same-tree', 'other-tree', 'new-tree']),
  action: z.enum(['CONTINUE', 'CREATE_BRANCH', 'SWITCH_BRANCH']),
  source: z.enum(['llm', 'embedding', 'rule', 'fallback']),
};

/** What routing decided for one reply, keyed by the reply's message id. */
const topicTurn = z.strictObject({
  turn: count,
  ...placement,
  /** Where the model placed the round after the reply, when elsewhere (reply-first.ts). */
  placedElsewhere: z.strictObject(placement).optional(),
  pathRounds: count,
  totalRounds: count,
  contextTokens: z.number().min(0),
  fromNodeId: id.nullable(),
  nodeId: id.nullable(),
});

export const forestDataSchema = z.strictObject({
  conversationId: id,
  discourse,
  turns: recordOf(topicTurn, LIMITS.messagesPerChat),
});

export const topicForestSchema = z.strictObject({ id, forest: forestDataSchema });

export const topicForestsSchema = z.array(topicForestSchema).max(LIMITS.sessions);

export type ExportedForestData = z.infer<typeof forestDataSchema>;
export type ExportedTopicForest = z.infer<typeof topicForestSchema>;
