/**
 * Errors across a worker boundary. A thrown error crosses as `{ name, message, fields }` (its own
 * primitive fields, such as LlmOutputError's `purpose`) and is rebuilt on the other side as the
 * class registered under its name, so `instanceof` works there; a name nobody registered becomes
 * a RemoteError that keeps the name and message. Every RPC in the app uses these two functions.
 */
import { AbortError, LlmCallError, LlmOutputError } from '../engine/errors.ts';
import { WorkerCrashedError } from './worker-errors.ts';

export interface WireError {
  readonly name: string;
  readonly message: string;
  /** The error's own string, number and boolean fields (not `name`, `message`, `stack`). */
  readonly fields?: Readonly<Record<string, string | number | boolean>>;
}

/** Any Error subclass, whatever its constructor takes. */
export type ErrorClass = abstract new (...args: never[]) => Error;

/** A registry of error classes by the name they cross with. */
export type ErrorClasses = Readonly<Record<string, ErrorClass>>;

/** Classes every channel knows, whatever else it registers. */
export const BASE_ERROR_CLASSES: ErrorClasses = {
  AbortError,
  LlmCallError,
  LlmOutputError,
  WorkerCrashedError,
};

/** An error from the other side whose class this side does not know: same name and message. */
export class RemoteError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'name' || key === 'message' || key === 'stack') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return Object.keys(fields).length > 0
    ? { name: error.name, message: error.message, fields }
    : { name: error.name, message: error.message };
}

/**
 * Rebuilds a wire error as the class registered under its name (in `classes` or the base set),
 * keeping the exact message; unknown names become RemoteErrors carrying that name.
 */
export function errorFromWire(wire: WireError, classes: ErrorClasses = {}): Error {
  const Class = classes[wire.name] ?? BASE_ERROR_CLASSES[wire.name];
  if (!Class && wire.name === 'Error') return new Error(wire.message);
  // Error's own constructor with the subclass as new.target: the right prototype and message,
  // without running a constructor that would rewrite the message (ModelLoadError adds advice).
  const error = Class
    ? (Reflect.construct(Error, [wire.message], Class) as Error)
    : new RemoteError(wire.name, wire.message);
  for (const [key, value] of Object.entries(wire.fields ?? {}))
    Object.defineProperty(error, key, {
      value,
      writable: true,
      configurable: true,
      enumerable: true,
    });
  Object.defineProperty(error, 'name', { value: wire.name, writable: true, configurable: true });
  return error;
}

/**
 * The error classes a module exports, by export name (kept by minifiers, unlike class names):
 * `errorClassesOf(await import('./errors.ts'))`, or a namespace import.
 */
export function errorClassesOf(...modules: readonly Record<string, unknown>[]): ErrorClasses {
  const classes: Record<string, ErrorClass> = {};
  for (const module of modules)
    for (const [name, value] of Object.entries(module))
      if (typeof value === 'function' && value.prototype instanceof Error)
        classes[name] = value as ErrorClass;
  return classes;
}
