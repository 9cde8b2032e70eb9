/**
 * Keeps the memory views current when another tab changes the open profile's memory (an
 * ingestion, an edit, a delete, an import): a liveQuery on the profile's memory fingerprint
 * (storage/memory-fingerprint.ts; Dexie tells every tab of a write) refreshes what the store
 * shows, as the conversation list already follows its table. A change that left the tree as it
 * was (a session waiting to be remembered, a setting) refreshes the counts only: reading the
 * tree's outline and facts again would compete with the ingestion that caused it. A refresh
 * asked for while one runs runs once more after it (the whole of it, if either asked so).
 */
import { liveQuery, type Subscription } from 'dexie';
import type { GroveStore } from '../state/store.ts';
import type { GroveDb } from '../storage/db.ts';
import { memoryFingerprint, type MemoryFingerprint } from '../storage/memory-fingerprint.ts';
import type { RefreshScope } from './memory-actions.ts';

export interface MemoryFollower {
  /** Settles once the open profile's first reading is in (later changes refresh the views). */
  readonly watching: () => Promise<void>;
  stop(): void;
}

export function followMemoryChanges(
  db: GroveDb,
  store: GroveStore,
  refresh: (scope: RefreshScope) => Promise<void>,
): MemoryFollower {
  let running: Promise<void> | null = null;
  let again: RefreshScope | null = null;
  const refreshSoon = (scope: RefreshScope) => {
    if (running) {
      again = { tree: scope.tree || (again?.tree ?? false) };
      return;
    }
    running = refresh(scope)
      .catch(() => undefined) // refresh reports its own failures in the store
      .finally(() => {
        running = null;
        if (again) {
          const next = again;
          again = null;
          refreshSoon(next);
        }
      });
  };

  let watching: Subscription | undefined;
  let firstReading = Promise.resolve();
  const watch = (profileId: string) => {
    watching?.unsubscribe();
    let seen: MemoryFingerprint | undefined;
    let read = () => {};
    firstReading = new Promise<void>((resolve) => (read = resolve));
    watching = liveQuery(() => memoryFingerprint(db, profileId)).subscribe({
      next: (fingerprint) => {
        const before = seen;
        if (before && fingerprint.tree === before.tree && fingerprint.rest === before.rest) return;
        seen = fingerprint;
        read();
        // The first reading is what the profile's opening already shows.
        if (before && store.getState().activeProfileId === profileId)
          refreshSoon({ tree: fingerprint.tree !== before.tree });
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
