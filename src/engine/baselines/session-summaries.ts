/**
 * Session summaries for the "RAG over session summaries" baseline: one short LLM summary per
 * session. A session whose summary fails falls back to its opening user turns, flagged with the
 * error; no session is ever dropped.
 */
import type { LlmPort } from '../ports.ts';
import { section } from '../prompt-sections.ts';
import type { Session, SessionId } from '../types.ts';
import { llmConcurrency } from '../concurrency/limited-llm.ts';
import { mapLimited } from '../concurrency/map-limited.ts';
import { abortErrorFrom, errorMessage, isAbortError, throwIfAborted } from '../errors.ts';
import { LLM_PURPOSES, PROMPT_SECTIONS } from '../llm-purposes.ts';

export type SessionSummary =
  | {
      readonly sessionId: SessionId;
      readonly status: 'ok';
      readonly text: string;
      /** Prompt + completion tokens spent. */
      readonly tokens: number;
    }
  | {
      readonly sessionId: SessionId;
      /** The LLM failed: `text` is the session's opening user turns. */
      readonly status: 'fallback';
      readonly text: string;
      readonly tokens: number;
      readonly error: string;
    }
  | {
      readonly sessionId: SessionId;
      /** The session has no turns: nothing to summarise, no LLM call. */
      readonly status: 'empty';
      readonly text: '';
      readonly tokens: 0;
    };

const SYSTEM_PROMPT = [
  'You summarise one past conversation between a user and an assistant for a long-term memory.',
  'Write 1 to 3 short sentences, in the third person ("The user ..."), about what the user said,',
  'wanted, planned or revealed about themselves. Keep names, places, numbers and dates.',
  'Answer with the summary only.',
].join(' ');

/**
 * The user message: the session's turns as `[turnId] speaker: text` lines in a SESSION section,
 * placed last so that it reads back whole (see ../llm-purposes.ts for the prompt contract).
 */
export function summarisePrompt(session: Session): string {
  const lines = session.turns.map((t) => `[${t.id}] ${t.speaker}: ${t.text}`).join('\n');
  const when = session.time ? `${section(PROMPT_SECTIONS.sessionTime, session.time)}\n` : '';
  return `Summarise this session.\n\n${when}${section(PROMPT_SECTIONS.session, lines)}`;
}

export interface SummariseOptions {
  readonly signal?: AbortSignal;
  /** Bound on each summary's completion (default 120). */
  readonly maxTokens?: number;
  /** User turns the fallback keeps (default 2). */
  readonly fallbackTurns?: number;
  /** Sessions summarised at once (default: as many as the port serves, `llm.concurrency`). */
  readonly concurrency?: number;
  /** Called after each session with the number done so far. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** The stand-in summary of a session the LLM could not summarise: its opening user turns. */
export function fallbackSummary(session: Session, turns = 2): string {
  const user = session.turns.filter((t) => t.speaker === 'user');
  const opening = (user.length > 0 ? user : session.turns).slice(0, turns);
  return opening
    .map((t) => t.text.trim())
    .join(' ')
    .trim();
}

async function summariseOne(
  llm: LlmPort,
  session: Session,
  options: SummariseOptions,
): Promise<SessionSummary> {
  if (session.turns.length === 0)
    return { sessionId: session.id, status: 'empty', text: '', tokens: 0 };
  const fallback = (error: string, tokens: number): SessionSummary => ({
    sessionId: session.id,
    status: 'fallback',
    text: fallbackSummary(session, options.fallbackTurns),
    tokens,
    error,
  });
  try {
    const completion = await llm.complete({
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: summarisePrompt(session) },
      ],
      maxTokens: options.maxTokens ?? 120,
      temperature: 0,
      purpose: LLM_PURPOSES.summariseSession,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const tokens = completion.promptTokens + completion.completionTokens;
    const text = completion.text.replace(/\s+/g, ' ').trim();
    if (text === '') return fallback('The model returned an empty summary.', tokens);
    return { sessionId: session.id, status: 'ok', text, tokens };
  } catch (error) {
    if (options.signal?.aborted) throw abortErrorFrom(options.signal);
    if (isAbortError(error)) throw error;
    return fallback(errorMessage(error), 0);
  }
}

/**
 * Summarises the sessions, as many at once as the port serves (one at a time for a local
 * model). Results are in session order, one per session. Cancelling rejects with an AbortError.
 */
export async function summariseSessions(
  llm: LlmPort,
  sessions: readonly Session[],
  options: SummariseOptions = {},
): Promise<SessionSummary[]> {
  let done = 0;
  return mapLimited(
    sessions,
    options.concurrency ?? llmConcurrency(llm),
    async (session) => {
      throwIfAborted(options.signal);
      const summary = await summariseOne(llm, session, options);
      options.onProgress?.(++done, sessions.length);
      return summary;
    },
    options.signal,
  );
}
