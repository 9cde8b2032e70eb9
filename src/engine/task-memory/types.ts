/**
 * MAP task memory (guide §1.3, seeds/map-ms-tod.txt): plain data, serialisable.
 *
 * A past session is stored as one memory unit: an intent description (one sentence: what the
 * user wanted) and QA pairs about its task slots ("Where will the concert be held?" →
 * "Los Angeles"), each with provenance (session, turns, time).
 */
import type { SessionId, TurnId } from '../types.ts';

/** One question/answer about a task slot. */
export interface TaskQa {
  /** Unique within its unit: `<sessionId>#qa<index>`. */
  readonly id: string;
  readonly question: string;
  readonly answer: string;
  /** The task slot it answers (an SGD slot name such as `song_name`), when known. */
  readonly slot?: string;
  /** The turns the answer was read from (empty when the source gives none). */
  readonly turnIds: readonly TurnId[];
}

/** Where a unit came from, and how it was made. */
export interface TaskProvenance {
  readonly sessionId: SessionId;
  readonly turnIds: readonly TurnId[];
  readonly time?: string;
  /** 'llm' (the model wrote it) or 'extractive' (the no-LLM variant read it from the session). */
  readonly method: 'llm' | 'extractive';
}

export interface TaskMemoryUnit {
  /** The unit id: the session id it summarises (one unit per session). */
  readonly id: string;
  readonly intent: string;
  /**
   * What activation embeds when it is not the intent alone: the extractive (no-LLM) unit adds
   * the session's words, standing in for the details an LLM would write into its intent.
   */
  readonly activationText?: string;
  /** The task's intent label when one is known (SGD intent such as `PlayMedia`). */
  readonly intentLabel?: string;
  readonly qa: readonly TaskQa[];
  readonly provenance: TaskProvenance;
}

/** One task slot the current task needs (name plus the question that asks for it). */
export interface TaskSlot {
  readonly name: string;
  /** "What is the name of the song?" */
  readonly question: string;
  /** Allowed values for categorical slots (empty: free text). */
  readonly values?: readonly string[];
}

/** A memory unit with its activation (retrieval) score. */
export interface ActivatedUnit {
  readonly unit: TaskMemoryUnit;
  /**
   * Activation score, higher is closer: the cosine between the current intent and the unit's
   * intent in [-1, 1] (`activateUnits`), or the hybrid score of `activateHybrid` (unbounded:
   * standardised cosine and BM25, minus the open-task prior).
   */
  readonly score: number;
}

/** A QA pair after judging and re-ranking. */
export interface RankedQa {
  readonly unitId: string;
  readonly sessionId: SessionId;
  readonly qa: TaskQa;
  readonly retrieval: number;
  /** The judge's score in [0, 1]. */
  readonly judge: number;
  /** α·retrieval + (1−α)·judge. */
  readonly score: number;
  /** Which missing-slot question it answers best, when the judge says. */
  readonly answers?: string;
}
