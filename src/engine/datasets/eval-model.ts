/**
 * The one conversation model every benchmark loader produces: conversations made of sessions of
 * turns (with ids), and questions carrying their gold evidence at session level and, where the
 * benchmark has it, at turn level. Also the shared parsing helpers: JSON or JSON Lines, and
 * schema errors that name the file, the record and the field.
 */
import type { z } from 'zod';
import type { Session, SessionId, Turn, TurnId } from '../types.ts';

export const DATASET_NAMES = ['implexconv', 'locomo', 'ms-tod', 'ntm', 'grove', 'updates'] as const;
export type DatasetName = (typeof DATASET_NAMES)[number];

/** A turn, plus the speaker's own name where the benchmark has one (LoCoMo's two people). */
export interface EvalTurn extends Turn {
  readonly speakerName?: string;
}

export interface EvalSession extends Session {
  readonly turns: readonly EvalTurn[];
}

export interface EvalQuestion {
  /** Unique within its dataset: `<conversation id>#<index>`. */
  readonly id: string;
  readonly question: string;
  readonly answer?: string;
  /** The benchmark's own category (LoCoMo 1-5, IMPLEXCONV supportive/opposed, an MS-TOD intent). */
  readonly category?: string;
  /** Gold context at session level; empty when the benchmark gives none (NTM). */
  readonly evidenceSessions: readonly SessionId[];
  /** Gold context at turn level, when the benchmark gives it (LoCoMo). */
  readonly evidenceTurns?: readonly TurnId[];
  /** Sessions a retriever may return for this question; all sessions when absent (MS-TOD: earlier ones). */
  readonly candidateSessions?: readonly SessionId[];
  /** IMPLEXCONV opposed: why the obvious answer is wrong. */
  readonly opposedReasoning?: string;
}

export interface EvalConversation {
  readonly id: string;
  readonly sessions: readonly EvalSession[];
  readonly questions: readonly EvalQuestion[];
  /** Summaries shipped with the benchmark (LoCoMo's session_summary), by session id. */
  readonly sessionSummaries?: ReadonlyMap<SessionId, string>;
}

export interface EvalDataset {
  readonly dataset: DatasetName;
  readonly file: string;
  readonly conversations: readonly EvalConversation[];
  /** What the loader left out or repaired, for the run's report (never silently). */
  readonly notes: readonly string[];
}

/** A benchmark file does not match its format. The message names the file, record and field. */
export class DatasetFormatError extends Error {
  override readonly name = 'DatasetFormatError';
  constructor(
    readonly file: string,
    readonly record: string,
    readonly field: string,
    problem: string,
  ) {
    super(
      `${file}: ${record}: field ${field || '(record itself)'}: ${problem}. ` +
        'Check the file is the benchmark named by --dataset.',
    );
  }
}

/** One parsed record with where it came from (for error messages). */
export interface RawRecord {
  readonly value: unknown;
  /** "record 3" (array index) or "line 7" (JSON Lines). */
  readonly where: string;
}

/**
 * Reads a JSON document (an array: one record per element; an object: one record) or JSON Lines
 * (one record per non-blank line). Broken JSON names the file and the line.
 */
export function readRecords(text: string, file: string): RawRecord[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new DatasetFormatError(file, 'file', '', 'the file is empty');
  try {
    const whole: unknown = JSON.parse(trimmed);
    if (Array.isArray(whole)) return whole.map((value, i) => ({ value, where: `record ${i}` }));
    return [{ value: whole, where: 'record 0' }];
  } catch {
    // Not one JSON document: try JSON Lines.
  }
  const records: RawRecord[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      records.push({ value: JSON.parse(line), where: `line ${i + 1}` });
    } catch (error) {
      throw new DatasetFormatError(
        file,
        `line ${i + 1}`,
        '',
        `not valid JSON or JSON Lines (${(error as Error).message})`,
      );
    }
  });
  return records;
}

/** Validates one record against a zod schema; the first issue becomes a DatasetFormatError. */
export function validate<S extends z.ZodType>(
  schema: S,
  record: RawRecord,
  file: string,
  label?: string,
): z.infer<S> {
  const parsed = schema.safeParse(record.value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  throw new DatasetFormatError(
    file,
    label ? `${record.where} (${label})` : record.where,
    field,
    issue?.message ?? 'invalid',
  );
}

/** Distinct values, first appearance order. */
export const distinct = <T>(values: Iterable<T>): T[] => [...new Set(values)];
