/**
 * Contract test of the WASM text-generation worker: the page client and the worker host talk
 * over a real MessageChannel (structured clone, asynchronous delivery, as with a Worker), and the
 * host runs the real TransformersTextGenPort over a fake transformers.js pipeline.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AbortError, LlmCallError } from '../../engine/errors.ts';
import { callStructured } from '../../engine/json-output.ts';
import type { Progress } from '../../engine/progress.ts';
import { WorkerCrashedError } from '../../rpc/worker-errors.ts';
import { ModelLoadError, ModelNotLoadedError } from '../errors.ts';
import { fakeTextGenHelpers, fakeTextGenPipeline } from './fake-textgen-pipeline.ts';
import { channelWorker, closeChannels } from './textgen-channel.test-support.ts';
import { TextGenClient } from './textgen-client.ts';
import type { TextGenResponse } from './textgen-protocol.ts';
import { createTextGenHost, type TextGenHostDeps } from './textgen-worker-host.ts';
import { textGenProgressMapper } from './transformers-textgen-loader.ts';
import { TransformersTextGenPort } from './transformers-textgen-port.ts';

afterEach(closeChannels);

/** Host deps loading the real port over `fake`, reporting progress like the real loader. */
function depsOver(fake: ReturnType<typeof fakeTextGenPipeline>): TextGenHostDeps {
  return {
    load: async (options, onProgress) => {
      const progress = textGenProgressMapper(`load ${options.modelId}`, onProgress);
      for (const pct of [20, 60, 100])
        progress.report({ status: 'progress_total', progress: pct, loaded: pct, total: 100 });
      progress.done();
      return new TransformersTextGenPort(options.modelId, fake.generator, fakeTextGenHelpers);
    },
  };
}

const LOAD = { modelId: 'HuggingFaceTB/SmolLM2-360M-Instruct', dtype: 'q4' } as const;
const user = (content: string) => [{ role: 'user' as const, content }];

async function loaded(fake = fakeTextGenPipeline()) {
  const worker = channelWorker(depsOver(fake));
  const progress: Progress[] = [];
  const client = await TextGenClient.create(
    { ...LOAD, onProgress: (p) => progress.push(p) },
    worker.worker,
  );
  return { client, worker, fake, progress };
}

