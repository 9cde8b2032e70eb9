import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { limitedLlm } from '../../src/engine/concurrency/limited-llm.ts';
import type { CompletionRequest, StructuredRequest } from '../../src/engine/ports.ts';
import { ScriptedLlm } from '../../src/engine/testing/index.ts';
import { cachedLlm, cacheKey, LlmResponseCache } from './llm-response-cache.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'grove-llm-cache-'));

const request: CompletionRequest = {
  messages: [
    { role: 'system', content: 'You summarise.' },
    { role: 'user', content: '### ITEMS\nThe user bakes bread.\nThe user likes rye.' },
  ],
  maxTokens: 60,
  temperature: 0,
  purpose: 'summarise',
};

/** A model that answers "reply n" to its n-th call and counts them. */
function countingModel() {
  let calls = 0;
  return {
    calls: () => calls,
    fetch: () => {
      calls++;
      return Promise.resolve({ text: `reply ${calls}`, promptTokens: 10, completionTokens: 2 });
    },
  };
}

const meta = { model: 'openai:http://h/v1#m', purpose: 'summarise' };

describe('cache keys', () => {
  it('depend on the model, the purpose, the prompt and the sampling settings', () => {
    const key = cacheKey('openai:http://h/v1#m', 'complete', request);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheKey('openai:http://h/v1#m', 'complete', { ...request })).toBe(key);
    const changed = [
      cacheKey('openai:http://h/v1#other', 'complete', request),
      cacheKey('openai:http://h/v1#m', 'complete', { ...request, purpose: 'extract-facts' }),
      cacheKey('openai:http://h/v1#m', 'complete', {
        ...request,
        messages: [...request.messages.slice(0, 1), { role: 'user', content: 'other items' }],
      }),
      cacheKey('openai:http://h/v1#m', 'complete', { ...request, temperature: 0.7 }),
      cacheKey('openai:http://h/v1#m', 'complete', { ...request, maxTokens: 61 }),
      cacheKey('openai:http://h/v1#m', 'structured', { ...request, schema: { type: 'object' } }),
    ];
    expect(new Set([key, ...changed]).size).toBe(changed.length + 1);
  });

  it("ignore the order of a schema's keys and the cancellation signal", () => {
    const a: StructuredRequest = { ...request, schema: { type: 'object', required: ['x'] } };
    const b: StructuredRequest = {
      ...request,
      schema: { required: ['x'], type: 'object' },
      signal: new AbortController().signal,
    };
    expect(cacheKey('m', 'structured', a)).toBe(cacheKey('m', 'structured', b));
  });
});

