/**
 * The LLM task memory (MAP §3.2, appendix B.3): after a session, the model writes its intent
 * description ('task-intent') and QA pairs about its task slots ('task-qa'); during a session it
 * describes the current intent and lists the slot questions still open ('task-missing').
 * Every call is structured (callStructured: JSON schema, bounded retries). A reply that stays
 * unusable falls back to the extractive reading of the same session, and says so in `error`.
 */
import { z } from 'zod';
import { callStructured } from '../json-output.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import type { LlmPort } from '../ports.ts';
import type { Session, Turn } from '../types.ts';
import { extractTaskMemory, extractiveIntent, type ExtractiveOptions } from './extractive.ts';
import { intentPrompt, missingPrompt, qaPrompt } from './prompts.ts';
import type { TaskMemoryUnit, TaskSlot } from './types.ts';

export const intentReplySchema = z.object({ intent: z.string().trim().min(1) });

export const qaReplySchema = z.object({
  qa: z.array(
    z.object({
      question: z.string().trim().min(1),
      answer: z.union([z.string(), z.number()]).transform((a) => String(a).trim()),
      slot: z.string().nullish(),
    }),
  ),
});

export const missingReplySchema = z.object({ missing: z.array(z.string().trim().min(1)) });

export interface LlmTaskOptions {
  readonly llm: LlmPort;
  readonly signal?: AbortSignal;
  readonly maxAttempts?: number;
}

const common = (o: LlmTaskOptions) => ({
  temperature: 0,
  ...(o.signal ? { signal: o.signal } : {}),
  ...(o.maxAttempts === undefined ? {} : { maxAttempts: o.maxAttempts }),
});

export interface Described<T> {
  readonly value: T;
  /** Set when the model's reply could not be used and the extractive reading stood in. */
  readonly error?: string;
  readonly llmCalls: number;
}

/** One sentence: what the user intends in these turns (the current session's intent). */
export async function describeIntent(
  turns: readonly Turn[],
  options: LlmTaskOptions,
): Promise<Described<string>> {
  const result = await callStructured(options.llm, {
    messages: intentPrompt(turns),
    schema: intentReplySchema,
    maxTokens: 120,
    purpose: LLM_PURPOSES.taskIntent,
    ...common(options),
  });
  if (result.ok) return { value: result.value.intent, llmCalls: result.attempts };
  return {
    value: extractiveIntent(turns, turns.length),
    error: result.error,
    llmCalls: result.attempts,
  };
}

/** The questions for the slots the context leaves open. Fallback: every slot's question. */
export async function missingQuestions(
  turns: readonly Turn[],
  slots: readonly TaskSlot[],
  options: LlmTaskOptions,
): Promise<Described<string[]>> {
  const result = await callStructured(options.llm, {
    messages: missingPrompt(turns, slots),
    schema: missingReplySchema,
    maxTokens: 60 + 30 * slots.length,
    purpose: LLM_PURPOSES.taskMissing,
    ...common(options),
  });
  if (result.ok) return { value: result.value.missing, llmCalls: result.attempts };
  return { value: slots.map((s) => s.question), error: result.error, llmCalls: result.attempts };
}

/** A stored session → its memory unit, written by the model (intent + QA pairs). */
export async function describeSession(
  session: Session,
  options: LlmTaskOptions & ExtractiveOptions,
): Promise<Described<TaskMemoryUnit>> {
  const fallback = extractTaskMemory(session, options);
  const slots = options.slots ?? [];
  const intent = await callStructured(options.llm, {
    messages: intentPrompt(session.turns),
    schema: intentReplySchema,
    maxTokens: 120,
    purpose: LLM_PURPOSES.taskIntent,
    ...common(options),
  });
  const qa = await callStructured(options.llm, {
    messages: qaPrompt(session.turns, slots),
    schema: qaReplySchema,
    maxTokens: 80 + 60 * Math.max(4, slots.length),
    purpose: LLM_PURPOSES.taskQa,
    ...common(options),
  });
  const llmCalls = intent.attempts + qa.attempts;
  const errors = [intent, qa].flatMap((r) => (r.ok ? [] : [r.error]));
  const known = new Set(slots.map((s) => s.name));
  // The model's intent is the activation key; a fallback intent keeps the session's words.
  const { activationText, ...base } = fallback;
  const unit: TaskMemoryUnit = {
    ...base,
    ...(intent.ok || activationText === undefined ? {} : { activationText }),
    intent: intent.ok ? intent.value.intent : fallback.intent,
    qa: qa.ok
      ? qa.value.qa
          .filter((p) => p.answer !== '')
          .map((p, i) => ({
            id: `${session.id}#qa${i}`,
            question: p.question,
            answer: p.answer,
            ...(p.slot && (known.size === 0 || known.has(p.slot)) ? { slot: p.slot } : {}),
            turnIds: [],
          }))
      : fallback.qa,
    provenance: { ...fallback.provenance, method: errors.length === 2 ? 'extractive' : 'llm' },
  };
  return errors.length === 0
    ? { value: unit, llmCalls }
    : { value: unit, error: errors.join('; '), llmCalls };
}
