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
  type MemoryApi,
  type MemoryMethod,
  type MemoryResponse,
} from './worker-protocol.ts';

export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export function memoryClient(worker: WorkerLike): MemoryApi {
  let next = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  worker.addEventListener('message', (event) => {
    const response = event.data as MemoryResponse;
    const pending = waiting.get(response.id);
    if (!pending) return;
    waiting.delete(response.id);
    if (response.ok) pending.resolve(response.value);
    else pending.reject(new RemoteError(response.error));
  });
  const call = (method: MemoryMethod, args: unknown[]) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, method, args });
    });
  return Object.fromEntries(
    MEMORY_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as MemoryApi;
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