describe('LlmResponseCache', () => {
  it('fetches on a miss, stores the reply, and reads it back in a later run without fetching', async () => {
    const dir = freshDir();
    const model = countingModel();
    const key = cacheKey(meta.model, 'complete', request);
    const first = new LlmResponseCache(dir);
    expect((await first.reply(key, meta, model.fetch)).text).toBe('reply 1');
    expect(first.stats).toMatchObject({ hits: 0, misses: 1 });

    const rerun = new LlmResponseCache(dir);
    expect(await rerun.reply(key, meta, model.fetch)).toEqual({
      text: 'reply 1',
      promptTokens: 10,
      completionTokens: 2,
    });
    expect(rerun.stats).toMatchObject({ hits: 1, misses: 0, corrupt: 0 });
    expect(model.calls()).toBe(1);
    const stored = JSON.parse(readFileSync(rerun.pathOf(key), 'utf8'));
    expect(stored).toMatchObject({ key, model: meta.model, purpose: 'summarise' });
  });

  it('gives the n-th identical request the n-th reply, so a retry asks again and a re-run replays', async () => {
    const dir = freshDir();
    const model = countingModel();
    const key = cacheKey(meta.model, 'complete', request);
    const first = new LlmResponseCache(dir);
    const texts = [];
    for (let i = 0; i < 3; i++) texts.push((await first.reply(key, meta, model.fetch)).text);
    expect(texts).toEqual(['reply 1', 'reply 2', 'reply 3']);
    const rerun = new LlmResponseCache(dir);
    const again = [];
    for (let i = 0; i < 3; i++) again.push((await rerun.reply(key, meta, model.fetch)).text);
    expect(again).toEqual(texts);
    expect(model.calls()).toBe(3);
  });

  it('treats a corrupt entry as a miss: fetches again and rewrites it whole', async () => {
    const dir = freshDir();
    const model = countingModel();
    const key = cacheKey(meta.model, 'complete', request);
    await new LlmResponseCache(dir).reply(key, meta, model.fetch);
    const path = new LlmResponseCache(dir).pathOf(key);
    const whole = readFileSync(path, 'utf8');
    const corruptions = [
      whole.slice(0, whole.length / 2), // truncated
      'not json at all',
      JSON.stringify({ ...JSON.parse(whole), key: 'another key' }),
      JSON.stringify({ ...JSON.parse(whole), completion: { text: 7 } }),
    ];
    for (const [i, corrupt] of corruptions.entries()) {
      writeFileSync(path, corrupt);
      const cache = new LlmResponseCache(dir);
      const reply = await cache.reply(key, meta, model.fetch);
      expect(reply.text).toBe(`reply ${i + 2}`);
      expect(cache.stats).toMatchObject({ hits: 0, misses: 1, corrupt: 1 });
      // Rewritten: the next run reads it back.
      const next = new LlmResponseCache(dir);
      expect((await next.reply(key, meta, model.fetch)).text).toBe(`reply ${i + 2}`);
      expect(next.stats.hits).toBe(1);
    }
    expect(readdirSync(dirname(path)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps going when it cannot write, and counts it', async () => {
    const dir = freshDir();
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, 'not a folder');
    const cache = new LlmResponseCache(blocked);
    const model = countingModel();
    const key = cacheKey(meta.model, 'complete', request);
    expect((await cache.reply(key, meta, model.fetch)).text).toBe('reply 1');
    expect(cache.stats).toMatchObject({ misses: 1, writeErrors: 1 });
  });

  it('does not store failures', async () => {
    const cache = new LlmResponseCache(freshDir());
    const key = cacheKey(meta.model, 'complete', request);
    await expect(
      cache.reply(key, meta, () => Promise.reject(new Error('HTTP 503'))),
    ).rejects.toThrow('HTTP 503');
    const rerun = new LlmResponseCache(cache.dir);
    const model = countingModel();
    expect((await rerun.reply(key, meta, model.fetch)).text).toBe('reply 1');
  });
});

describe('cachedLlm', () => {
  it('answers a repeated run from the cache, per purpose and prompt, keeping the concurrency', async () => {
    const dir = freshDir();
    const first = new ScriptedLlm();
    const llm = cachedLlm(limitedLlm(first, 8), new LlmResponseCache(dir));
    expect(llm.concurrency).toBe(8);
    const reply = await llm.complete(request);
    const structured = await llm.completeStructured({
      ...request,
      purpose: 'judge-node',
      messages: [{ role: 'user', content: '### QUESTION\nbread?\n### MEMORY\nThe user bakes.' }],
      schema: { type: 'object' },
    });
    expect(first.calls).toHaveLength(2);

    const second = new ScriptedLlm();
    const cache = new LlmResponseCache(dir);
    const again = cachedLlm(second, cache);
    expect(await again.complete(request)).toEqual(reply);
    expect(
      await again.completeStructured({
        ...request,
        purpose: 'judge-node',
        messages: [{ role: 'user', content: '### QUESTION\nbread?\n### MEMORY\nThe user bakes.' }],
        schema: { type: 'object' },
      }),
    ).toEqual(structured);
    expect(second.calls).toHaveLength(0);
    expect(cache.stats.hits).toBe(2);
  });
});
