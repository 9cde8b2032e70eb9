/**
 * The response (MAP §4.3, eq. 5): r = LLM_Reader(c, A_core): the dialogue context, the task's
 * slots (known values, `?` for unknown) and the pruned core answers from memory.
 */
import { LlmCallError, errorMessage, isAbortError } from '../errors.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import type { LlmPort } from '../ports.ts';
import type { Turn } from '../types.ts';
import { respondPrompt } from './prompts.ts';

export interface RespondOptions {
  readonly llm: LlmPort;
  readonly maxTokens?: number;
  readonly signal?: AbortSignal;
}

/** The assistant's confirmation response. Throws LlmCallError (or AbortError) when the call fails. */
export async function respond(
  turns: readonly Turn[],
  task: Readonly<Record<string, string | undefined>>,
  memory: readonly string[],
  options: RespondOptions,
): Promise<string> {
  try {
    const completion = await options.llm.complete({
      messages: respondPrompt(turns, task, memory),
      maxTokens: options.maxTokens ?? 160,
      temperature: 0,
      purpose: LLM_PURPOSES.taskRespond,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return completion.text.trim();
  } catch (e) {
    if (isAbortError(e)) throw e;
    throw new LlmCallError(
      `The model could not write the task response: ${errorMessage(e)}. Check the model is loaded, then retry.`,
      LLM_PURPOSES.taskRespond,
      { cause: e },
    );
  }
}
