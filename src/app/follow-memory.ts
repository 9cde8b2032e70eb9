/**
 * Keeps the memory views current when another tab changes the open profile's memory (an
 * ingestion, an edit, a delete, an import): a liveQuery on the profile's memory fingerprint
 * (storage/memory-fingerprint.ts; Dexie tells every tab of a write) refreshes what the store
 * shows, as the conversation list already follows its table. A refresh asked for while one runs
 * runs once more after it.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { GroveStore } from '../state/store.ts';
import type { GroveDb } from '../storage/db.ts';
import { memoryFingerprint } from '../storage/memory-fingerprint.ts';

export interface MemoryFollower {
  /** Settles once the open profile's first reading is in (later changes refresh the views). */
  readonly watching: () => Promise<void>;
  stop(): void;
}

export function followMemoryChanges(
  db: GroveDb,
  store: GroveStore,
  refresh: () => Promise<void>,
): MemoryFollower {
  let running: Promise<void> | null = null;
  let again = false;
  const refreshSoon = () => {
    if (running) {
      again = true;
      return;
    }
    running = refresh()
      .catch(() => undefined) // refresh reports its own failures in the store
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          refreshSoon();
        }
      });
  };

  let watching: Subscription | undefined;
  let firstReading = Promise.resolve();
  const watch = (profileId: string) => {
    watching?.unsubscribe();
    let seen: string | undefined;
    let read = () => {};
    firstReading = new Promise<void>((resolve) => (read = resolve));
    watching = liveQuery(() => memoryFingerprint(db, profileId)).subscribe({
      next: (fingerprint) => {
        const first = seen === undefined;
        if (fingerprint === seen) return;
        seen = fingerprint;
        read();
        // The first reading is what the profile's opening already shows.
        if (!first && store.getState().activeProfileId === profileId) refreshSoon();
      },
      error: () => undefined, // the views keep what they show; the next refresh says more
    });
  };
  watch(store.getState().activeProfileId);
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.activeProfileId !== prev.activeProfileId) watch(s.activeProfileId);
  });
  return {
    watching: () => firstReading,
    stop() {
      unsubscribe();
      watching?.unsubscribe();
    },
  };
}
