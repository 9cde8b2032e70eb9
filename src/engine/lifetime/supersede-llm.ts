/**
 * The model's supersede call: one structured call per new fact that has candidates, asking
 * which of the user's older facts it replaces. The schema puts the reasoning first (small
 * models miss half the contradictions when they must answer before they think). The model only
 * names facts; which fact holds when ("newest valid time wins") is decided by code.
 */
import { z } from 'zod';
import { callStructured } from '../json-output.ts';
import { LLM_PURPOSES, PROMPT_SECTIONS } from '../llm-purposes.ts';
import type { ChatMessage, LlmPort } from '../ports.ts';
import { section } from '../prompt-sections.ts';
import type { Fact, FactId } from '../types.ts';

export const SUPERSEDE_MAX_TOKENS = 160;

export const SUPERSEDE_SYSTEM_PROMPT =
  'You keep a user’s long-term memory true over time. Given a NEW FACT and older CANDIDATES, ' +
  'name the candidates the new fact replaces: the same person’s same attribute (where they ' +
  'live, where they work, their car, their diet …) now has a different value, or the new fact ' +
  'corrects a wrong one. A fact about someone else never replaces the user’s own. A restated or ' +
  'merely related fact replaces nothing. Think briefly first, then answer with JSON only: ' +
  '{"reasoning": "<one or two sentences>", "replaces": ["F1", …]} (an empty list when none).';

export const supersedeSchema = z.object({
  reasoning: z.string(),
  replaces: z.array(z.string()),
});

export interface DatedFact {
  readonly fact: Fact;
  /** The fact's validFrom, for the prompt. */
  readonly since: string | undefined;
}

const line = (label: string, { fact, since }: DatedFact) =>
  `[${label}] (${since ? `since ${since}` : 'date unknown'}) ${fact.text}`;

export function supersedeMessages(
  next: DatedFact,
  candidates: readonly DatedFact[],
): ChatMessage[] {
  return [
    { role: 'system', content: SUPERSEDE_SYSTEM_PROMPT },
    {
      role: 'user',
      content:
        section(PROMPT_SECTIONS.newFact, line('NEW', next)) +
        '\n' +
        section(
          PROMPT_SECTIONS.candidates,
          candidates.map((c, i) => line(`F${i + 1}`, c)).join('\n'),
        ),
    },
  ];
}

export type SupersedeCall =
  | { readonly ok: true; readonly replaces: readonly FactId[]; readonly reasoning: string }
  | { readonly ok: false; readonly error: string };

/** Which candidates the model says the new fact replaces; a failed or unreadable call: ok false. */
export async function modelSupersedes(
  llm: LlmPort,
  next: DatedFact,
  candidates: readonly DatedFact[],
  signal?: AbortSignal,
): Promise<SupersedeCall> {
  const result = await callStructured(llm, {
    messages: supersedeMessages(next, candidates),
    schema: supersedeSchema,
    maxTokens: SUPERSEDE_MAX_TOKENS,
    purpose: LLM_PURPOSES.supersede,
    temperature: 0,
    ...(signal ? { signal } : {}),
  });
  if (!result.ok) return { ok: false, error: result.error };
  const byLabel = new Map(candidates.map((c, i) => [`F${i + 1}`, c.fact.id]));
  const unknown = result.value.replaces.filter((label) => !byLabel.has(label.trim()));
  if (unknown.length > 0)
    return {
      ok: false,
      error: `the model named facts that were not offered: ${unknown.join(', ')}`,
    };
  return {
    ok: true,
    reasoning: result.value.reasoning,
    replaces: [...new Set(result.value.replaces.map((l) => byLabel.get(l.trim()) as FactId))],
  };
}
