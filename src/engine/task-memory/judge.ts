/**
 * The memory judge (MAP §4.2): scores each activated QA pair in [0, 1] for whether it answers one
 * of the current task's missing-slot questions, given the dialogue context.
 *
 * - `createLlmJudge`: the model scores a batch of QA pairs per call (JSON via callStructured,
 *   bounded retries). A batch whose reply stays unusable, or a pair the reply leaves out, gets
 *   FAILED_JUDGE_SCORE (0): the pair then ranks by α·retrieval alone, below any pair the judge
 *   approved, and the failure is reported in `failures`, never dropped silently. A call that
 *   fails (server down, time-out) throws its LlmCallError: it says nothing about the pairs.
 * - `createEmbeddingJudge` (no LLM): cosine of the pair's question to the closest missing-slot
 *   question, mixed with cosine of the whole pair to the closest context turn, min–max scaled over
 *   the request's pairs to [0, 1]. It never fails, so it never reports failures.
 */
import { z } from 'zod';
import { throwIfAborted } from '../errors.ts';
import { callStructured, throwIfCallFailed } from '../json-output.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import type { EmbedderPort, LlmPort } from '../ports.ts';
import type { Vector } from '../types.ts';
import { cosine } from '../vector.ts';
import { keyText } from './key-text.ts';
import { judgePrompt } from './prompts.ts';

export interface JudgeCandidate {
  readonly id: string;
  readonly question: string;
  readonly answer: string;
}

export interface JudgeRequest {
  /** The current dialogue so far, one turn per line. */
  readonly context: string;
  /** Questions for the slots the current task still misses. */
  readonly missing: readonly string[];
  readonly candidates: readonly JudgeCandidate[];
  readonly signal?: AbortSignal;
}

export interface JudgeVerdict {
  readonly score: number;
  /** The missing-slot question the pair answers, when the judge names one. */
  readonly answers?: string;
}

export interface JudgeOutcome {
  readonly verdicts: ReadonlyMap<string, JudgeVerdict>;
  readonly llmCalls: number;
  /** One readable line per batch the judge could not score. */
  readonly failures: readonly string[];
}

export interface TaskJudge {
  readonly name: string;
  judge(request: JudgeRequest): Promise<JudgeOutcome>;
}

/** Score of a pair the judge failed to score (malformed reply, or left out of it). */
export const FAILED_JUDGE_SCORE = 0;

const clamp01 = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

export const judgeReplySchema = z.object({
  scores: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      score: z
        .union([z.number(), z.boolean()])
        .transform((s) => (typeof s === 'boolean' ? (s ? 1 : 0) : s)),
      answers: z.string().optional(),
    }),
  ),
});

export interface LlmJudgeOptions {
  readonly llm: LlmPort;
  /** QA pairs per call (default 8). */
  readonly batchSize?: number;
  readonly maxAttempts?: number;
  readonly maxTokens?: number;
}

export function createLlmJudge(options: LlmJudgeOptions): TaskJudge {
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 8));
  return {
    name: `llm:${options.llm.id}`,
    async judge(request) {
      const verdicts = new Map<string, JudgeVerdict>();
      const failures: string[] = [];
      let llmCalls = 0;
      for (let start = 0; start < request.candidates.length; start += batchSize) {
        throwIfAborted(request.signal);
        const batch = request.candidates.slice(start, start + batchSize);
        const result = throwIfCallFailed(
          await callStructured(options.llm, {
            messages: judgePrompt(request.context, request.missing, batch),
            schema: judgeReplySchema,
            maxTokens: options.maxTokens ?? 60 + 40 * batch.length,
            purpose: LLM_PURPOSES.taskJudge,
            temperature: 0,
            prepare: (json) => (Array.isArray(json) ? { scores: json } : json),
            ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
            ...(request.signal ? { signal: request.signal } : {}),
          }),
        );
        llmCalls += result.attempts;
        const wanted = new Set(batch.map((c) => c.id));
        if (result.ok) {
          for (const s of result.value.scores) {
            if (!wanted.has(s.id) || verdicts.has(s.id)) continue;
            verdicts.set(s.id, {
              score: clamp01(s.score),
              ...(s.answers ? { answers: s.answers } : {}),
            });
          }
          const left = batch.filter((c) => !verdicts.has(c.id)).map((c) => c.id);
          if (left.length > 0)
            failures.push(`the judge left out ${left.join(', ')}; scored ${FAILED_JUDGE_SCORE}`);
        } else {
          failures.push(
            `${result.error} (pairs ${[...wanted].join(', ')} scored ${FAILED_JUDGE_SCORE})`,
          );
        }
        for (const c of batch)
          if (!verdicts.has(c.id)) verdicts.set(c.id, { score: FAILED_JUDGE_SCORE });
      }
      return { verdicts, llmCalls, failures };
    },
  };
}

