/**
 * The page side of the memory worker: a MemoryApi whose calls are messages, plus live views
 * (Dexie liveQuery, read-only) that follow changes made by any tab or worker.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { GroveDb } from './db.ts';
import { MemoryStore } from './memory-store.ts';
import { asProfileId } from '../engine/types.ts';
import {
  MEMORY_METHODS,
  RemoteError,
  STREAM_ARG,
  type MemoryApi,
  type MemoryBroadcast,
  type MemoryEventMessage,
  type MemoryMethod,
  type MemoryResponse,
} from './worker-protocol.ts';

export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

interface Waiting {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  onEvent?: (event: unknown) => void;
}

export type MemoryClient = MemoryApi & {
  /** Ingestion stages the worker reports; returns an unsubscribe function. */
  onBroadcast(listener: (message: MemoryBroadcast) => void): () => void;
};

export function memoryClient(worker: WorkerLike): MemoryClient {
  let next = 1;
  const waiting = new Map<number, Waiting>();
  const listeners = new Set<(message: MemoryBroadcast) => void>();
  worker.addEventListener('message', (event) => {
    const data = event.data as MemoryResponse | MemoryEventMessage | MemoryBroadcast;
    if ('broadcast' in data) {
      for (const listener of listeners) listener(data);
      return;
    }
    const pending = waiting.get(data.id);
    if (!pending) return;
    if ('event' in data) {
      pending.onEvent?.(data.event);
      return;
    }
    waiting.delete(data.id);
    if (data.ok) pending.resolve(data.value);
    else pending.reject(new RemoteError(data.error));
  });
  const call = (method: MemoryMethod, args: unknown[]) =>
    new Promise((resolve, reject) => {
      const id = next++;
      const streamAt = STREAM_ARG[method];
      let sent = args;
      let onEvent: ((event: unknown) => void) | undefined;
      if (streamAt !== undefined) {
        const callback = args[streamAt];
        if (typeof callback === 'function') onEvent = callback as (event: unknown) => void;
        sent = args.slice(0, streamAt);
      }
      waiting.set(id, { resolve, reject, ...(onEvent ? { onEvent } : {}) });
      worker.postMessage({ id, method, args: sent });
    });
  const api = Object.fromEntries(
    MEMORY_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as MemoryApi;
  return {
    ...api,
    onBroadcast(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface MemoryCounts {
  readonly sessions: number;
  readonly facts: number;
  readonly nodes: number;
  readonly pending: number;
}

/** Calls `onChange` with the profile's counts now and after every change from any tab. */
export function watchCounts(
  db: GroveDb,
  profileId: string,
  onChange: (counts: MemoryCounts) => void,
): Subscription {
  const store = new MemoryStore(db, asProfileId(profileId));
  return liveQuery(() => store.counts()).subscribe({ next: onChange, error: () => undefined });
}
