/**
 * The profile export file: one JSON document, validated with zod on import. Version 3 (written
 * now) is version 2 plus the conversation history (`chats`, `transcripts`, `topicForests`);
 * version 2 is version 1 plus the `taskMemories` section. Versions 1 and 2 are still read. Facts
 * may carry their lifetime (validFrom, validTo, supersededBy): absent in older files, which
 * import as facts valid from their sessions and never replaced.
 */
import { z } from 'zod';
import { FACT_CATEGORIES, SUPERSEDE_DECIDERS } from '../../engine/types.ts';
import { id, isoTime, LIMITS, turnIds } from './format-fields.ts';
import { chatsSchema, transcriptsSchema } from './chat-format.ts';
import { topicForestsSchema } from './forest-format.ts';
import { taskMemoriesSchema } from './task-memory-format.ts';

export { LIMITS };

export const EXPORT_FORMAT = 'grove-profile';
/** The version this Grove writes. */
export const EXPORT_VERSION = 3;

const turn = z.strictObject({
  id,
  speaker: z.enum(['user', 'assistant']),
  text: z.string().max(LIMITS.turnChars),
});

const session = z.strictObject({
  id,
  conversationId: id,
  time: isoTime.optional(),
  turns: z.array(turn).max(LIMITS.turnsPerSession),
});

const pending = z.strictObject({
  sessionId: id,
  conversationId: id,
  time: isoTime.optional(),
  recordedAt: isoTime,
  turns: z.array(turn).max(LIMITS.turnsPerSession),
});

const provenance = z.strictObject({
  sessionId: id,
  turnIds,
  time: isoTime.optional(),
});

/** An ISO calendar date at year, month or day precision (a fact's lifetime). */
const calendarDate = z
  .string()
  .regex(/^\d{4}(?:-\d{2}(?:-\d{2})?)?$/, 'must be YYYY, YYYY-MM or YYYY-MM-DD');

/** A fact; its lifetime fields are optional, so files written before lifetimes still import. */
const fact = z.strictObject({
  id,
  text: z.string().min(1).max(LIMITS.factChars),
  category: z.enum(FACT_CATEGORIES),
  sources: z.array(provenance).min(1).max(LIMITS.sourcesPerFact),
  validFrom: calendarDate.optional(),
  validTo: calendarDate.optional(),
  supersededBy: id.optional(),
  supersededHow: z.enum(SUPERSEDE_DECIDERS).optional(),
});

const node = z.strictObject({
  id,
  level: z.int().min(0).max(LIMITS.levels),
  text: z.string().max(LIMITS.factChars),
  parent: id.nullable(),
  children: z.array(id).max(LIMITS.childrenPerNode),
  factId: id.optional(),
  /** float32 little-endian bytes, base64. */
  embedding: z.string().max(LIMITS.dimension * 6),
});

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

const tree = z.strictObject({
  dimension: z.int().min(1).max(LIMITS.dimension),
  levels: z.array(z.array(id).max(LIMITS.nodes)).min(1).max(LIMITS.levels),
  build: z.strictObject({
    seed: z.int(),
    factCount: z.int().min(0),
    leafCohesion: finite,
    leafCohesionStd: finite,
  }),
  insertedSinceBuild: z.int().min(0),
  nextNodeSeq: z.int().min(0),
  nodes: z.array(node).max(LIMITS.nodes),
  facts: z.array(fact).max(LIMITS.nodes),
});

/** The sections every version has. */
const sections = {
  format: z.literal(EXPORT_FORMAT),
  profile: z.strictObject({
    id,
    name: z.string().max(LIMITS.nameChars),
    createdAt: isoTime,
  }),
  settings: z.strictObject({ memoryPaused: z.boolean() }),
  conversations: z
    .array(z.strictObject({ id, title: z.string().max(LIMITS.nameChars) }))
    .max(LIMITS.sessions),
  sessions: z.array(session).max(LIMITS.sessions),
  pending: z.array(pending).max(LIMITS.sessions),
  tree: tree.nullable(),
};

export const exportSchemaV1 = z.strictObject({ ...sections, version: z.literal(1) });

export const exportSchemaV2 = z.strictObject({
  ...sections,
  version: z.literal(2),
  taskMemories: taskMemoriesSchema,
});

export const exportSchema = z.strictObject({
  ...sections,
  version: z.literal(EXPORT_VERSION),
  taskMemories: taskMemoriesSchema,
  /** The conversation list (the chat's history), one entry per conversation. */
  chats: chatsSchema,
  /** Each listed conversation's messages, under its id. */
  transcripts: transcriptsSchema,
  /** The topic forests of listed conversations (a conversation with no routed reply has none). */
  topicForests: topicForestsSchema,
});

export type ProfileExportV1 = z.infer<typeof exportSchemaV1>;
export type ProfileExportV2 = z.infer<typeof exportSchemaV2>;
export type ProfileExport = z.infer<typeof exportSchema>;
export type ExportedTree = z.infer<typeof tree>;

export const ENCRYPTED_FORMAT = 'grove-profile-encrypted';

export const PBKDF2_LIMITS = { minIterations: 10_000, maxIterations: 10_000_000 } as const;

export const envelopeSchema = z.strictObject({
  format: z.literal(ENCRYPTED_FORMAT),
  version: z.literal(1),
  kdf: z.strictObject({
    name: z.literal('PBKDF2'),
    hash: z.literal('SHA-256'),
    iterations: z.int().min(PBKDF2_LIMITS.minIterations).max(PBKDF2_LIMITS.maxIterations),
    salt: z.string().min(16).max(64),
  }),
  cipher: z.strictObject({ name: z.literal('AES-GCM'), iv: z.string().min(16).max(24) }),
  ciphertext: z.string().max(LIMITS.fileChars),
});

export type EncryptedEnvelope = z.infer<typeof envelopeSchema>;
