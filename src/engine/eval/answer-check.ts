/**
 * Answer correctness (TaciTree's evaluation): an answer step (the LLM answers the question from
 * the retrieved memory) and a judge step (an LLM says whether the response is a valid answer
 * given the ideal one: the response may say more, but the ideal answer must be in it). The
 * judge prompt is the paper's appendix "Code 9".
 */
import type { LlmPort } from '../ports.ts';
import { LLM_PURPOSES, PROMPT_SECTIONS } from '../llm-purposes.ts';
import { section } from '../prompt-sections.ts';
import type { RetrievedItem } from '../retrieval.ts';

/** Purpose tag of the correctness judge (not a memory step: evaluation only). */
export const JUDGE_ANSWER_PURPOSE = 'judge-answer';
export const ANSWER_MAX_TOKENS = 96;
export const JUDGE_ANSWER_MAX_TOKENS = 8;

export function answerPrompt(question: string, memory: readonly RetrievedItem[]) {
  return [
    {
      role: 'system' as const,
      content:
        'You answer questions about the user from what you remember of past conversations. ' +
        'Answer in less than 40 words, without explanation. If the memory does not say, answer as best you can.',
    },
    {
      role: 'user' as const,
      content:
        section(PROMPT_SECTIONS.question, question) +
        section(
          PROMPT_SECTIONS.memory,
          memory.length === 0 ? '(nothing retrieved)' : memory.map((m) => `- ${m.text}`).join('\n'),
        ),
    },
  ];
}

/** The paper's Code 9, verbatim in substance. */
export function judgeAnswerPrompt(question: string, ideal: string, response: string) {
  return [
    {
      role: 'user' as const,
      content:
        `Given question: ${question}. The ideal response is: ${ideal}. The model's response is: ${response}.\n\n` +
        "Do you consider the model's response a valid answer to the question? If the response matches the ideal answer, it is valid. " +
        'Otherwise, determine whether it still validly addresses the question even if differing from the ideal response. ' +
        'Please answer with only "yes" or "no".',
    },
  ];
}

/** "yes" / "Yes." / "YES, because..." → true; anything else (including "no") → false. */
export function readVerdict(text: string): boolean {
  return /^\W*yes\b/i.test(text.trim());
}

export interface AnswerCheck {
  readonly response: string;
  readonly verdict: string;
  readonly correct: boolean;
  /** Prompt + completion tokens of both steps. */
  readonly tokens: number;
}

export async function checkAnswer(
  llm: LlmPort,
  question: string,
  ideal: string,
  memory: readonly RetrievedItem[],
  signal?: AbortSignal,
): Promise<AnswerCheck> {
  const abort = signal ? { signal } : {};
  const answer = await llm.complete({
    messages: answerPrompt(question, memory),
    maxTokens: ANSWER_MAX_TOKENS,
    temperature: 0,
    purpose: LLM_PURPOSES.answer,
    ...abort,
  });
  const response = answer.text.trim();
  const judged = await llm.complete({
    messages: judgeAnswerPrompt(question, ideal, response),
    maxTokens: JUDGE_ANSWER_MAX_TOKENS,
    temperature: 0,
    purpose: JUDGE_ANSWER_PURPOSE,
    ...abort,
  });
  return {
    response,
    verdict: judged.text.trim(),
    correct: readVerdict(judged.text),
    tokens:
      answer.promptTokens + answer.completionTokens + judged.promptTokens + judged.completionTokens,
  };
}