describe('TextGenClient ↔ text-generation worker host (MessageChannel, fake pipeline)', () => {
  it('loads in the worker with progress monotone to 100, then completes and counts tokens', async () => {
    const { client, progress, fake } = await loaded(
      fakeTextGenPipeline({ reply: () => 'a sunny day' }),
    );
    expect(client.id).toBe(`transformers-wasm:${LOAD.modelId}`);
    expect(progress[0]).toEqual({ status: 'initiate', task: `load ${LOAD.modelId}` });
    expect(progress.at(-1)).toEqual({
      status: 'done',
      task: `load ${LOAD.modelId}`,
      progress: 100,
    });
    const pcts = progress.flatMap((p) => (p.status === 'progress' ? [p.progress] : []));
    expect(pcts).toEqual([20, 60, 99.9]);

    const result = await client.complete({ messages: user('weather?'), maxTokens: 10 });
    expect(result).toMatchObject({ text: 'a sunny day', promptTokens: 5, completionTokens: 3 });
    expect(result.queueMs).toBeGreaterThanOrEqual(0);
    expect(fake.calls[0]?.options).toMatchObject({ max_new_tokens: 10, do_sample: false });
    await expect(client.countTokens('one two three')).resolves.toBe(3);
  });

  it('streams deltas with the text so far', async () => {
    const { client } = await loaded(fakeTextGenPipeline({ reply: () => 'x y z' }));
    const seen: [string, string][] = [];
    const result = await client.stream({ messages: user('go'), maxTokens: 10 }, (d, all) =>
      seen.push([d, all]),
    );
    expect(seen).toEqual([
      ['x ', 'x '],
      ['y ', 'x y '],
      ['z', 'x y z'],
    ]);
    expect(result.text).toBe('x y z');
  });

  it('sends the schema for structured calls (instruction in a system message)', async () => {
    const fake = fakeTextGenPipeline({ reply: () => '{"keep": ["a"], "reason": "ok"}' });
    const { client } = await loaded(fake);
    const result = await callStructured(client, {
      messages: user('Which to keep? JSON please.'),
      schema: z.object({ keep: z.array(z.string()), reason: z.string() }),
      maxTokens: 64,
      purpose: 'judge-children',
    });
    expect(result.ok && result.value).toEqual({ keep: ['a'], reason: 'ok' });
    expect(fake.calls[0]?.messages[0]).toMatchObject({ role: 'system' });
    expect(fake.calls[0]?.messages[0]?.content).toContain('"keep"');
  });

  it('queues calls in the worker: generations never overlap and keep their order', async () => {
    const { client, fake } = await loaded(
      fakeTextGenPipeline({ reply: (m) => `${m.at(-1)?.content} done` }),
    );
    const texts = await Promise.all(
      ['1', '2', '3'].map((c) => client.complete({ messages: user(c), maxTokens: 5 })),
    );
    expect(texts.map((t) => t.text)).toEqual(['1 done', '2 done', '3 done']);
    expect(fake.stats.maxActive).toBe(1);
    expect(fake.calls.map((c) => c.messages.at(-1)?.content)).toEqual(['1', '2', '3']);
  });

  it('cancels a running generation (interrupting it in the worker) and a queued one', async () => {
    const fake = fakeTextGenPipeline({ endless: (m) => m.at(-1)?.content === 'forever' });
    const { client, worker } = await loaded(fake);
    const running = new AbortController();
    const queued = new AbortController();
    const deltas: string[] = [];
    const first = client.stream(
      { messages: user('forever'), maxTokens: 10, signal: running.signal },
      (d) => {
        deltas.push(d);
        running.abort();
      },
    );
    const second = client.complete({
      messages: user('never'),
      maxTokens: 5,
      signal: queued.signal,
    });
    const third = client.complete({ messages: user('after'), maxTokens: 5 });
    queued.abort();
    await expect(second).rejects.toBeInstanceOf(AbortError);
    await expect(first).rejects.toBeInstanceOf(AbortError);
    // The endless generation can only end through the interrupt; the queue then moves on.
    await expect(third).resolves.toMatchObject({ text: 'after' });
    expect(fake.stats.interrupted).toBe(1);
    expect(deltas).toEqual(['tok ']); // later deltas of a cancelled call are dropped
    expect(fake.calls.map((c) => c.messages.at(-1)?.content)).toEqual(['forever', 'after']);
    expect(worker.sent.filter((m) => m.type === 'cancel')).toHaveLength(2);
    await expect(
      client.complete({ messages: user('x'), maxTokens: 3, signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(AbortError);
  });

  it('rebuilds worker errors as the app classes: LlmCallError (with purpose), ModelLoadError', async () => {
    const { client } = await loaded(fakeTextGenPipeline({ failWith: new Error('OOM') }));
    const error = await client
      .complete({ messages: user('x'), maxTokens: 5, purpose: 'summarise' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmCallError);
    expect((error as LlmCallError).purpose).toBe('summarise');
    expect((error as Error).message).toMatch(/"summarise".*OOM.*smaller model/);

    const failing = channelWorker({
      load: async (options) => {
        throw new ModelLoadError(options.modelId, 'config.json was not found');
      },
    });
    const loadError = await TextGenClient.create(LOAD, failing.worker).catch((e: unknown) => e);
    expect(loadError).toBeInstanceOf(ModelLoadError);
    expect((loadError as Error).name).toBe('ModelLoadError');
    expect((loadError as Error).message).toBe(
      new ModelLoadError(LOAD.modelId, 'config.json was not found').message,
    );
    expect(failing.terminated).toBe(true);
  });

  it('answers generate before load with ModelNotLoadedError', async () => {
    const posted: TextGenResponse[] = [];
    const host = createTextGenHost(
      { postMessage: (m) => posted.push(m) },
      depsOver(fakeTextGenPipeline()),
    );
    host({
      type: 'generate',
      id: 7,
      mode: { kind: 'complete' },
      request: { messages: [], maxTokens: 1 },
    });
    await waitFor(() => posted.length > 0);
    expect(posted[0]).toMatchObject({
      type: 'error',
      id: 7,
      error: {
        name: new ModelNotLoadedError('x').name,
        message: expect.stringMatching(/not loaded/),
      },
    });
  });

  it('a crash fails pending calls with WorkerCrashedError, restarts the worker, and the next call works', async () => {
    const fake = fakeTextGenPipeline({ reply: () => 'again' });
    const first = channelWorker(depsOver(fake));
    const second = channelWorker(depsOver(fake));
    const events: string[] = [];
    const client = await TextGenClient.create(LOAD, first.worker, {
      startWorker: () => second.worker,
      onCrash: (error, restarting) => events.push(`${error.name} ${restarting}`),
      onRestarted: () => events.push('restarted'),
    });
    const pending = client.complete({ messages: user('x'), maxTokens: 5 });
    first.crash('out of memory'); // before the worker could answer
    await expect(pending).rejects.toMatchObject({
      name: 'WorkerCrashedError',
      message: 'The text-generation worker stopped (out of memory).',
    });
    expect(first.terminated).toBe(true);
    await expect(client.complete({ messages: user('y'), maxTokens: 5 })).resolves.toMatchObject({
      text: 'again',
    });
    expect(events).toEqual(['WorkerCrashedError true', 'restarted']);
    expect(second.sent.filter((m) => m.type === 'load')).toHaveLength(1);
  });

  it('a worker that keeps stopping is left stopped: later calls fail with the crash', async () => {
    const worker = channelWorker(depsOver(fakeTextGenPipeline()));
    const client = await TextGenClient.create(LOAD, worker.worker, { mayRestart: () => false });
    worker.crash('out of memory');
    await expect(client.countTokens('a')).rejects.toBeInstanceOf(WorkerCrashedError);
  });

  it('terminate ends the worker: later calls fail with ModelNotLoadedError', async () => {
    const { client, worker } = await loaded();
    client.terminate();
    await expect(client.countTokens('a')).rejects.toBeInstanceOf(ModelNotLoadedError);
    await waitFor(() => worker.terminated);
  });
});

/** Waits (by event-loop turns, not by time) until `condition` holds. */
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 0));
}
