/** Core data model of the memory engine. Plain data: serialisable, no classes. */

declare const brand: unique symbol;
/** A string id that cannot be mixed up with another kind of id. */
export type Brand<T, B extends string> = T & { readonly [brand]: B };

export type ProfileId = Brand<string, 'ProfileId'>;
export type SessionId = Brand<string, 'SessionId'>;
export type TurnId = Brand<string, 'TurnId'>;
export type FactId = Brand<string, 'FactId'>;
export type NodeId = Brand<string, 'NodeId'>;

export const asProfileId = (id: string) => id as ProfileId;
export const asSessionId = (id: string) => id as SessionId;
export const asTurnId = (id: string) => id as TurnId;
export const asFactId = (id: string) => id as FactId;
export const asNodeId = (id: string) => id as NodeId;

/** An embedding. Float32Array so it can cross to and from workers as a transferred buffer. */
export type Vector = Float32Array;

export interface Profile {
  readonly id: ProfileId;
  readonly name: string;
  readonly createdAt: string;
}

export type Speaker = 'user' | 'assistant';

export interface Turn {
  readonly id: TurnId;
  readonly speaker: Speaker;
  readonly text: string;
}

export interface Session {
  readonly id: SessionId;
  /** ISO date-time the session took place, when known. */
  readonly time?: string;
  readonly turns: readonly Turn[];
}

/** Where a fact came from. A merged fact keeps every source it was seen in. */
export interface Provenance {
  readonly sessionId: SessionId;
  readonly turnIds: readonly TurnId[];
  readonly time?: string;
}

/** 'request': what the user asked or asked for, kept where a session states nothing (facts/request-facts.ts). */
export const FACT_CATEGORIES = [
  'preference',
  'circumstance',
  'plan',
  'event',
  'other',
  'request',
] as const;
export type FactCategory = (typeof FACT_CATEGORIES)[number];

/** Who replaced a fact: the no-LLM rule, the model's supersede call, or the user by hand. */
export const SUPERSEDE_DECIDERS = ['rule', 'model', 'user'] as const;
export type SupersedeDecider = (typeof SUPERSEDE_DECIDERS)[number];

/**
 * When a fact held (engine/lifetime). Dates are ISO calendar dates at the precision the words
 * gave: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. A fact with no `validFrom` is valid from its first
 * session; one with no `supersededBy` is still current. Nothing is ever deleted for being old.
 */
export interface FactLifetime {
  /** When the fact began to hold: the date its words give, else its session's date. */
  readonly validFrom?: string;
  /** When it stopped holding: the newer fact's `validFrom` (a correction: its own start). */
  readonly validTo?: string;
  /** The fact that replaced this one. */
  readonly supersededBy?: FactId;
  readonly supersededHow?: SupersedeDecider;
}

export interface Fact extends FactLifetime {
  readonly id: FactId;
  readonly text: string;
  readonly category: FactCategory;
  readonly sources: readonly Provenance[];
}

export interface EmbeddedFact extends Fact {
  readonly embedding: Vector;
}

/** Outcome of extracting one session: a failure is recorded, never dropped. */
export type SessionExtraction =
  | {
      readonly sessionId: SessionId;
      readonly status: 'ok';
      readonly facts: readonly Fact[];
      readonly attempts: number;
    }
  | {
      readonly sessionId: SessionId;
      readonly status: 'empty';
      readonly facts: readonly [];
      readonly attempts: number;
    }
  | {
      readonly sessionId: SessionId;
      readonly status: 'failed';
      readonly facts: readonly [];
      readonly attempts: number;
      readonly error: string;
    };

/**
 * A node of the memory tree. Level 0 nodes are facts; level ≥ 1 nodes are summaries of
 * their children (which are exactly one level below).
 */
export interface TreeNode {
  readonly id: NodeId;
  readonly level: number;
  readonly text: string;
  readonly embedding: Vector;
  readonly parent: NodeId | null;
  readonly children: readonly NodeId[];
  /** Set on level-0 nodes: the fact this node stands for. */
  readonly factId?: FactId;
}

/** A tree node as the views draw it: everything but its embedding. */
export type OutlineNode = Omit<TreeNode, 'embedding'>;

/**
 * What the page shows of a memory tree (engine/tree/outline.ts): its nodes without their
 * embeddings (never drawn; 36,000 of them are 14 MB to copy to the page), its levels and facts.
 * Every MemoryTree is a TreeOutline, so views take either.
 */
export interface TreeOutline {
  readonly nodes: ReadonlyMap<NodeId, OutlineNode>;
  readonly levels: readonly (readonly NodeId[])[];
  readonly facts: ReadonlyMap<FactId, Fact>;
  /**
   * Present when the outline holds only what a page draws first of a large forest (its
   * summaries: engine/tree/outline.ts `drawnOutline`): level 0 and the facts are left out (the
   * summaries' children still name them) and counted here. Absent: the whole tree.
   */
  readonly partial?: OutlineOmission;
}

/** What a partial outline left out: the tree's fact count and the size of every level. */
export interface OutlineOmission {
  readonly facts: number;
  readonly levelSizes: readonly number[];
}

export interface MemoryTree {
  /** Nodes by id. */
  readonly nodes: ReadonlyMap<NodeId, TreeNode>;
  /** Node ids of each level, level 0 (facts) first; the last level holds the roots. */
  readonly levels: readonly (readonly NodeId[])[];
  readonly facts: ReadonlyMap<FactId, Fact>;
  /** Measured at the last full build, so drift since then can be told. */
  readonly build: TreeBuildStats;
  /** Facts inserted incrementally since the last full build. */
  readonly insertedSinceBuild: number;
  /** Next free sequence number for summary node ids. */
  readonly nextNodeSeq: number;
  /**
   * Summaries an insert changed whose keyword labels it left for later (`labelPending` in
   * tree/label-tree.ts writes them): an insert that defers its labelling is done sooner. Absent
   * when every label is current.
   */
  readonly unlabelled?: readonly NodeId[];
}

export interface TreeBuildStats {
  readonly seed: number;
  readonly factCount: number;
  /** Mean cosine of each fact to its leaf cluster's centre. */
  readonly leafCohesion: number;
  readonly leafCohesionStd: number;
}
