/**
 * The conversation history sections of a profile export (format version 3 on), table by table:
 * `chats` (the conversation list, src/storage/rows.ts ChatRow) and `transcripts` (each
 * conversation's messages and open session, TranscriptRow), without their profile id. The
 * messages are the chat's own views (src/state/chat-types.ts), checked field by field: the chat
 * renders them as they are, so a file can hold nothing it could not have written.
 */
import { z } from 'zod';
import { count, epochMs, id, LIMITS } from './format-fields.ts';

const retrievedItem = z.strictObject({
  id,
  text: z.string().max(LIMITS.turnChars),
  sessionIds: z.array(id).max(LIMITS.sessions),
  factIds: z.array(id).max(LIMITS.nodes).optional(),
  score: z.number().optional(),
  validFrom: z.string().max(10).optional(),
  validTo: z.string().max(10).optional(),
  replaced: z.boolean().optional(),
  current: z.boolean().optional(),
});

const reason = z.string().max(LIMITS.turnChars);
const level = z.int().min(0).max(LIMITS.levels);

/** src/engine/retrieval.ts TraversalEvent (saved messages keep none, but the type allows them). */
const traversalEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('visit'), node: id, level }),
  z.strictObject({
    type: z.enum(['keep', 'prune']),
    node: id,
    level,
    score: z.number().optional(),
    reason,
    tokens: count,
    calls: count,
  }),
  z.strictObject({ type: z.literal('select'), node: id, level, factId: id.optional() }),
  z.strictObject({ type: z.literal('fallback'), reason }),
  z.strictObject({ type: z.literal('budget-exhausted'), calls: count }),
  z.strictObject({ type: z.literal('trim'), kept: count, dropped: count, reason }),
  z.strictObject({ type: z.literal('done'), selected: count, calls: count, tokens: count }),
]);

const memoriesUsed = z.strictObject({
  status: z.enum(['retrieving', 'done', 'failed']),
  items: z.array(retrievedItem).max(LIMITS.itemsPerMessage),
  events: z.array(traversalEvent).max(LIMITS.eventsPerMessage),
  judge: z.string().max(LIMITS.nameChars),
  llmCalls: count,
  searchMs: z.number().min(0).optional(),
  error: reason.optional(),
});

/** A saved message: finished (a streaming one is never saved). */
export const messageSchema = z.strictObject({
  id,
  role: z.enum(['user', 'assistant']),
  text: z.string().max(LIMITS.turnChars),
  status: z.enum(['done', 'failed']),
  sessionId: id,
  memories: memoriesUsed.optional(),
  model: z.string().max(LIMITS.nameChars).nullable().optional(),
  task: z.boolean().optional(),
  error: reason.optional(),
});

export const chatSchema = z.strictObject({
  id,
  title: z.string().max(LIMITS.nameChars),
  createdAt: epochMs,
  updatedAt: epochMs,
  messageCount: z.int().min(0).max(LIMITS.messagesPerChat),
  memoryEnabled: z.boolean(),
});

export const transcriptSchema = z.strictObject({
  id,
  sessionId: id,
  lastActivityAt: epochMs.nullable(),
  messages: z.array(messageSchema).max(LIMITS.messagesPerChat),
});

export const chatsSchema = z.array(chatSchema).max(LIMITS.sessions);
export const transcriptsSchema = z.array(transcriptSchema).max(LIMITS.sessions);

export type ExportedChat = z.infer<typeof chatSchema>;
export type ExportedTranscript = z.infer<typeof transcriptSchema>;
export type ExportedMessage = z.infer<typeof messageSchema>;
