/**
 * The page side of the memory worker: a MemoryApi whose calls are messages on Grove's one RPC
 * (src/rpc: errors rebuilt as their classes, AbortSignals that cross, a worker that stops failing
 * every call with WorkerCrashedError), plus live views (Dexie liveQuery, read-only) that follow
 * changes made by any tab or worker.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { GroveDb } from '../storage/db.ts';
import { MemoryStore } from '../storage/memory-store.ts';
import { asProfileId } from '../engine/types.ts';
import { RpcChannel, type RpcPort, type RpcWorkerLike } from '../rpc/rpc-channel.ts';
import { MEMORY_ERROR_CLASSES } from './memory-errors.ts';
import {
  MEMORY_METHODS,
  RESULT_WIRE,
  SIGNAL_ARG,
  STREAM_ARG,
  type MemoryApi,
  type MemoryBroadcast,
  type MemoryMethod,
  type MemoryRequest,
  type MemoryResponse,
} from './worker-protocol.ts';

/** A Worker, or one end of a MessageChannel (tests). */
export type WorkerLike = RpcPort<unknown, unknown> | RpcWorkerLike<unknown, unknown>;

export type MemoryClient = MemoryApi & {
  /** Ingestion stages the worker reports; returns an unsubscribe function. */
  onBroadcast(listener: (message: MemoryBroadcast) => void): () => void;
};

export interface MemoryClientOptions {
  /** Called once if the worker stops (every pending call has failed with WorkerCrashedError). */
  readonly onCrash?: (error: Error) => void;
}

/** The client, and a way to stop its worker as a crash would (tests, the test API). */
export interface MemoryConnection {
  readonly client: MemoryClient;
  kill(detail: string): void;
}

export function connectMemory(
  worker: WorkerLike,
  options: MemoryClientOptions = {},
): MemoryConnection {
  const listeners = new Set<(message: MemoryBroadcast) => void>();
  const channel = new RpcChannel<MemoryRequest, MemoryResponse>(
    worker as RpcPort<MemoryRequest, MemoryResponse>,
    {
      errors: MEMORY_ERROR_CLASSES,
      updates: ['event'],
      worker: 'the memory worker',
      ...(options.onCrash ? { onCrash: options.onCrash } : {}),
      onMessage: (message) => {
        if (isBroadcast(message)) for (const listener of listeners) listener(message);
      },
    },
  );
  const call = async (method: MemoryMethod, args: unknown[]) => {
    const sent = [...args];
    const streamAt = STREAM_ARG[method];
    const signalAt = SIGNAL_ARG[method];
    const callback = streamAt === undefined ? undefined : sent[streamAt];
    const signal = signalAt === undefined ? undefined : sent[signalAt];
    // Functions and signals cannot cross: they stay here, the call carries them.
    if (streamAt !== undefined && streamAt < sent.length) sent[streamAt] = undefined;
    if (signalAt !== undefined && signalAt < sent.length) sent[signalAt] = undefined;
    while (sent.length > 0 && sent.at(-1) === undefined) sent.pop();
    const onEvent =
      typeof callback === 'function' ? (callback as (event: unknown) => void) : undefined;
    const reply = await channel.call(
      { type: 'call', method, args: sent },
      onEvent
        ? (update) => {
            if (update.type === 'event') onEvent(update.event);
          }
        : undefined,
      signal instanceof AbortSignal ? signal : undefined,
    );
    if (reply.type !== 'result') return undefined;
    const wire = RESULT_WIRE[method];
    return wire ? wire.decode(reply.value) : reply.value;
  };
  const api = Object.fromEntries(
    MEMORY_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as MemoryApi;
  return {
    client: {
      ...api,
      onBroadcast(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    kill: (detail) => channel.kill(detail),
  };
}

/** The client alone (no crash hook). */
export function memoryClient(worker: WorkerLike, options: MemoryClientOptions = {}): MemoryClient {
  return connectMemory(worker, options).client;
}

function isBroadcast(message: unknown): message is MemoryBroadcast {
  return (message as Partial<MemoryBroadcast> | null)?.type === 'broadcast';
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
