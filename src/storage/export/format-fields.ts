/**
 * Limits and field schemas shared by every section of the profile export file. Limits are
 * generous for real use and small enough that a hostile file cannot exhaust memory.
 */
import { z } from 'zod';

export const LIMITS = {
  fileChars: 256 * 1024 * 1024,
  idChars: 200,
  nameChars: 500,
  turnChars: 100_000,
  factChars: 10_000,
  sessions: 100_000,
  turnsPerSession: 10_000,
  nodes: 1_000_000,
  childrenPerNode: 100_000,
  sourcesPerFact: 10_000,
  turnIdsPerSource: 10_000,
  levels: 64,
  dimension: 4096,
  /** A task memory's QA pairs (a task kind has a handful of slots; corrections add a few). */
  qaPerTask: 1_000,
  /**
   * A whole session's words (a task memory's activation text, or its fallback intent, which
   * joins every user turn): bounded by the file alone, like the session itself.
   */
  sessionTextChars: 256 * 1024 * 1024,
  /** A conversation's messages (every session it spans), and a topic forest's rounds. */
  messagesPerChat: 100_000,
  /** The memories one reply lists, and the traversal events kept with them. */
  itemsPerMessage: 10_000,
  eventsPerMessage: 100_000,
  /** Epoch milliseconds: the largest time a Date can hold. */
  epochMs: 8.64e15,
} as const;

export const id = z.string().min(1).max(LIMITS.idChars);
export const isoTime = z.string().max(64);
export const turnIds = z.array(id).max(LIMITS.turnIdsPerSource);
export const epochMs = z.int().min(0).max(LIMITS.epochMs);
export const count = z.int().min(0);
/** A record keyed by id, with at most `max` entries. */
export const recordOf = <T extends z.ZodType>(value: T, max: number) =>
  z.record(id, value).refine((r) => Object.keys(r).length <= max, `has more than ${max} entries`);
