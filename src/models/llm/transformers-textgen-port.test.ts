/**
 * The WASM fallback port (it runs inside the text-generation worker) against a fake transformers.js
 * pipeline (no weights on this machine).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AbortError, LlmCallError } from '../../engine/errors.ts';
import { callStructured } from '../../engine/json-output.ts';
import type { Progress } from '../../engine/progress.ts';
import { textGenProgressMapper } from './transformers-textgen-loader.ts';
import { fakeTextGenHelpers, fakeTextGenPipeline } from './fake-textgen-pipeline.ts';
import {
  TransformersTextGenPort,
  generatedText,
  type TextGenMessage,
} from './transformers-textgen-port.ts';

/** The port's tests used `fakePipeline(reply, failWith)`; keep that shape. */
const fakePipeline = (reply: (messages: TextGenMessage[]) => string, failWith?: Error) => {
  const fake = fakeTextGenPipeline({ reply, ...(failWith ? { failWith } : {}) });
  return { ...fake, maxActive: () => fake.stats.maxActive };
};

const helpers = fakeTextGenHelpers;

const user = (content: string) => [{ role: 'user' as const, content }];

describe('TransformersTextGenPort (fake pipeline)', () => {
  it('completes with bounded max_new_tokens, greedy by default, counting tokens', async () => {
    const fake = fakePipeline(() => 'a sunny day');
    const port = new TransformersTextGenPort('M', fake.generator, helpers);
    const result = await port.complete({ messages: user('weather?'), maxTokens: 10 });
    expect(result).toMatchObject({ text: 'a sunny day', promptTokens: 5, completionTokens: 3 });
    expect(result.queueMs).toBeGreaterThanOrEqual(0);
    expect(fake.calls[0]?.options).toMatchObject({
      max_new_tokens: 10,
      do_sample: false,
      return_full_text: false,
    });
    expect(port.countTokens('one two')).toBe(2);
    expect(port.id).toBe('transformers-wasm:M');
  });

  it('streams deltas', async () => {
    const port = new TransformersTextGenPort('M', fakePipeline(() => 'x y z').generator, helpers);
    const deltas: string[] = [];
    const result = await port.stream({ messages: user('go'), maxTokens: 10 }, (d) =>
      deltas.push(d),
    );
    expect(deltas).toEqual(['x ', 'y ', 'z']);
    expect(result.text).toBe('x y z');
  });

  it('puts the schema in a system instruction for structured calls', async () => {
    const fake = fakePipeline(() => '{"keep": ["a"], "reason": "ok"}');
    const port = new TransformersTextGenPort('M', fake.generator, helpers);
    const result = await callStructured(port, {
      messages: user('Which to keep? JSON please.'),
      schema: z.object({ keep: z.array(z.string()), reason: z.string() }),
      maxTokens: 64,
      purpose: 'judge-children',
    });
    expect(result.ok && result.value).toEqual({ keep: ['a'], reason: 'ok' });
    expect(fake.calls[0]?.messages[0]).toMatchObject({ role: 'system' });
    expect(fake.calls[0]?.messages[0]?.content).toContain('"keep"');
  });

  it('cancels through the interruptable stopping criteria', async () => {
    const port = new TransformersTextGenPort(
      'M',
      fakePipeline(() => 'a b c d e f').generator,
      helpers,
    );
    const controller = new AbortController();
    const deltas: string[] = [];
    const call = port.stream(
      { messages: user('x'), maxTokens: 50, signal: controller.signal },
      (d) => {
        deltas.push(d);
        controller.abort();
      },
    );
    await expect(call).rejects.toBeInstanceOf(AbortError);
    expect(deltas).toEqual(['a ']);
    // The stopper is reset for the next call.
    await expect(port.complete({ messages: user('again'), maxTokens: 3 })).resolves.toMatchObject({
      text: 'a b c ',
    });
  });

  it('queues calls so generations never overlap', async () => {
    const fake = fakePipeline((m) => `${m[0]?.content} done`);
    const port = new TransformersTextGenPort('M', fake.generator, helpers);
    const texts = await Promise.all(
      ['1', '2', '3'].map((c) => port.complete({ messages: user(c), maxTokens: 5 })),
    );
    expect(texts.map((t) => t.text)).toEqual(['1 done', '2 done', '3 done']);
    expect(fake.maxActive()).toBe(1);
  });

  it('maps pipeline failures to LlmCallError with advice', async () => {
    const port = new TransformersTextGenPort(
      'M',
      fakePipeline(() => '', new Error('OOM')).generator,
      helpers,
    );
    const error = await port
      .complete({ messages: user('x'), maxTokens: 5, purpose: 'summarise' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(LlmCallError);
    expect((error as Error).message).toMatch(/smaller model/);
  });

  it('reads plain-text outputs and rejects malformed ones', () => {
    expect(generatedText([{ generated_text: 'plain' }])).toBe('plain');
    expect(() => generatedText([{}])).toThrow(/no generated_text/);
  });

  it('maps transformers.js load progress monotone to 100', () => {
    const events: Progress[] = [];
    const mapper = textGenProgressMapper('load M', (p) => events.push(p));
    for (const p of [10, 50, 40, 100])
      mapper.report({ status: 'progress_total', progress: p, loaded: p, total: 100 });
    mapper.report({ status: 'progress', progress: 3 });
    mapper.done();
    const values = events.flatMap((e) => (e.status === 'progress' ? [e.progress] : []));
    expect(values).toEqual([10, 50, 50, 99.9]);
    expect(events.at(-1)).toEqual({ status: 'done', task: 'load M', progress: 100 });
  });
});
