/** The message shapes every Grove RPC shares, page → worker and back. */
import type { WireError } from './wire-error.ts';

/**
 * Every message either way carries the id of the call it belongs to, and the channel it travels
 * on when several share one port (the page-LLM bridge rides beside a worker's own calls).
 */
export interface RpcMessage {
  readonly type: string;
  readonly id: number;
  readonly channel?: string;
}

export interface CancelMessage {
  readonly type: 'cancel';
  readonly id: number;
  readonly channel?: string;
}

export interface ErrorMessage {
  readonly type: 'error';
  readonly id: number;
  readonly error: WireError;
  readonly channel?: string;
}

/** Omit that keeps a union a union. */
export type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export function isCancel(message: RpcMessage): message is CancelMessage {
  return message.type === 'cancel';
}

export function isError(message: RpcMessage): message is ErrorMessage {
  return message.type === 'error';
}

/** Whether `message` travels on `channel` (undefined: the port's own, untagged calls). */
export function onChannel(message: unknown, channel: string | undefined): message is RpcMessage {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Partial<RpcMessage>;
  return typeof m.type === 'string' && typeof m.id === 'number' && m.channel === channel;
}
