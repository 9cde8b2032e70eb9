/**
 * The `taskMemories` section of a profile export (format version 2 on): one MAP unit per
 * ingested task session, field for field as stored (src/engine/task-memory/types.ts). Units hold
 * no embeddings (activation embeds their intent at recall time), so there are no vectors to
 * encode.
 */
import { z } from 'zod';
import { id, isoTime, LIMITS, turnIds } from './format-fields.ts';

/** A pair id is its unit id (a session id) plus `#qa<n>`. */
const qaId = z
  .string()
  .min(1)
  .max(LIMITS.idChars + 24);

const qa = z.strictObject({
  id: qaId,
  question: z.string().max(LIMITS.turnChars),
  answer: z.string().max(LIMITS.turnChars),
  slot: id.optional(),
  turnIds,
});

const provenance = z.strictObject({
  sessionId: id,
  turnIds,
  time: isoTime.optional(),
  method: z.enum(['llm', 'extractive']),
});

const taskMemory = z.strictObject({
  id,
  intent: z.string().max(LIMITS.sessionTextChars),
  activationText: z.string().max(LIMITS.sessionTextChars).optional(),
  intentLabel: id.optional(),
  qa: z.array(qa).max(LIMITS.qaPerTask),
  provenance,
});

export const taskMemoriesSchema = z.array(taskMemory).max(LIMITS.sessions);

export type ExportedTaskMemory = z.infer<typeof taskMemory>;
