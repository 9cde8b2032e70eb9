/** Reading OpenAI chat-completion replies: one JSON body, or a server-sent event stream. */
import type { ChatMessage, Completion } from '../../engine/ports.ts';
import { approximateTokenizer } from '../../engine/tokens.ts';
import { EndpointResponseError } from '../errors.ts';
import type { DeltaCallback } from './web-llm-port.ts';

interface Usage {
  prompt_tokens?: unknown;
  completion_tokens?: unknown;
}

function promptEstimate(messages: readonly ChatMessage[]): number {
  return messages.reduce((n, m) => n + approximateTokenizer.count(m.content) + 4, 0);
}

function withUsage(
  text: string,
  usage: Usage | undefined,
  messages: readonly ChatMessage[],
): Completion {
  return {
    text,
    promptTokens:
      typeof usage?.prompt_tokens === 'number' ? usage.prompt_tokens : promptEstimate(messages),
    completionTokens:
      typeof usage?.completion_tokens === 'number'
        ? usage.completion_tokens
        : approximateTokenizer.count(text),
  };
}

export function parseCompletion(
  body: string,
  url: string,
  messages: readonly ChatMessage[],
): Completion {
  let json: { choices?: { message?: { content?: unknown } }[]; usage?: Usage };
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    throw new EndpointResponseError(
      `${url} did not answer with JSON (got "${body.slice(0, 80)}"). Is this an OpenAI-compatible endpoint?`,
    );
  }
  const content = json?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') {
    throw new EndpointResponseError(
      `${url} answered without choices[0].message.content: not an OpenAI chat completion. Check the base URL.`,
    );
  }
  return withUsage(content, json.usage, messages);
}

/** Consumes an SSE body (`data: {...}` lines, `data: [DONE]`), calling onDelta per content piece. */
export async function readSse(
  response: Response,
  onDelta: DeltaCallback,
  messages: readonly ChatMessage[],
): Promise<Completion> {
  if (!response.body) throw new EndpointResponseError('The endpoint sent an empty stream.');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  let usage: Usage | undefined;
  let done = false;
  const handle = (line: string) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith('data:')) return;
    const data = trimmed.slice(5).trim();
    if (data === '[DONE]') {
      done = true;
      return;
    }
    let chunk: { choices?: { delta?: { content?: unknown } }[]; usage?: Usage | null };
    try {
      chunk = JSON.parse(data) as typeof chunk;
    } catch {
      throw new EndpointResponseError(
        `The endpoint sent a malformed stream event: "${data.slice(0, 80)}".`,
      );
    }
    if (chunk.usage) usage = chunk.usage;
    const delta = chunk.choices?.[0]?.delta?.content;
    if (typeof delta === 'string' && delta) {
      text += delta;
      onDelta(delta, text);
    }
  };
  while (!done) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    buffer += value;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) handle(line);
  }
  if (!done && buffer) handle(buffer);
  await reader.cancel().catch(() => undefined);
  return withUsage(text, usage, messages);
}
