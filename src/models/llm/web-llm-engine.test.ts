import type { ChatCompletionChunk, InitProgressReport } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import { buildAppConfig } from './app-config.ts';
import {
  type MlcEngineLike,
  chatEngineFromMlc,
  createWebLlmWorkerEngine,
} from './web-llm-engine.ts';
import { GroveLlmWorkerHandler } from './web-llm-worker-handler.ts';

function chunk(
  content: string,
  extra: Partial<ChatCompletionChunk> = {},
  finish: string | null = null,
) {
  return {
    id: 'c',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta: { content }, finish_reason: finish, logprobs: null }],
    ...extra,
  } as ChatCompletionChunk;
}

/** Records what the adapter sends to web-llm's engine API. */
function fakeMlc() {
  const created: Record<string, unknown>[] = [];
  let progress: ((r: InitProgressReport) => void) | undefined;
  const engine = {
    interrupted: 0,
    reloaded: '',
    setInitProgressCallback(cb: (r: InitProgressReport) => void) {
      progress = cb;
    },
    async reload(id: string) {
      progress?.({ progress: 0.5, timeElapsed: 1, text: 'Fetching param cache' });
      engine.reloaded = id;
    },
    interruptGenerate() {
      engine.interrupted++;
    },
    async unload() {},
    chat: {
      completions: {
        async create(request: Record<string, unknown>) {
          created.push(request);
          if (request.stream) {
            return (async function* () {
              yield chunk('Hel');
              yield chunk('lo', {}, 'stop');
              yield {
                ...chunk(''),
                choices: [],
                usage: {
                  prompt_tokens: 5,
                  completion_tokens: 2,
                  total_tokens: 7,
                  extra: { prefill_tokens_per_s: 812.5, decode_tokens_per_s: 41.2 },
                },
              };
            })();
          }
          return {
            choices: [{ message: { content: '{"a":1}' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 },
          };
        },
      },
    },
  };
  return { engine, created };
}

describe('chatEngineFromMlc (web-llm API mapping)', () => {
  it('maps load progress, requests, responses, streams and interrupts', async () => {
    const { engine, created } = fakeMlc();
    const chat = chatEngineFromMlc(engine as unknown as MlcEngineLike);
    const reports: number[] = [];
    await chat.load('M', (r) => reports.push(r.progress));
    expect(engine.reloaded).toBe('M');
    expect(reports).toEqual([0.5]);

    const request = {
      messages: [{ role: 'user' as const, content: 'hi' }],
      max_tokens: 32,
      response_format: { type: 'json_object' as const, schema: '{"type":"object"}' },
    };
    expect(await chat.complete(request)).toEqual({
      text: '{"a":1}',
      finishReason: 'stop',
      usage: { prompt_tokens: 9, completion_tokens: 4 },
    });
    expect(created[0]).toMatchObject({ ...request, stream: false });

    const pieces = [];
    for await (const piece of chat.stream({ messages: request.messages, max_tokens: 8 }))
      pieces.push(piece);
    expect(pieces.map((p) => p.delta).join('')).toBe('Hello');
    // web-llm's own speeds of the call come along (usage.extra).
    expect(pieces.at(-1)?.usage).toEqual({
      prompt_tokens: 5,
      completion_tokens: 2,
      prefill_tokens_per_s: 812.5,
      decode_tokens_per_s: 41.2,
    });
    expect(created[1]).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 8,
    });
    expect(created[1]).not.toHaveProperty('response_format');

    chat.interrupt();
    expect(engine.interrupted).toBe(1);
    expect(chat.countTokens).toBeUndefined();
  });
});

describe('worker protocol (page proxy ↔ GroveLlmWorkerHandler, in process)', () => {
  it('counts tokens with the loaded model tokenizer through web-llm customRequest', async () => {
    const handler = new GroveLlmWorkerHandler();
    const worker = {
      onmessage: undefined as unknown,
      postMessage: (message: unknown) => handler.onmessage(message),
    };
    handler.postMessage = (message: unknown) => (worker.onmessage as (m: unknown) => void)(message);
    const chat = await createWebLlmWorkerEngine(buildAppConfig({ cacheBackend: 'cache' }), worker);
    expect(chat.countTokens).toBeDefined();

    // No model loaded yet: the worker answers with an error, which the port turns into a fallback.
    await expect(chat.countTokens?.('hello')).rejects.toMatch(/No model tokenizer/);

    // Stand in for a loaded pipeline (no weights exist on this machine).
    const pipelines = new Map([
      ['M', { tokenizer: { encode: (t: string) => Int32Array.from(t.split(' '), () => 1) } }],
    ]);
    (handler.engine as unknown as { loadedModelIdToPipeline: unknown }).loadedModelIdToPipeline =
      pipelines;
    expect(await chat.countTokens?.('one two three')).toBe(3);
  });
});
