/**
 * Persistent storage: browsers may evict site data under storage pressure unless the site holds
 * persistent storage. A model download of hundreds of MB is worth asking for it first.
 */

export interface StorageManagerLike {
  persisted?(): Promise<boolean>;
  persist?(): Promise<boolean>;
  estimate?(): Promise<{ quota?: number; usage?: number }>;
}

export type PersistResult = 'already' | 'granted' | 'denied' | 'unsupported';

export async function requestPersistentStorage(
  storage: StorageManagerLike | undefined = globalThis.navigator?.storage,
): Promise<PersistResult> {
  if (!storage?.persist) return 'unsupported';
  try {
    if (await storage.persisted?.()) return 'already';
    return (await storage.persist()) ? 'granted' : 'denied';
  } catch {
    return 'denied';
  }
}

/** Asks for persistence only when `bytes` would be a large download (default ≥ 50 MB). */
export async function persistBeforeDownload(
  bytes: number,
  storage?: StorageManagerLike,
  thresholdBytes = 50 * 1024 * 1024,
): Promise<PersistResult | 'not-needed'> {
  if (bytes < thresholdBytes) return 'not-needed';
  return requestPersistentStorage(storage);
}
