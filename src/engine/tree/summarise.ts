/**
 * Turning a cluster into its one-sentence summary: with the LLM, or without one. Without an LLM
 * the summariser stands the central member in, and `labelTree` (label-tree.ts) then writes the
 * node's keyword label, once its siblings are known.
 */
import { llmConcurrency } from '../concurrency/limited-llm.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import type { LlmPort } from '../ports.ts';
import type { Vector } from '../types.ts';
import { cosine, meanDirection } from '../vector.ts';
import { SUMMARY_MAX_TOKENS, summarisePrompt } from './prompts.ts';

export interface SummaryMember {
  readonly text: string;
  readonly embedding: Vector;
}

export interface Summary {
  readonly text: string;
  /** 'keywords': no LLM wrote it; the tree's keyword label replaces it (`labelTree`). */
  readonly method: 'llm' | 'keywords';
  /** Why the LLM summary was not used, when it was tried and failed. */
  readonly error?: string;
  /** The text's embedding where it is a member's (the central member's), so it need not be re-embedded. */
  readonly embedding?: Vector;
}

export interface Summariser {
  readonly name: string;
  /** Clusters a build may summarise at once (default 1; the LLM's `concurrency`). */
  readonly concurrency?: number;
  summarise(members: readonly SummaryMember[], signal?: AbortSignal): Promise<Summary>;
}

/** The member closest to the cluster's centre direction: a summary that needs no LLM. */
export function centralMember(members: readonly SummaryMember[]): SummaryMember {
  const centre = meanDirection(members.map((m) => m.embedding));
  let best = members[0];
  if (!best) throw new Error('Cannot summarise an empty cluster');
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const member of members) {
    const score = cosine(member.embedding, centre);
    if (score > bestScore) [best, bestScore] = [member, score];
  }
  return best;
}

function standIn(members: readonly SummaryMember[], error?: string): Summary {
  const { text, embedding } = centralMember(members);
  return { text, method: 'keywords', embedding, ...(error === undefined ? {} : { error }) };
}

/** The no-LLM summariser: the central member stands in until `labelTree` writes the label. */
export const keywordSummariser: Summariser = {
  name: 'keywords',
  summarise: (members) => Promise.resolve(standIn(members)),
};

/** Keeps the first sentence of a reply, without quotes or a "Summary:" label. */
export function firstSentence(reply: string): string {
  const text = reply
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(summary|one-sentence summary)\s*:\s*/i, '')
    .replace(/^["'“]+|["'”]+$/g, '')
    .trim();
  const end = text.search(/[.!?](\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1);
}

/**
 * TaciTree's LLM summary. A single member stands for itself (no call). An empty or failed
 * reply, after `attempts` tries, falls back to the no-LLM stand-in (then labelled) and says why.
 */
export function llmSummariser(llm: LlmPort, attempts = 2): Summariser {
  return {
    name: `llm:${llm.id}`,
    concurrency: llmConcurrency(llm),
    async summarise(members, signal) {
      const only = members.length === 1 ? members[0] : undefined;
      if (only) return standIn([only]);
      let error = 'empty summary';
      for (let attempt = 0; attempt < attempts; attempt++) {
        signal?.throwIfAborted();
        try {
          const reply = await llm.complete({
            messages: summarisePrompt(members.map((m) => m.text)),
            maxTokens: SUMMARY_MAX_TOKENS,
            temperature: 0,
            purpose: LLM_PURPOSES.summarise,
            ...(signal ? { signal } : {}),
          });
          const text = firstSentence(reply.text);
          if (text.length > 0) return { text, method: 'llm' };
        } catch (caught) {
          if (signal?.aborted) throw caught;
          error = caught instanceof Error ? caught.message : String(caught);
        }
      }
      return standIn(members, error);
    },
  };
}
