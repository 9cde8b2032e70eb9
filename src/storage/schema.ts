/**
 * Every schema version Grove has shipped, oldest first. A database created at any earlier
 * version is migrated on open (tested in migrations.test.ts). Never edit a shipped entry: add a
 * new version with its upgrade instead.
 */
import type { Transaction } from 'dexie';
import { upgradeV1ToV2 } from './migrate-v1.ts';
import { upgradeV3ToV4 } from './migrate-v3.ts';
import { upgradeV4ToV5 } from './migrate-v4.ts';
import { upgradeV5ToV6 } from './migrate-v5.ts';

export interface SchemaVersion {
  readonly version: number;
  readonly stores: Readonly<Record<string, string | null>>;
  readonly upgrade?: (tx: Transaction) => Promise<void>;
}

/** Version 1: sessions held their turns, facts held number-array embeddings, one tree blob. */
export const V1_STORES = {
  profiles: 'id',
  settings: '[profileId+key], profileId',
  sessions: '[profileId+id], profileId',
  facts: '[profileId+id], profileId',
  trees: 'profileId',
} as const;

/**
 * Version 2: turns in their own table, conversations, a pending-ingestion journal, versioned
 * trees (nodes, facts, meta) behind a head pointer, float32 embeddings, topic and task tables.
 */
export const V2_STORES = {
  profiles: 'id',
  settings: '[profileId+key], profileId',
  conversations: '[profileId+id], profileId',
  sessions: '[profileId+id], profileId, [profileId+conversationId]',
  turns: '[profileId+sessionId+seq], profileId, [profileId+sessionId]',
  pending: '[profileId+sessionId], profileId',
  treeHeads: 'profileId',
  treeMeta: '[profileId+version], profileId',
  treeNodes: '[profileId+version+id], profileId, [profileId+version]',
  treeFacts: '[profileId+version+id], profileId, [profileId+version]',
  topicTrees: '[profileId+id], profileId',
  taskMemory: '[profileId+id], profileId',
  facts: null,
  trees: null,
} as const;

/**
 * Version 3: the chat's conversation history, written by the page: one list entry per
 * conversation (`chats`, read alone for the list) and its transcript (`transcripts`). The
 * conversation's topic forest goes to `topicTrees`, keyed by the conversation id. New tables
 * only: no rows change.
 */
export const V3_STORES = {
  chats: '[profileId+id], profileId, [profileId+updatedAt]',
  transcripts: '[profileId+id], profileId',
} as const;

/**
 * Version 4: IndexedDB pays per record (a heavy user's 66,000 tree records and 18,000 turns took
 * minutes to write), so tree nodes and facts are stored by page (tree-pages.ts), keyed by
 * profile, version and page, and a session's turns are one record, keyed by profile and session.
 * The per-record tables go.
 */
export const V4_STORES = {
  treeNodePages: '[profileId+version+page]',
  treeFactPages: '[profileId+version+page]',
  sessionTurns: '[profileId+sessionId]',
  treeNodes: null,
  treeFacts: null,
  turns: null,
} as const;

/**
 * Version 5: facts carry a lifetime (`validFrom`, `validTo`, `supersededBy`) inside their fact
 * pages. No table changes; the upgrade dates every existing fact from its earliest session.
 */
export const V5_STORES = {} as const;

/**
 * Version 6: a tree version's orders (nodes, each level, facts) move from id lists in its meta
 * row into its pages, as position keys on each cell (tree-order.ts), so a write no longer
 * rewrites 66,000 ids. No table changes.
 */
export const V6_STORES = {} as const;

/**
 * Version 7: a live tree's image (`treeImages`, storage/tree-image.ts), one row per profile,
 * found by the tree it copies. A new table only: no rows change (the image is written when the
 * memory is next opened).
 */
export const V7_STORES = {
  treeImages: 'profileId, [profileId+identity]',
} as const;

export const SCHEMA_HISTORY: readonly SchemaVersion[] = [
  { version: 1, stores: V1_STORES },
  { version: 2, stores: V2_STORES, upgrade: upgradeV1ToV2 },
  { version: 3, stores: V3_STORES },
  { version: 4, stores: V4_STORES, upgrade: upgradeV3ToV4 },
  { version: 5, stores: V5_STORES, upgrade: upgradeV4ToV5 },
  { version: 6, stores: V6_STORES, upgrade: upgradeV5ToV6 },
  { version: 7, stores: V7_STORES },
];

export const CURRENT_SCHEMA_VERSION = 7;

/** Tables holding profile data in the current schema (all keyed by profileId first). */
export const PROFILE_TABLES = [
  'settings',
  'conversations',
  'sessions',
  'sessionTurns',
  'pending',
  'treeHeads',
  'treeMeta',
  'treeNodePages',
  'treeFactPages',
  'treeImages',
  'topicTrees',
  'taskMemory',
  'chats',
  'transcripts',
] as const;
export type ProfileTable = (typeof PROFILE_TABLES)[number];
