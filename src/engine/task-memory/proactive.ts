/**
 * The proactive response strategy (MAP §4.3, eq. 6): compare a response with the task's slots,
 * collect the slots it leaves out or gets wrong (L), and go on turn by turn — the user is asked
 * about L, the assistant answers again, the checker looks again — until L is empty or the turn
 * cap is reached. The loop is plain: the assistant, the user (a person, or a simulated user in
 * evaluation) and the checker are functions handed in.
 */
import { z } from 'zod';
import { throwIfAborted } from '../errors.ts';
import { callStructured } from '../json-output.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import type { LlmPort } from '../ports.ts';
import { checkPrompt } from './prompts.ts';

export type SlotStatus = 'ok' | 'missing' | 'wrong';

export interface SlotCheck {
  readonly name: string;
  readonly status: SlotStatus;
}

/** Compares one response with the task goal, slot by slot. */
export type SlotChecker = (
  goal: Readonly<Record<string, string>>,
  response: string,
  signal?: AbortSignal,
) => Promise<readonly SlotCheck[]>;

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The no-LLM checker: a slot is ok when its value appears in the response (case and punctuation
 * ignored), wrong when one of its `alternatives` appears instead, missing otherwise.
 */
export function createStringSlotChecker(
  alternatives: Readonly<Record<string, readonly string[]>> = {},
): SlotChecker {
  return (goal, response) => {
    const said = ` ${norm(response)} `;
    const has = (value: string) => norm(value) !== '' && said.includes(` ${norm(value)} `);
    return Promise.resolve(
      Object.entries(goal).map(([name, value]): SlotCheck => {
        if (has(value)) return { name, status: 'ok' };
        const other = (alternatives[name] ?? []).some((v) => norm(v) !== norm(value) && has(v));
        return { name, status: other ? 'wrong' : 'missing' };
      }),
    );
  };
}

export const checkReplySchema = z.object({
  slots: z.array(
    z.object({
      name: z.string(),
      status: z
        .string()
        .transform((s) => s.trim().toLowerCase())
        .pipe(z.enum(['ok', 'missing', 'wrong'])),
    }),
  ),
});

/**
 * The LLM checker ('task-check'). A slot the reply leaves out, or a reply that stays unusable
 * after the retries, counts as 'missing': the loop asks once more rather than declaring success
 * on a judgement it never got (the turn cap bounds the cost).
 */
export function createLlmSlotChecker(llm: LlmPort, maxAttempts?: number): SlotChecker {
  return async (goal, response, signal) => {
    const result = await callStructured(llm, {
      messages: checkPrompt(goal, response),
      schema: checkReplySchema,
      maxTokens: 40 + 25 * Object.keys(goal).length,
      purpose: LLM_PURPOSES.taskCheck,
      temperature: 0,
      ...(signal ? { signal } : {}),
      ...(maxAttempts === undefined ? {} : { maxAttempts }),
    });
    const said = new Map(result.ok ? result.value.slots.map((s) => [s.name, s.status]) : []);
    return Object.keys(goal).map((name) => ({ name, status: said.get(name) ?? 'missing' }));
  };
}

/** The slots still to settle: missing or wrong. */
export const pendingSlots = (checks: readonly SlotCheck[]): SlotCheck[] =>
  checks.filter((c) => c.status !== 'ok');

/** The assistant's question about the pending slots ("Could you confirm the song name and …?"). */
export function askAbout(pending: readonly SlotCheck[]): string {
  const names = pending.map((p) => p.name.replace(/_/g, ' '));
  if (names.length === 0) return '';
  const list =
    names.length === 1
      ? names[0]
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Could you tell me the ${list}?`;
}

export interface ProactiveTurn {
  readonly speaker: 'user' | 'assistant';
  readonly text: string;
}

export interface ProactiveOptions {
  readonly goal: Readonly<Record<string, string>>;
  /** The assistant's first response (the confirmation). */
  readonly response: string;
  /** The assistant's next response, given the dialogue of this loop so far. */
  readonly assistant: (
    dialogue: readonly ProactiveTurn[],
    pending: readonly SlotCheck[],
  ) => Promise<string>;
  /** The user's reply about the pending slots (a person, or a simulated user told the goal). */
  readonly user: (response: string, pending: readonly SlotCheck[]) => Promise<string>;
  readonly check: SlotChecker;
  /** Most user turns the loop may take (default 5, at least 0). */
  readonly maxTurns?: number;
  readonly signal?: AbortSignal;
}

export interface ProactiveResult {
  /** True when every slot is ok. */
  readonly complete: boolean;
  /** True when the loop stopped at the cap with slots still pending. */
  readonly capped: boolean;
  /** User turns taken after the first response (0: the first response was complete). */
  readonly turns: number;
  readonly dialogue: readonly ProactiveTurn[];
  readonly pending: readonly SlotCheck[];
}

export const DEFAULT_MAX_TURNS = 5;

export async function runProactiveLoop(options: ProactiveOptions): Promise<ProactiveResult> {
  const cap = Math.max(0, Math.floor(options.maxTurns ?? DEFAULT_MAX_TURNS));
  const dialogue: ProactiveTurn[] = [{ speaker: 'assistant', text: options.response }];
  let response = options.response;
  let pending = pendingSlots(await options.check(options.goal, response, options.signal));
  let turns = 0;
  while (pending.length > 0 && turns < cap) {
    throwIfAborted(options.signal);
    const reply = await options.user(response, pending);
    dialogue.push({ speaker: 'user', text: reply });
    turns++;
    response = await options.assistant(dialogue, pending);
    dialogue.push({ speaker: 'assistant', text: response });
    // L only shrinks (eq. 6): a slot once settled stays settled; the others take their new status.
    const now = new Map(
      (await options.check(options.goal, response, options.signal)).map((c) => [c.name, c.status]),
    );
    pending = pending.flatMap((p): SlotCheck[] => {
      const status = now.get(p.name) ?? p.status;
      return status === 'ok' ? [] : [{ name: p.name, status }];
    });
  }
  return { complete: pending.length === 0, capped: pending.length > 0, turns, dialogue, pending };
}
