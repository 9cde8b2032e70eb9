/**
 * What the chat sends the model and what it says without one: the answer prompt (history, the
 * retrieved memories, the question in labelled sections) and the honest memory-only reply.
 */
import { LLM_PURPOSES, PROMPT_SECTIONS } from '../../engine/llm-purposes.ts';
import type { ChatMessage, Completion, CompletionRequest, LlmPort } from '../../engine/ports.ts';
import { section } from '../../engine/prompt-sections.ts';
import type { RetrievedItem } from '../../engine/retrieval.ts';
import type { ChatMessageView } from '../../state/chat-types.ts';
import { memoryLine } from '../../engine/lifetime/memory-line.ts';
import { escapeMarkdown } from './markdown-escape.ts';

/** Most earlier messages replayed to the model (the memory tree carries the long term). */
export const HISTORY_LIMIT = 12;
export const REPLY_MAX_TOKENS = 512;

// Said in as few tokens as it can be: the reply's whole prompt is prefilled before its first token.
const SYSTEM_PROMPT =
  'You are Grove, a helpful assistant on the user’s device. MEMORY lists what you remember ' +
  'about the user from past chats, each dated [from → to]; one marked "replaced" no longer ' +
  'holds. Use memories when they matter; never invent any.';

export function answerMessages(
  history: readonly ChatMessageView[],
  question: string,
  memories: readonly RetrievedItem[] | null,
): ChatMessage[] {
  const earlier = history
    .filter((m) => m.status === 'done' && m.text.trim() !== '')
    .slice(-HISTORY_LIMIT)
    .map((m): ChatMessage => ({ role: m.role, content: m.text }));
  const memoryBlock =
    memories === null
      ? ''
      : section(
          PROMPT_SECTIONS.memory,
          memories.length > 0
            ? memories.map((m) => memoryLine(m)).join('\n')
            : '(nothing relevant)',
        ) + '\n';
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    ...earlier,
    { role: 'user', content: memoryBlock + section(PROMPT_SECTIONS.question, question) },
  ];
}

export function answerRequest(
  history: readonly ChatMessageView[],
  question: string,
  memories: readonly RetrievedItem[] | null,
  signal?: AbortSignal,
): CompletionRequest {
  return {
    messages: answerMessages(history, question, memories),
    maxTokens: REPLY_MAX_TOKENS,
    temperature: 0.7,
    purpose: LLM_PURPOSES.answer,
    ...(signal ? { signal } : {}),
  };
}

export const NO_MODEL_NOTICE = 'No model is loaded: Grove runs in no-LLM mode.';

/** The reply in no-LLM mode: says so plainly, then lists what memory found (Markdown). */
export function memoryOnlyReply(memories: readonly RetrievedItem[] | null): string {
  if (memories === null) {
    return (
      `**${NO_MODEL_NOTICE}** Memory is off for this conversation, so there is nothing to ` +
      'answer with. Load a model in Settings, or turn memory on to see what Grove remembers.'
    );
  }
  if (memories.length === 0) {
    return (
      `**${NO_MODEL_NOTICE}** I can only show what I remember, and no stored memory matches ` +
      'this message yet. Load a model in Settings for real replies.'
    );
  }
  // Memory text is the user's data (an imported profile controls it): shown as text, never markup.
  const list = memories.map((m) => memoryLine(m, escapeMarkdown(m.text))).join('\n');
  return (
    `**${NO_MODEL_NOTICE}** I can’t write a reply, but this is what I remember that may ` +
    `matter:\n\n${list}`
  );
}

export type DeltaCallback = (delta: string, textSoFar: string) => void;

type StreamingPort = LlmPort & {
  stream(request: CompletionRequest, onDelta: DeltaCallback): Promise<Completion>;
};

export function canStream(llm: LlmPort): llm is StreamingPort {
  return typeof (llm as Partial<StreamingPort>).stream === 'function';
}

/** Streams when the port can (web-llm, WASM, HTTP); otherwise one delta with the whole reply. */
export async function streamReply(
  llm: LlmPort,
  request: CompletionRequest,
  onDelta: DeltaCallback,
): Promise<Completion> {
  if (canStream(llm)) return llm.stream(request, onDelta);
  const completion = await llm.complete(request);
  onDelta(completion.text, completion.text);
  return completion;
}
