/** The rows Grove keeps in IndexedDB (current schema). Every row carries its profileId. */
import type { FactCategory, Speaker, SupersedeDecider, TreeBuildStats } from '../engine/types.ts';

export interface ProfileRow {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
}

/** Known per-profile settings: the import schema lists exactly these. */
export interface SettingsValues {
  /** While true, new sessions are not turned into memories. */
  readonly memoryPaused: boolean;
}
export type SettingKey = keyof SettingsValues;
export const DEFAULT_SETTINGS: SettingsValues = { memoryPaused: false };

export interface SettingRow<K extends SettingKey = SettingKey> {
  readonly profileId: string;
  readonly key: K;
  readonly value: SettingsValues[K];
}

export interface ConversationRow {
  readonly profileId: string;
  readonly id: string;
  readonly title: string;
}

export interface SessionRow {
  readonly profileId: string;
  readonly id: string;
  readonly conversationId: string;
  readonly time?: string | undefined;
  readonly turnCount: number;
}

/** A turn as one record (schema 2 and 3); since schema 4 a session's turns are one record. */
export interface TurnRow {
  readonly profileId: string;
  readonly sessionId: string;
  /** Position of the turn in its session. */
  readonly seq: number;
  readonly id: string;
  readonly speaker: Speaker;
  readonly text: string;
}

/** A turn inside its session's record, in session order. */
export type TurnCell = Pick<TurnRow, 'id' | 'speaker' | 'text'>;

/** A remembered session's turns, in order: one record per session (schema 4). */
export interface SessionTurnsRow {
  readonly profileId: string;
  readonly sessionId: string;
  readonly turns: readonly TurnCell[];
}

/** A session recorded before its slow extract/embed work: resumed after a reload or crash. */
export interface PendingRow {
  readonly profileId: string;
  readonly sessionId: string;
  readonly conversationId: string;
  readonly time?: string | undefined;
  readonly turns: readonly {
    readonly id: string;
    readonly speaker: Speaker;
    readonly text: string;
  }[];
  readonly recordedAt: string;
}

/** Which tree version is live for a profile: switching it is one row write. */
export interface TreeHeadRow {
  readonly profileId: string;
  readonly version: number;
  /**
   * The live version's revision (as in its meta row) and a random stamp given to each new live
   * tree: together a small fingerprint, so telling whether a kept tree is still live needs only
   * this row, not the meta row with its 66,000 ids at 30,000 facts. Heads written before both
   * existed lack them (the meta row is read instead).
   */
  readonly revision?: number;
  readonly stamp?: string;
}

/**
 * A tree version's meta row. Since schema 6 it holds no ids: the order of the nodes, of each
 * level and of the facts is kept in their pages (`seq`, `levelSeq` on each cell), so a write
 * rewrites this small row and the pages it touched, not 66,000 ids at 30,000 facts.
 */
export interface TreeMetaRow {
  readonly profileId: string;
  readonly version: number;
  readonly dimension: number;
  /** How many levels the tree has (level 0, the facts, up to its roots). */
  readonly height: number;
  readonly build: TreeBuildStats;
  readonly insertedSinceBuild: number;
  readonly nextNodeSeq: number;
  /** Bumped on every write to this version: guards against lost updates. */
  readonly revision: number;
  /** MemoryTree.unlabelled: summaries whose labels are still to be written (absent: none). */
  readonly unlabelled?: readonly string[];
}

/** The meta row of schemas 2 to 5: the orders of every node, level and fact, as ids. */
export interface LegacyTreeMetaRow extends Omit<TreeMetaRow, 'height'> {
  readonly levels: readonly (readonly string[])[];
  /** Node and fact ids in the tree's own map order, so a reload iterates exactly as before. */
  readonly nodeOrder: readonly string[];
  readonly factOrder: readonly string[];
}

/** A node as one record (schema 2 and 3); since schema 4 nodes live in pages as cells. */
export interface TreeNodeRow {
  readonly profileId: string;
  readonly version: number;
  readonly id: string;
  readonly level: number;
  readonly text: string;
  /** float32 bytes: 4 bytes per dimension, not a number array. */
  readonly embedding: ArrayBuffer;
  readonly parent: string | null;
  readonly children: readonly string[];
  readonly factId?: string | undefined;
}

