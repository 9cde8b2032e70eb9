import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../engine/testing/index.ts';
import type { LlmPort } from '../engine/ports.ts';
import { PriorityQueue } from '../models/llm/priority-queue.ts';
import { AbortError } from '../engine/errors.ts';
import { NoPageModelError, PageLlmClient, servePageLlm } from '../rpc/page-llm-bridge.ts';

function bridge(llm: () => LlmPort | undefined, stop?: AbortSignal) {
  const channel = new MessageChannel();
  const proxy = new PageLlmClient(channel.port1);
  servePageLlm(channel.port2, llm, stop);
  channel.port1.start();
  channel.port2.start();
  return { proxy, close: () => (channel.port1.close(), channel.port2.close()) };
}

const judge = {
  messages: [{ role: 'user' as const, content: '### QUESTION\nWhere?\n### MEMORY\nOslo' }],
  maxTokens: 50,
  purpose: 'judge-node',
  schema: { type: 'object' },
};

describe('the page LLM bridge', () => {
  it('carries calls to the page’s model and back', async () => {
    const scripted = new ScriptedLlm();
    const { proxy, close } = bridge(() => scripted);
    try {
      await expect(proxy.completeStructured(judge)).rejects.toBeInstanceOf(NoPageModelError);
      proxy.available = 'scripted';
      const reply = await proxy.completeStructured({
        ...judge,
        signal: new AbortController().signal,
      });
      expect(JSON.parse(reply.text)).toMatchObject({ relevant: false });
      expect(scripted.calls).toHaveLength(1);
      expect(scripted.calls[0]?.structured).toBe(true);
    } finally {
      close();
    }
  });

  it('reports a model unloaded meanwhile as an actionable error', async () => {
    const { proxy, close } = bridge(() => undefined);
    proxy.available = 'gone';
    try {
      await expect(proxy.complete(judge)).rejects.toMatchObject({
        name: 'NoPageModelError',
        message: expect.stringContaining('load one in Settings') as unknown,
      });
    } finally {
      close();
    }
  });

  it('carries an abort across: the page’s queue drops the waiting background call', async () => {
    // The page's engine: one call at a time, a user's turn first (models/llm/priority-queue.ts).
    const queue = new PriorityQueue();
    const scripted = new ScriptedLlm();
    let release!: () => void;
    const busy = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const ran: string[] = [];
    const queued: LlmPort = {
      id: 'queued',
      countTokens: (t) => scripted.countTokens(t),
      complete: (r) =>
        queue.run(() => (ran.push(r.purpose ?? '?'), scripted.complete(r)), {
          ...(r.signal ? { signal: r.signal } : {}),
          priority: 'background',
        }),
      completeStructured: (r) =>
        queue.run(() => (ran.push(r.purpose ?? '?'), scripted.completeStructured(r)), {
          ...(r.signal ? { signal: r.signal } : {}),
          priority: 'background',
        }),
    };
    const { proxy, close } = bridge(() => queued);
    proxy.available = 'queued';
    try {
      const control = new AbortController();
      const call = proxy.completeStructured({ ...judge, signal: control.signal });
      await new Promise((r) => setTimeout(r, 10)); // the call now waits in the page's queue
      expect(queue.size).toBe(2);
      control.abort();
      await expect(call).rejects.toBeInstanceOf(AbortError);
      await expect.poll(() => queue.size).toBe(1); // dropped on the page, not just here
      release();
      await busy;
      expect(ran).toEqual([]);
    } finally {
      close();
    }
  });

  it('aborts the calls of a worker that stopped: the page does not run them for nobody', async () => {
    let seen: AbortSignal | undefined;
    const hanging: LlmPort = {
      id: 'hanging',
      countTokens: () => 1,
      complete: (r) => ((seen = r.signal), new Promise(() => undefined)),
      completeStructured: (r) => ((seen = r.signal), new Promise(() => undefined)),
    };
    const stop = new AbortController();
    const { proxy, close } = bridge(() => hanging, stop.signal);
    proxy.available = 'hanging';
    try {
      void proxy.complete(judge);
      await expect.poll(() => seen).toBeDefined();
      stop.abort();
      expect(seen?.aborted).toBe(true);
    } finally {
      close();
    }
  });
});
