/**
 * S_node: each committed round becomes one summary sentence, used by the topic check, the branch
 * decision and the system message of other topics. With an LLM: one third-person sentence that
 * keeps numbers (an empty or failed reply falls back to the extractive summary and says why);
 * without: the extractive summary (extractive-summary.ts).
 */
import { errorMessage, isAbortError } from '../errors.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import type { LlmPort } from '../ports.ts';
import { firstSentence } from '../tree/summarise.ts';
import {
  DEFAULT_SUMMARY_BUDGET,
  extractiveSummary,
  type SummaryBudget,
} from './extractive-summary.ts';
import { ROUND_SUMMARY_MAX_TOKENS, roundSummaryPrompt } from './prompts.ts';

export interface RoundSummary {
  readonly text: string;
  readonly source: 'llm' | 'extractive';
  /** Why the LLM summary was not used, when it was tried. */
  readonly error?: string;
}

export interface RoundSummariser {
  summarise(user: string, assistant: string, signal?: AbortSignal): Promise<RoundSummary>;
}

export function extractiveRoundSummariser(
  budget: SummaryBudget = DEFAULT_SUMMARY_BUDGET,
): RoundSummariser {
  return {
    summarise: (user, assistant) =>
      Promise.resolve({ text: extractiveSummary(user, assistant, budget), source: 'extractive' }),
  };
}

export function llmRoundSummariser(
  llm: LlmPort,
  fallbackBudget: SummaryBudget = DEFAULT_SUMMARY_BUDGET,
): RoundSummariser {
  return {
    async summarise(user, assistant, signal) {
      let error: string;
      try {
        const reply = await llm.complete({
          messages: roundSummaryPrompt(user, assistant),
          maxTokens: ROUND_SUMMARY_MAX_TOKENS,
          temperature: 0,
          purpose: LLM_PURPOSES.summariseRound,
          ...(signal ? { signal } : {}),
        });
        const text = firstSentence(reply.text);
        if (text !== '') return { text, source: 'llm' };
        error = 'the model returned an empty summary';
      } catch (e) {
        if (isAbortError(e)) throw e;
        error = `the summary call failed: ${errorMessage(e)}`;
      }
      return {
        text: extractiveSummary(user, assistant, fallbackBudget),
        source: 'extractive',
        error,
      };
    },
  };
}