/** A fact as one record (schema 2 and 3); since schema 4 facts live in pages as cells. */
export interface TreeFactRow {
  readonly profileId: string;
  readonly version: number;
  readonly id: string;
  readonly text: string;
  readonly category: FactCategory;
  readonly sources: readonly ProvenanceRow[];
  /** Since schema 5 (engine/lifetime): when the fact held, and what replaced it. */
  readonly validFrom?: string | undefined;
  readonly validTo?: string | undefined;
  readonly supersededBy?: string | undefined;
  readonly supersededHow?: SupersedeDecider | undefined;
}

/** A tree node inside its page (schemas 4 and 5): a node row without the keys the page carries. */
export type LegacyTreeNodeCell = Omit<TreeNodeRow, 'profileId' | 'version'>;
/** A fact inside its page (schemas 4 and 5). */
export type LegacyTreeFactCell = Omit<TreeFactRow, 'profileId' | 'version'>;

/**
 * Since schema 6 a cell carries its place in the tree's orders: `seq` orders the nodes (and,
 * apart, the facts) as the tree's maps hold them, `levelSeq` orders a node within its level.
 * Only their order means anything (an insert gives new items keys after the last; kept items
 * keep theirs, so a write touches only the pages of what it changed).
 */
export interface TreeNodeCell extends LegacyTreeNodeCell {
  readonly seq: number;
  readonly levelSeq: number;
}
export interface TreeFactCell extends LegacyTreeFactCell {
  readonly seq: number;
}

/**
 * A live tree's image (schema 7, storage/tree-image.ts): the whole tree in three large values,
 * read at open instead of its pages. It names the tree it copies (`identity`: the head's
 * version, revision and stamp) and is used only while that tree is live.
 */
export interface TreeImageRow {
  readonly profileId: string;
  /** `${version}:${revision}:${stamp}` of the tree it copies (treeImageIdentity). */
  readonly identity: string;
  /** JSON: the node cells without their embeddings, in node order (ascending `seq`). */
  readonly nodes: string;
  /** JSON: the fact cells. */
  readonly facts: string;
  /** float32: every node's embedding, one after another in `nodes`' order. */
  readonly embeddings: ArrayBuffer;
  /**
   * JSON: which of the user's facts state each slot (engine/lifetime/slot-index.ts
   * `SlotIndexImage`); absent in images written before it was kept.
   */
  readonly slots?: string;
  /**
   * JSON: the label keywords' counts over the facts (engine/tree/label-terms.ts
   * `TermCountsImage`); absent in images written before they were kept.
   */
  readonly labels?: string;
}

/**
 * Tree nodes of one version, stored by page (storage/tree-pages.ts): one IndexedDB record holds
 * every node whose id hashes to `page`. A write rewrites only the pages it touches.
 */
export interface TreeNodePageRow {
  readonly profileId: string;
  readonly version: number;
  readonly page: number;
  readonly nodes: readonly TreeNodeCell[];
}

export interface TreeFactPageRow {
  readonly profileId: string;
  readonly version: number;
  readonly page: number;
  readonly facts: readonly TreeFactCell[];
}

export interface ProvenanceRow {
  readonly sessionId: string;
  readonly turnIds: readonly string[];
  readonly time?: string | undefined;
}

/** Context-Agent topic forests: one per chat conversation (`id`), saved with its history. */
export interface TopicTreeRow {
  readonly profileId: string;
  readonly id: string;
  readonly data: unknown;
}

/** MAP task memory units (filled by the task-memory issue). */
export interface TaskMemoryRow {
  readonly profileId: string;
  readonly id: string;
  readonly data: unknown;
}

/** A chat conversation in the history list (written by the page; the list reads only these). */
export interface ChatRow {
  readonly profileId: string;
  /** The conversation id (the one sessions are ingested under). */
  readonly id: string;
  /** The first user message, trimmed. */
  readonly title: string;
  /** Epoch ms of the first save, and of the last new message. */
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly messageCount: number;
  readonly memoryEnabled: boolean;
}

/** A chat conversation's transcript: its messages as the chat shows them, and its open session. */
export interface TranscriptRow {
  readonly profileId: string;
  readonly id: string;
  /** The session open at the last save; it was never ended when `lastActivityAt` is a number. */
  readonly sessionId: string;
  readonly lastActivityAt: number | null;
  /** The chat's message views (plain JSON data, owned by the chat). */
  readonly messages: readonly unknown[];
}
