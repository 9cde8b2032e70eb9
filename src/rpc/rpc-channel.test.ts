import { describe, expect, it } from 'vitest';
import { AbortError, LlmOutputError } from '../engine/errors.ts';
import { RpcChannel } from './rpc-channel.ts';
import type { ErrorMessage, RpcMessage } from './rpc-messages.ts';
import { serveRequests, type Reply } from './serve-requests.ts';
import { WorkerCrashedError } from './worker-errors.ts';

type Req = { type: 'wait' | 'fail'; id: number; channel?: string };
type Res = { type: 'done' | 'tick'; id: number; channel?: string };

/** A page ↔ worker pair over a MessageChannel; `worker` has Worker's error events and terminate. */
function pair(handle: (request: Req, signal: AbortSignal, reply: Reply<Res>) => Promise<void>) {
  const { port1, port2 } = new MessageChannel();
  const listeners: Record<string, ((event: unknown) => void)[]> = {};
  let terminated = false;
  const worker = {
    postMessage: (m: unknown) => port1.postMessage(m),
    addEventListener(type: string, listener: (event: never) => void) {
      if (type === 'message') port1.addEventListener('message', listener as never);
      else (listeners[type] ??= []).push(listener as (event: unknown) => void);
    },
    terminate: () => ((terminated = true), port1.close()),
    fire: (type: string, event: unknown) => listeners[type]?.forEach((l) => l(event)),
    get terminated() {
      return terminated;
    },
  };
  const serve = serveRequests<Req, Res>(handle, (m: ErrorMessage | Res) => port2.postMessage(m));
  port2.addEventListener('message', (event) => serve(event.data));
  port1.start();
  port2.start();
  return { worker, close: () => (port1.close(), port2.close()) };
}

describe('RpcChannel', () => {
  it('rebuilds errors with their class and fields, and routes updates', async () => {
    const { worker, close } = pair(async (request, _signal, reply) => {
      reply({ type: 'tick' });
      if (request.type === 'fail') throw new LlmOutputError('not JSON', 'judge-node', 2);
      reply({ type: 'done' });
    });
    const channel = new RpcChannel<Req, Res>(worker, { updates: ['tick'] });
    const ticks: string[] = [];
    await expect(channel.call({ type: 'wait' }, (u) => ticks.push(u.type))).resolves.toMatchObject({
      type: 'done',
    });
    const error = await channel.call({ type: 'fail' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmOutputError);
    expect(error).toMatchObject({ name: 'LlmOutputError', purpose: 'judge-node', attempts: 2 });
    expect(ticks).toEqual(['tick']);
    close();
  });

  it('carries an AbortSignal: the worker’s own signal fires', async () => {
    let seen: AbortSignal | undefined;
    let aborted!: () => void;
    const fired = new Promise<void>((resolve) => (aborted = resolve));
    const { worker, close } = pair(async (_request, signal) => {
      seen = signal;
      signal.addEventListener('abort', aborted);
      await fired;
    });
    const channel = new RpcChannel<Req, Res>(worker);
    const control = new AbortController();
    const call = channel.call({ type: 'wait' }, undefined, control.signal);
    while (!seen) await new Promise((r) => setTimeout(r, 0));
    control.abort();
    await expect(call).rejects.toBeInstanceOf(AbortError);
    await fired;
    expect(seen.aborted).toBe(true);
    close();
  });

  it('fails every pending and later call with WorkerCrashedError when the worker stops', async () => {
    const { worker, close } = pair(() => new Promise<void>(() => undefined));
    const crashes: Error[] = [];
    const channel = new RpcChannel<Req, Res>(worker, {
      worker: 'the memory worker',
      onCrash: (e) => crashes.push(e),
    });
    const a = channel.call({ type: 'wait' });
    const b = channel.call({ type: 'wait' });
    worker.fire('error', { message: 'Uncaught RangeError' });
    await expect(a).rejects.toBeInstanceOf(WorkerCrashedError);
    await expect(b).rejects.toThrow('The memory worker stopped (Uncaught RangeError).');
    await expect(channel.call({ type: 'wait' })).rejects.toBeInstanceOf(WorkerCrashedError);
    expect(worker.terminated).toBe(true);
    expect(crashes).toHaveLength(1);
    expect(channel.open).toBe(false);
    close();
  });

  it('treats messageerror and kill as a stop too', async () => {
    for (const stop of ['messageerror', 'kill'] as const) {
      const { worker, close } = pair(() => new Promise<void>(() => undefined));
      const channel = new RpcChannel<Req, Res>(worker, { worker: 'the explorer worker' });
      const call = channel.call({ type: 'wait' });
      if (stop === 'kill') channel.kill('killed by the test API');
      else worker.fire('messageerror', {});
      await expect(call).rejects.toBeInstanceOf(WorkerCrashedError);
      close();
    }
  });

  it('keeps tagged channels apart on one port, and hands untagged id-0 messages to onMessage', async () => {
    const { port1, port2 } = new MessageChannel();
    const serveA = serveRequests<Req, Res>(
      async (_r, _s, reply) => reply({ type: 'done' }),
      (m) => port2.postMessage(m),
      { channel: 'a', concurrent: () => true },
    );
    const seen: unknown[] = [];
    port2.addEventListener('message', (event) => {
      serveA(event.data);
      seen.push(event.data);
    });
    const other: unknown[] = [];
    const a = new RpcChannel<Req, Res>(port1, { channel: 'a' });
    const plain = new RpcChannel<Req, Res>(port1, { onMessage: (m) => other.push(m) });
    port1.start();
    port2.start();
    await expect(a.call({ type: 'wait' })).resolves.toMatchObject({ type: 'done', channel: 'a' });
    void plain.call({ type: 'wait' }); // nobody serves untagged calls here
    port2.postMessage({ type: 'broadcast', id: 0 } satisfies RpcMessage);
    await new Promise((r) => setTimeout(r, 10));
    expect(other).toContainEqual({ type: 'broadcast', id: 0 });
    expect(seen).toHaveLength(2);
    port1.close();
    port2.close();
  });
});
