import { describe, expect, it } from 'vitest';
import { WorkerCrashedError } from '../../rpc/worker-errors.ts';
import type { EngineRequest } from './chat-engine.ts';
import { FakeChatEngine } from './fake-chat-engine.ts';
import { supervisedEngine, type EngineWorker } from './supervised-engine.ts';

/** A worker stand-in whose `error` event the test fires. */
function fakeWorker() {
  const listeners: ((event: Event) => void)[] = [];
  const worker = {
    terminated: false,
    addEventListener(type: string, listener: (event: Event) => void) {
      if (type === 'error') listeners.push(listener);
    },
    terminate() {
      worker.terminated = true;
    },
    crash(message: string) {
      for (const l of listeners) l({ message } as unknown as Event);
    },
  };
  return worker satisfies EngineWorker;
}

const request: EngineRequest = {
  messages: [{ role: 'user', content: 'one two three four five six seven eight' }],
  max_tokens: 20,
};

function supervised(mayRestart: () => boolean = () => true) {
  const started: { engine: FakeChatEngine; worker: ReturnType<typeof fakeWorker> }[] = [];
  const events: string[] = [];
  const engine = supervisedEngine({
    start: () => {
      const live = { engine: new FakeChatEngine(), worker: fakeWorker() };
      started.push(live);
      return Promise.resolve(live);
    },
    mayRestart,
    onCrash: (error, restarting) => events.push(`${error.name}: ${error.message} ${restarting}`),
    onRestarted: () => events.push('restarted'),
  });
  return { engine, started, events };
}

describe('supervisedEngine: the model worker watched like the others', () => {
  it('a crash fails the stream under way with WorkerCrashedError; a fresh worker loads the model again', async () => {
    const { engine, started, events } = supervised();
    await engine.load('model-a', () => undefined);
    const chunks: string[] = [];
    const streaming = (async () => {
      for await (const chunk of engine.stream(request)) {
        chunks.push(chunk.delta);
        if (chunks.length === 2) started[0]?.worker.crash('out of memory');
      }
    })();
    await expect(streaming).rejects.toBeInstanceOf(WorkerCrashedError);
    await expect(streaming).rejects.toThrow('The model worker stopped (out of memory).');
    expect(started[0]?.worker.terminated).toBe(true);
    // The next call waits for the restarted worker, which has the same model loaded.
    await expect(engine.complete(request)).resolves.toMatchObject({
      text: request.messages[0]?.content,
    });
    expect(started).toHaveLength(2);
    expect(started[1]?.engine.loadedModel).toBe('model-a');
    expect(events).toEqual([
      'WorkerCrashedError: The model worker stopped (out of memory). true',
      'restarted',
    ]);
  });

  it('every pending call fails, not only the running one', async () => {
    const { engine, started } = supervised();
    await engine.load('model-a', () => undefined);
    const calls = [engine.complete(request), engine.complete(request)];
    engine.kill('killed by the test API');
    for (const call of calls) await expect(call).rejects.toBeInstanceOf(WorkerCrashedError);
    expect(started[0]?.worker.terminated).toBe(true);
  });

  it('past its restart budget it stays stopped, and calls fail with the crash', async () => {
    const { engine, started, events } = supervised(() => false);
    await engine.load('model-a', () => undefined);
    started[0]?.worker.crash('boom');
    await expect(engine.complete(request)).rejects.toThrow('The model worker stopped (boom).');
    expect(started).toHaveLength(1);
    expect(events).toEqual(['WorkerCrashedError: The model worker stopped (boom). false']);
  });

  it('dispose unloads the model and ends the worker, without a restart or a notice', async () => {
    const { engine, started, events } = supervised();
    await engine.load('model-a', () => undefined);
    await engine.dispose();
    expect(started[0]?.engine.loadedModel).toBeUndefined();
    expect(started[0]?.worker.terminated).toBe(true);
    expect(started).toHaveLength(1);
    expect(events).toEqual([]);
    await expect(engine.complete(request)).rejects.toThrow(/the model was changed/);
  });
});
