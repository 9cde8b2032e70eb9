/**
 * LLM fact extraction, one session at a time. Every session yields an outcome: 'ok' with facts,
 * 'empty' (nothing to remember: no user text, so no LLM call, or the model found no fact), or
 * 'failed' with a readable error and the attempts spent. Only cancellation throws (AbortError).
 */
import { llmConcurrency } from '../concurrency/limited-llm.ts';
import { mapLimited } from '../concurrency/map-limited.ts';
import { abortErrorFrom, errorMessage, isAbortError, throwIfAborted } from '../errors.ts';
import { callStructured } from '../json-output.ts';
import type { LlmPort } from '../ports.ts';
import { asFactId, asTurnId } from '../types.ts';
import type { Fact, Provenance, Session, SessionExtraction, TurnId } from '../types.ts';
import {
  DEFAULT_MAX_ASSISTANT_CHARS,
  EXTRACT_FACTS_PURPOSE,
  extractionMessages,
} from './prompt.ts';
import { extractionSchema, normaliseExtraction } from './schema.ts';
import type { ExtractedFact } from './schema.ts';

export interface ExtractOptions {
  readonly signal?: AbortSignal;
  /** Bound on the model's reply (default 1024 tokens). */
  readonly maxTokens?: number;
  /** Attempts including the first (default 3). */
  readonly maxAttempts?: number;
  readonly maxAssistantChars?: number;
  readonly temperature?: number;
}

export const DEFAULT_EXTRACT_MAX_TOKENS = 1024;

/** A session has something to extract when some user turn holds text. */
export function hasUserText(session: Session): boolean {
  return session.turns.some((turn) => turn.speaker === 'user' && turn.text.trim() !== '');
}

export function factId(sessionId: string, index: number): string {
  return `${sessionId}/f${index}`;
}

export function provenance(session: Session, turnIds: readonly TurnId[]): Provenance {
  return {
    sessionId: session.id,
    turnIds,
    ...(session.time === undefined ? {} : { time: session.time }),
  };
}

/** Turn ids the model cited that exist in the session; none valid → every user turn. */
export function resolveTurnIds(session: Session, cited: readonly (string | number)[]): TurnId[] {
  const known = new Set<string>(session.turns.map((turn) => turn.id));
  const valid: TurnId[] = [];
  for (const raw of cited) {
    const id = String(raw)
      .trim()
      .replace(/^\[|\]$/g, '');
    if (known.has(id) && !valid.includes(asTurnId(id))) valid.push(asTurnId(id));
  }
  if (valid.length > 0) return valid;
  return session.turns
    .filter((turn) => turn.speaker === 'user' && turn.text.trim() !== '')
    .map((turn) => turn.id);
}

/** Collapses whitespace and adds a final full stop, so equal facts compare equal. */
function cleanText(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** Facts from the model's output: cleaned, turn ids resolved, exact repeats folded together. */
export function toFacts(session: Session, extracted: readonly ExtractedFact[]): Fact[] {
  const byText = new Map<string, { text: string; category: Fact['category']; turnIds: TurnId[] }>();
  for (const item of extracted) {
    const text = cleanText(item.text);
    const key = text.toLowerCase();
    const turnIds = resolveTurnIds(session, item.turns);
    const seen = byText.get(key);
    if (seen) {
      for (const id of turnIds) if (!seen.turnIds.includes(id)) seen.turnIds.push(id);
    } else {
      byText.set(key, { text, category: item.category, turnIds });
    }
  }
  return [...byText.values()].map((f, index) => ({
    id: asFactId(factId(session.id, index)),
    text: f.text,
    category: f.category,
    sources: [provenance(session, f.turnIds)],
  }));
}

export async function extractSessionFacts(
  llm: LlmPort,
  session: Session,
  options: ExtractOptions = {},
): Promise<SessionExtraction> {
  const { signal } = options;
  throwIfAborted(signal);
  if (!hasUserText(session))
    return { sessionId: session.id, status: 'empty', facts: [], attempts: 0 };

  const result = await callStructured(llm, {
    messages: extractionMessages(session, options.maxAssistantChars ?? DEFAULT_MAX_ASSISTANT_CHARS),
    schema: extractionSchema,
    prepare: normaliseExtraction,
    maxTokens: options.maxTokens ?? DEFAULT_EXTRACT_MAX_TOKENS,
    purpose: EXTRACT_FACTS_PURPOSE,
    ...(signal ? { signal } : {}),
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
  });
  if (!result.ok) {
    return {
      sessionId: session.id,
      status: 'failed',
      facts: [],
      attempts: result.attempts,
      error: `Could not extract facts from session ${session.id}: ${result.error}`,
    };
  }
  const facts = toFacts(session, result.value.facts);
  if (facts.length === 0)
    return { sessionId: session.id, status: 'empty', facts: [], attempts: result.attempts };
  return { sessionId: session.id, status: 'ok', facts, attempts: result.attempts };
}

export interface ExtractProgress {
  /** Sessions finished so far (this one included). */
  readonly done: number;
  readonly total: number;
  /** The outcome of the session just finished. */
  readonly outcome: SessionExtraction;
}

export interface RunExtractionOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: ExtractProgress) => void;
  /** Sessions extracted at once (default 1: a local model serves one request at a time). */
  readonly concurrency?: number;
}

/**
 * Runs `extractOne` over the sessions, `concurrency` at a time (default one at a time), the
 * outcomes in session order whatever order they finish in. Every session gets an outcome: an
 * unexpected throw becomes a 'failed' outcome. Cancellation throws; outcomes already reported
 * through `onProgress` (in the order they finish) are the partial result.
 */
export async function runExtraction(
  sessions: readonly Session[],
  extractOne: (session: Session, signal?: AbortSignal) => Promise<SessionExtraction>,
  options: RunExtractionOptions = {},
): Promise<SessionExtraction[]> {
  const { signal, onProgress } = options;
  let done = 0;
  return mapLimited(
    sessions,
    options.concurrency ?? 1,
    async (session) => {
      throwIfAborted(signal);
      let outcome: SessionExtraction;
      try {
        outcome = await extractOne(session, signal);
      } catch (e) {
        if (signal?.aborted) throw abortErrorFrom(signal);
        if (isAbortError(e)) throw e;
        outcome = {
          sessionId: session.id,
          status: 'failed',
          facts: [],
          attempts: 0,
          error: `Could not extract facts from session ${session.id}: ${errorMessage(e)}`,
        };
      }
      onProgress?.({ done: ++done, total: sessions.length, outcome });
      return outcome;
    },
    signal,
  );
}

/**
 * LLM extraction over many sessions, as many at once as the port serves (`llm.concurrency`,
 * one for an on-device model); failures are recorded beside successes, in session order.
 */
export function extractAll(
  llm: LlmPort,
  sessions: readonly Session[],
  options: ExtractOptions & RunExtractionOptions = {},
): Promise<SessionExtraction[]> {
  return runExtraction(
    sessions,
    (session, signal) =>
      extractSessionFacts(llm, session, { ...options, ...(signal ? { signal } : {}) }),
    { concurrency: llmConcurrency(llm), ...options },
  );
}
