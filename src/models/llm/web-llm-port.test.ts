/** Contract tests: WebLlmPort against the fake engine (no GPU, no network). */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CallRecord } from '../../engine/cost/index.ts';
import { AbortError, LlmCallError } from '../../engine/errors.ts';
import { callStructured } from '../../engine/json-output.ts';
import type { Progress } from '../../engine/progress.ts';
import {
  ContextWindowError,
  ModelLoadError,
  ModelNotLoadedError,
  OutOfMemoryError,
  ShaderF16UnsupportedError,
  WebGPUUnavailableError,
} from '../errors.ts';
import { FakeChatEngine, type FakeChatEngineOptions } from './fake-chat-engine.ts';
import { WebLlmPort } from './web-llm-port.ts';

const MODEL = 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC';
const user = (content: string) => [{ role: 'user' as const, content }];

async function loaded(options: FakeChatEngineOptions = {}) {
  const engine = new FakeChatEngine(options);
  const port = new WebLlmPort({ engine, modelId: MODEL });
  await port.load();
  return { engine, port };
}

describe('WebLlmPort (contract, fake engine)', () => {
  it('completes, always bounding max_tokens, and reports usage', async () => {
    const { engine, port } = await loaded();
    const result = await port.complete({ messages: user('hello there friend'), maxTokens: 64.7 });
    expect(result.text).toBe('hello there friend');
    expect(result.completionTokens).toBe(3);
    expect(result.promptTokens).toBe(3);
    expect(engine.requests[0]?.max_tokens).toBe(64);
    expect(engine.requests[0]?.response_format).toBeUndefined();
    expect(port.id).toBe(`web-llm:${MODEL}`);
  });

  it("measures the model's speed on this device from the engine's stats of recent calls", async () => {
    const silent = await loaded();
    await silent.port.complete({ messages: user('a b'), maxTokens: 8 });
    expect(silent.port.measuredProfile()).toBeUndefined();

    const speeds = [
      { prefill_tokens_per_s: 800, decode_tokens_per_s: 30 },
      { prefill_tokens_per_s: 1200, decode_tokens_per_s: 50 },
      { prefill_tokens_per_s: 1000, decode_tokens_per_s: 40 },
    ];
    const { port } = await loaded({ speed: (call) => speeds[(call - 1) % speeds.length]! });
    await port.complete({ messages: user('one'), maxTokens: 8 });
    await port.stream({ messages: user('two'), maxTokens: 8 }, () => undefined);
    expect(port.measuredProfile()).toBeUndefined();
    await port.complete({ messages: user('three'), maxTokens: 8 });
    expect(port.measuredProfile()).toMatchObject({
      name: 'this device',
      prefillTokensPerSecond: 1000,
      decodeTokensPerSecond: 40,
    });
  });

  it('streams deltas in order and returns the full text', async () => {
    const { port } = await loaded({ reply: () => 'one two three four' });
    const deltas: string[] = [];
    const seen: string[] = [];
    const result = await port.stream({ messages: user('count'), maxTokens: 32 }, (delta, soFar) => {
      deltas.push(delta);
      seen.push(soFar);
    });
    expect(deltas).toEqual(['one ', 'two ', 'three ', 'four']);
    expect(seen.at(-1)).toBe('one two three four');
    expect(result).toMatchObject({
      text: 'one two three four',
      promptTokens: 1,
      completionTokens: 4,
    });
    expect(result.queueMs).toBeGreaterThanOrEqual(0);
  });

  it('tells the app of every answered call: purpose, tokens, and how long it waited in the queue', async () => {
    const engine = new FakeChatEngine();
    const calls: CallRecord[] = [];
    const port = new WebLlmPort({ engine, modelId: MODEL, onCall: (call) => calls.push(call) });
    await port.load();
    const first = port.complete({ messages: user('a b c'), maxTokens: 8, purpose: 'summarise' });
    const second = port.complete({ messages: user('d e'), maxTokens: 8, purpose: 'answer' });
    const [a, b] = await Promise.all([first, second]);
    expect(calls).toEqual([
      {
        purpose: 'summarise',
        promptTokens: a.promptTokens,
        completionTokens: a.completionTokens,
        queueMs: a.queueMs,
      },
      {
        purpose: 'answer',
        promptTokens: b.promptTokens,
        completionTokens: b.completionTokens,
        queueMs: b.queueMs,
      },
    ]);
    // The second call waited for the first to finish.
    expect(b.queueMs).toBeGreaterThanOrEqual(a.queueMs ?? 0);
  });

  it('passes the JSON schema through as web-llm json_object response_format', async () => {
    const schema = z.object({ relevant: z.boolean(), reason: z.string() });
    const { engine, port } = await loaded({
      reply: () => '{"relevant": true, "reason": "hiking"}',
    });
    const result = await callStructured(port, {
      messages: user('Is this relevant? Answer in JSON.'),
      schema,
      maxTokens: 128,
      purpose: 'judge-node',
    });
    expect(result.ok && result.value).toEqual({ relevant: true, reason: 'hiking' });
    const format = engine.requests[0]?.response_format;
    expect(format?.type).toBe('json_object');
    expect(JSON.parse(format?.schema ?? '')).toMatchObject({
      type: 'object',
      properties: { relevant: { type: 'boolean' }, reason: { type: 'string' } },
      required: ['relevant', 'reason'],
    });
    expect(engine.requests[0]?.max_tokens).toBe(128);
  });

  it('cancels a running generation: interruptGenerate, then AbortError', async () => {
    const { engine, port } = await loaded({ reply: () => 'a b c d e f g h i j k l' });
    const controller = new AbortController();
    const started = engine.whenGenerating();
    const call = port.complete({ messages: user('x'), maxTokens: 100, signal: controller.signal });
    await started;
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(AbortError);
    expect(engine.interrupts).toBe(1);
    expect(engine.log.length).toBeLessThan(12);
    // The engine is idle again and the next call runs normally.
    await expect(port.complete({ messages: user('after'), maxTokens: 8 })).resolves.toMatchObject({
      text: 'a b c d e f g h ',
    });
  });

  it('cancels a stream mid-way and stops delivering deltas', async () => {
    const { engine, port } = await loaded({ reply: () => 'a b c d e f g h' });
    const controller = new AbortController();
    const deltas: string[] = [];
    const call = port.stream(
      { messages: user('x'), maxTokens: 100, signal: controller.signal },
      (d) => {
        deltas.push(d);
        if (deltas.length === 2) controller.abort();
      },
    );
    await expect(call).rejects.toBeInstanceOf(AbortError);
    expect(deltas).toEqual(['a ', 'b ']);
    expect(engine.interrupts).toBe(1);
  });

  it('rejects an already-aborted call without touching the engine', async () => {
    const { engine, port } = await loaded();
    const signal = AbortSignal.abort();
    await expect(
      port.complete({ messages: user('x'), maxTokens: 8, signal }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(engine.requests).toHaveLength(0);
  });

  it('queues calls FIFO so generations never interleave', async () => {
    const { engine, port } = await loaded({ reply: (r) => `${r.messages[0]?.content} x y z` });
    const results = await Promise.all(
      ['p', 'q', 'r', 's'].map((m) => port.complete({ messages: user(m), maxTokens: 16 })),
    );
    expect(results.map((r) => r.text)).toEqual(['p x y z', 'q x y z', 'r x y z', 's x y z']);
    expect(engine.maxActive).toBe(1);
    const order = engine.log.map((entry) => Number(entry.split(':')[0]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(port.pending).toBe(0);
  });

  it('drops a call cancelled while it waits in the queue, keeping the order of the rest', async () => {
    const { engine, port } = await loaded();
    const controller = new AbortController();
    const first = port.complete({ messages: user('first'), maxTokens: 8 });
    const second = port.complete({
      messages: user('second'),
      maxTokens: 8,
      signal: controller.signal,
    });
    const third = port.complete({ messages: user('third'), maxTokens: 8 });
    controller.abort();
    await expect(second).rejects.toBeInstanceOf(AbortError);
    expect((await first).text).toBe('first');
    expect((await third).text).toBe('third');
    expect(engine.requests.map((r) => r.messages[0]?.content)).toEqual(['first', 'third']);
  });

  it('maps load progress monotone onto the Progress type, ending at exactly 100', async () => {
    const engine = new FakeChatEngine();
    const port = new WebLlmPort({ engine, modelId: MODEL });
    const events: Progress[] = [];
    await port.load((p) => events.push(p));
    expect(events[0]).toEqual({ status: 'initiate', task: `load ${MODEL}` });
    expect(events.at(-1)).toEqual({ status: 'done', task: `load ${MODEL}`, progress: 100 });
    const values = events.flatMap((e) => (e.status === 'progress' ? [e.progress] : []));
    expect(values.length).toBeGreaterThan(3);
    values.forEach((v, i) => expect(v).toBeGreaterThanOrEqual(values[i - 1] ?? 0));
    expect(Math.max(...values)).toBeLessThan(100);
    expect(events.filter((e) => e.status === 'done')).toHaveLength(1);
    expect(port.state).toBe('ready');
  });

  it('shares one load between concurrent callers and refuses calls before any load', async () => {
    const engine = new FakeChatEngine();
    const port = new WebLlmPort({ engine, modelId: MODEL });
    await expect(port.complete({ messages: user('x'), maxTokens: 4 })).rejects.toBeInstanceOf(
      ModelNotLoadedError,
    );
    let loads = 0;
    const original = engine.load.bind(engine);
    engine.load = (id, cb) => (loads++, original(id, cb));
    await Promise.all([port.load(), port.load()]);
    expect(loads).toBe(1);
  });

  it('asks for persistent storage (beforeLoad) before loading', async () => {
    const engine = new FakeChatEngine();
    const calls: string[] = [];
    const original = engine.load.bind(engine);
    engine.load = (id, cb) => (calls.push('load'), original(id, cb));
    const port = new WebLlmPort({
      engine,
      modelId: MODEL,
      beforeLoad: async () => void calls.push('persist'),
    });
    await port.load();
    expect(calls).toEqual(['persist', 'load']);
  });

  it.each([
    [
      'WebGPUNotAvailableError: WebGPU is not supported in your current environment',
      WebGPUUnavailableError,
    ],
    [
      'ShaderF16SupportError: This model requires WebGPU extension shader-f16',
      ShaderF16UnsupportedError,
    ],
    [
      new Error('DeviceLostError: The WebGPU device was lost while loading the model (OOM)'),
      OutOfMemoryError,
    ],
    ['NetworkError: Failed to fetch https://example/params_shard_0.bin', ModelLoadError],
    [`SyntaxError: Unexpected token '<', "<!doctype "... is not valid JSON`, ModelLoadError],
  ])('maps load failure %s to the app error type', async (failure, type) => {
    const port = new WebLlmPort({
      engine: new FakeChatEngine({ loadError: failure }),
      modelId: MODEL,
    });
    const error = await port.load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect(port.state).toBe('failed');
    expect((error as Error).message.length).toBeGreaterThan(40);
    if (String(failure).includes('doctype'))
      expect((error as Error).message).toMatch(/web page instead of the model files/);
  });

  it.each([
    [
      'ContextWindowSizeExceededError: Prompt tokens exceed context window size: 5000; 4096',
      ContextWindowError,
    ],
    ['Error: GPU out of memory', OutOfMemoryError],
    ['Error: something odd', LlmCallError],
  ])('maps generation failure %s to the app error type', async (failure, type) => {
    const { port } = await loaded({ generateError: failure });
    const error = await port
      .complete({ messages: user('x'), maxTokens: 4, purpose: 'summarise' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    if (error instanceof LlmCallError) expect(error.purpose).toBe('summarise');
  });

  it('suggests what to do in each error message', async () => {
    expect(new WebGPUUnavailableError().message).toMatch(/--enable-unsafe-webgpu/);
    expect(new OutOfMemoryError(MODEL).message).toMatch(/smaller model/);
    expect(new ShaderF16UnsupportedError(MODEL).message).toMatch(/f32 variant/);
  });

  it('counts tokens with the model tokenizer once loaded, else the approximation', async () => {
    const engine = new FakeChatEngine({ canCountTokens: true });
    const port = new WebLlmPort({ engine, modelId: MODEL, tokenizer: { count: () => 99 } });
    expect(await port.countTokens('a b c')).toBe(99);
    await port.load();
    expect(await port.countTokens('a b c')).toBe(3);
    const plain = await loaded();
    expect(await plain.port.countTokens('hello, world')).toBeGreaterThan(0);
  });

  it('can be unloaded and loaded again', async () => {
    const { engine, port } = await loaded();
    await port.unload();
    expect(port.state).toBe('idle');
    expect(engine.loadedModel).toBeUndefined();
    await port.load();
    expect(engine.loadedModel).toBe(MODEL);
  });
});
