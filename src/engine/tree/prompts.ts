/** Prompts of the tree: summarising a cluster and judging nodes against a question. */
import type { ChatMessage } from '../ports.ts';
import { PROMPT_SECTIONS } from '../llm-purposes.ts';
import { section } from '../prompt-sections.ts';

export const SUMMARY_MAX_TOKENS = 96;
/** Bump when `summarisePrompt` changes what a summary says: cached summaries are then written again. */
export const SUMMARY_PROMPT_VERSION = 1;
export const JUDGE_MAX_TOKENS = 96;
export const LISTWISE_MAX_TOKENS = 192;
/** A frontier call answers ids only (`[1, 4]`): a handful of tokens per id. */
export const FRONTIER_MAX_TOKENS = 64;

/** TaciTree's "Code 8": one sentence of high-level information about a cluster. */
export function summarisePrompt(items: readonly string[]): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You summarise memories about a user. Answer with exactly one sentence and nothing else.',
    },
    {
      role: 'user',
      content:
        'Summarise these related memories in one sentence that keeps only the high-level information ' +
        '(who, what, and any names or numbers that matter). Output only the summary.\n\n' +
        section(PROMPT_SECTIONS.items, items.join('\n')),
    },
  ];
}

/** The paper's per-node judgement M2(q, s): could this memory possibly affect the answer? */
export function judgeNodePrompt(question: string, memory: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You decide whether a memory about the user could matter for answering their question. ' +
        'Implicit links count: a memory that changes what a good answer would be is relevant. ' +
        'Reply with JSON only.',
    },
    {
      role: 'user',
      content:
        'Could this memory possibly affect the answer to the question? ' +
        'Reply as {"relevant": true|false, "reason": "<a few words>"}.\n\n' +
        section(PROMPT_SECTIONS.question, question) +
        section(PROMPT_SECTIONS.memory, memory),
    },
  ];
}

/** One call judges all siblings: the kept candidates are returned by their numbers (1, 2, ...). */
export function judgeChildrenPrompt(
  question: string,
  candidates: readonly { id: string; text: string }[],
): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You select which memories about the user could matter for answering their question. ' +
        'Implicit links count: keep a memory if it could change what a good answer would be. ' +
        'Reply with JSON only.',
    },
    {
      role: 'user',
      content:
        'Which candidates could possibly affect the answer to the question? ' +
        'Reply as {"keep": [<number>, ...], "reason": "<a few words>"}; use an empty list if none.\n\n' +
        section(PROMPT_SECTIONS.question, question) +
        section(
          PROMPT_SECTIONS.candidates,
          candidates.map((c) => `[${c.id}] ${c.text}`).join('\n'),
        ),
    },
  ];
}

/**
 * The balanced effort's one call (frontier-judge.ts): leaf clusters by their content words, ids
 * back. Short on purpose: on a laptop GPU every prompt token of this call is 2.5 ms before the
 * reply can start, so the instructions are said once and the candidates carry no stop words.
 */
export function frontierPrompt(
  question: string,
  candidates: readonly { id: string; text: string }[],
  atMost: number,
): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'Pick the memory topics that could change a good answer to the user’s question, ' +
        'implicit links included. Reply with JSON only.',
    },
    {
      role: 'user',
      content:
        `Reply with a JSON array of the numbers to keep, at most ${atMost}, most relevant ` +
        `first, e.g. [3, 1]; [] if none.\n\n` +
        section(PROMPT_SECTIONS.question, question) +
        section(
          PROMPT_SECTIONS.candidates,
          candidates.map((c) => `[${c.id}] ${c.text}`).join('\n'),
        ),
    },
  ];
}
