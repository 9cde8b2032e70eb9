/** Turns the browser's quota failures, however they are wrapped, into one StorageFullError. */
import { StorageFullError } from './errors.ts';

export function isQuotaError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const name = (e as { name?: unknown }).name;
    if (name === 'QuotaExceededError' || name === 'StorageFullError') return true;
    // Dexie wraps the DOMException as `inner`; others use `cause`.
    e = (e as { inner?: unknown }).inner ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a write; a quota failure (its transaction rolled back) becomes a StorageFullError. */
export async function guardQuota<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof StorageFullError) throw error;
    if (isQuotaError(error)) throw new StorageFullError(undefined, { cause: error });
    throw error;
  }
}
