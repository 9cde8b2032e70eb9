/** Storage health: persistent storage, usage and quota (navigator.storage), where available. */

export interface StorageHealth {
  /** True when the browser promised not to evict Grove's data under pressure. */
  readonly persisted: boolean | null;
  readonly usageBytes: number | null;
  readonly quotaBytes: number | null;
  /** Usage as a share of quota, 0–1, when both are known. */
  readonly usedFraction: number | null;
}

type StorageManagerLike = Pick<StorageManager, 'persist' | 'persisted' | 'estimate'>;

function storageManager(): StorageManagerLike | undefined {
  return (globalThis as { navigator?: { storage?: StorageManagerLike } }).navigator?.storage;
}

/** Asks the browser to keep Grove's data (it may prompt or decide silently). */
export async function requestPersistence(
  storage: StorageManagerLike | undefined = storageManager(),
): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    return await storage.persist();
  } catch {
    return false;
  }
}

export async function storageHealth(
  storage: StorageManagerLike | undefined = storageManager(),
): Promise<StorageHealth> {
  if (!storage) return { persisted: null, usageBytes: null, quotaBytes: null, usedFraction: null };
  const [persisted, estimate] = await Promise.all([
    storage.persisted ? storage.persisted().catch(() => null) : Promise.resolve(null),
    storage.estimate ? storage.estimate().catch(() => null) : Promise.resolve(null),
  ]);
  const usageBytes = estimate?.usage ?? null;
  const quotaBytes = estimate?.quota ?? null;
  return {
    persisted,
    usageBytes,
    quotaBytes,
    usedFraction: usageBytes !== null && quotaBytes ? usageBytes / quotaBytes : null,
  };
}
