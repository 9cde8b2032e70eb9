import { describe, expect, it } from 'vitest';
import { AbortError } from '../engine/errors.ts';
import type { ErrorMessage } from './rpc-messages.ts';
import { serveRequests } from './serve-requests.ts';
import { errorFromWire, RemoteError, toWireError } from './wire-error.ts';

/** A named error whose constructor rewrites its message, as the models' load error does. */
class ModelLoadError extends Error {
  override readonly name = 'ModelLoadError';
  constructor(
    readonly modelId: string,
    detail: string,
  ) {
    super(`Could not load ${modelId}: ${detail}. Pick another model.`);
  }
}

describe('errors across the worker boundary', () => {
  it('rebuilds the class with the exact message, even when its constructor rewrites messages', () => {
    const original = new ModelLoadError('m', 'config.json is missing');
    const rebuilt = errorFromWire(toWireError(original), { ModelLoadError });
    expect(rebuilt).toBeInstanceOf(ModelLoadError);
    expect(rebuilt.name).toBe('ModelLoadError');
    expect(rebuilt.message).toBe(original.message);
  });

  it('keeps unknown names on a named generic RemoteError, and wires non-Error throws', () => {
    const unknown = errorFromWire({ name: 'QuotaError', message: 'q' }, {});
    expect(unknown).toBeInstanceOf(RemoteError);
    expect(unknown).toMatchObject({ name: 'QuotaError', message: 'q' });
    expect(toWireError('boom')).toEqual({ name: 'Error', message: 'boom' });
  });
});

describe('serveRequests', () => {
  type Req = { type: 'slow' | 'quick'; id: number };

  it('serves queued requests in order, lets concurrent ones pass, and cancels queued ones', async () => {
    const log: string[] = [];
    const errors: ErrorMessage[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const serve = serveRequests<Req, ErrorMessage>(
      async (request) => {
        log.push(`start ${request.type} ${request.id}`);
        if (request.type === 'slow' && request.id === 1) await gate;
        log.push(`end ${request.id}`);
      },
      (message) => errors.push(message),
      { concurrent: (request) => request.type === 'quick' },
    );
    serve({ type: 'slow', id: 1 });
    serve({ type: 'slow', id: 2 });
    serve({ type: 'slow', id: 3 });
    serve({ type: 'quick', id: 4 });
    serve({ type: 'cancel', id: 2 });
    await waitFor(() => log.includes('end 4'));
    expect(log).not.toContain('end 1'); // the quick request passed the blocked queue
    release();
    await waitFor(() => log.includes('end 3'));
    expect(log.filter((l) => !l.includes('4'))).toEqual([
      'start slow 1',
      'end 1',
      'start slow 3',
      'end 3',
    ]);
    expect(errors).toEqual([
      {
        type: 'error',
        id: 2,
        error: { name: new AbortError().name, message: new AbortError().message },
      },
    ]);
  });
});

/** Waits (by event-loop turns, not by time) until `condition` holds. */
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 0));
}