export const DEFAULT_SLOT_WEIGHT = 0.5;

export interface EmbeddingJudgeOptions {
  readonly embedder: EmbedderPort;
  /**
   * Weight of "answers a missing-slot question" (question to question) against "matches the
   * context" (the pair to the closest context turn); default 0.5 (on MS-TOD dev with the cosine
   * activation, 0.2 to 0.5 stay within 0.01 Recall@5 of each other and 0.8 loses 0.02; with the
   * hybrid activation and every unit judged, 0 / 0.2 / 0.5 / 0.8 / 1 give 0.792 / 0.797 / 0.785 /
   * 0.760 / 0.737 against 0.823 for the activation alone: it re-orders, it finds no more sessions).
   */
  readonly slotWeight?: number;
  /**
   * Min–max scale the scores over each request's candidates (default true): word-vector cosines
   * crowd into a narrow band, so raw they would barely move the α re-ranking.
   */
  readonly scale?: boolean;
  /** Context similarity: to the whole context ('whole') or its closest turn ('turn', default). */
  readonly contextMatch?: 'whole' | 'turn';
}

/** The no-LLM judge. Embeddings are cached by text for the judge's lifetime. */
export function createEmbeddingJudge(options: EmbeddingJudgeOptions): TaskJudge {
  const cache = new Map<string, Vector>();
  const w = clamp01(options.slotWeight ?? DEFAULT_SLOT_WEIGHT);
  const vectors = async (texts: readonly string[], signal?: AbortSignal): Promise<Vector[]> => {
    const todo = [...new Set(texts.filter((t) => !cache.has(t)))];
    if (todo.length > 0) {
      const got = await options.embedder.embed(todo.map(keyText), signal);
      todo.forEach((t, i) => {
        const v = got[i];
        if (v) cache.set(t, v);
      });
    }
    return texts.map((t) => cache.get(t) ?? new Float32Array(options.embedder.dimension));
  };
  return {
    name: `embedding:${options.embedder.id}`,
    async judge(request) {
      throwIfAborted(request.signal);
      const turns = request.context.split('\n').filter((l) => l.trim() !== '');
      const contextVecs = await vectors(
        options.contextMatch === 'whole'
          ? [request.context]
          : turns.length > 0
            ? turns
            : [request.context],
        request.signal,
      );
      const missingVecs = await vectors(request.missing, request.signal);
      const questionVecs = await vectors(
        request.candidates.map((c) => c.question),
        request.signal,
      );
      const pairVecs = await vectors(
        request.candidates.map((c) => `${c.question} ${c.answer}`),
        request.signal,
      );
      const raw: { id: string; score: number; answers?: string }[] = [];
      request.candidates.forEach((c, i) => {
        const q = questionVecs[i] as Vector;
        let slot = 0;
        let answers: string | undefined;
        request.missing.forEach((m, j) => {
          const s = cosine(q, missingVecs[j] as Vector);
          if (s > slot) {
            slot = s;
            answers = m;
          }
        });
        let context = 0;
        for (const v of contextVecs) context = Math.max(context, cosine(pairVecs[i] as Vector, v));
        const weight = request.missing.length === 0 ? 0 : w;
        raw.push({
          id: c.id,
          score: weight * slot + (1 - weight) * context,
          ...(answers === undefined ? {} : { answers }),
        });
      });
      const lo = Math.min(...raw.map((r) => r.score));
      const hi = Math.max(...raw.map((r) => r.score));
      const verdicts = new Map<string, JudgeVerdict>();
      for (const r of raw) {
        const score =
          options.scale === false ? r.score : hi - lo <= 1e-12 ? 1 : (r.score - lo) / (hi - lo);
        verdicts.set(r.id, { ...r, score: clamp01(score) });
      }
      return { verdicts, llmCalls: 0, failures: [] };
    },
  };
}
