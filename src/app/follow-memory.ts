/**
 * Keeps the memory views current when another tab changes the open profile's memory (an
 * ingestion, an edit, a delete, an import): a liveQuery on the profile's memory fingerprint
 * (storage/memory-fingerprint.ts; Dexie tells every tab of a write) refreshes what the store
 * shows, as the conversation list already follows its table. A change that left the tree as it
 * was (a session waiting to be remembered, a setting) refreshes the counts only: reading the
 * tree's outline and facts again would compete with the ingestion that caused it.
 *
 * Changes come in bursts (sessions remembered one after another: a resume, a second session
 * ended while the first was remembered), so a refresh waits until the memory has been quiet for
 * `quietMs`, or `maxWaitMs` after the first change it serves, and then reads once for all of them
 * (the whole tree if any of them changed it). Read between two writes, the views would be stale
 * again at once, and the reads delayed the next write: a heavy user's second session waited
 * 40–70 ms behind the page's reads of the first. A refresh asked for while one runs runs once
 * more after it.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { GroveStore } from '../state/store.ts';
import type { GroveDb } from '../storage/db.ts';
import { memoryFingerprint, type MemoryFingerprint } from '../storage/memory-fingerprint.ts';
import type { RefreshScope } from './memory-actions.ts';

export interface FollowTiming {
  /** A refresh runs once the memory has not changed for this long, */
  readonly quietMs: number;
  /** or this long after the first change it serves, whichever comes first. */
  readonly maxWaitMs: number;
  /** Runs `run` after `ms`; returns what cancels it (tests pass their own clock). */
  readonly after?: (run: () => void, ms: number) => () => void;
}

/** As long as the memory worker waits after an ingestion before its background work. */
export const FOLLOW_TIMING: FollowTiming = { quietMs: 250, maxWaitMs: 1000 };

const realTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export interface MemoryFollower {
  /** Settles once the open profile's first reading is in (later changes refresh the views). */
  readonly watching: () => Promise<void>;
  /** Refreshes the views now, for every change made so far (once, not again when news of it comes). */
  refreshNow(): Promise<void>;
  stop(): void;
}

export function followMemoryChanges(
  db: GroveDb,
  store: GroveStore,
  refresh: (scope: RefreshScope) => Promise<void>,
  timing: FollowTiming = FOLLOW_TIMING,
): MemoryFollower {
  const after = timing.after ?? realTimer;
  let running: Promise<void> | null = null;
  /** Changes not yet served by a refresh, merged. */
  let wanted: RefreshScope | null = null;
  let cancelQuiet = () => {};
  let cancelMaxWait: (() => void) | null = null;
  const cancelTimers = () => {
    cancelQuiet();
    cancelMaxWait?.();
    cancelMaxWait = null;
  };
  /** Whether a refresh fell due while another ran (it runs as soon as that one ends). */
  let due = false;
  const runWanted = () => {
    cancelTimers();
    if (!wanted) return;
    if (running) {
      due = true;
      return;
    }
    due = false;
    const scope = wanted;
    wanted = null;
    running = refresh(scope)
      .catch(() => undefined) // refresh reports its own failures in the store
      .finally(() => {
        running = null;
        if (due) runWanted();
      });
  };
  const refreshSoon = (scope: RefreshScope) => {
    wanted = { tree: scope.tree || (wanted?.tree ?? false) };
    cancelQuiet();
    cancelQuiet = after(runWanted, timing.quietMs);
    cancelMaxWait ??= after(runWanted, timing.maxWaitMs);
  };

  let watching: Subscription | undefined;
  let firstReading = Promise.resolve();
  /** The profile watched, and the memory's fingerprint the views were last read for. */
  let watched = '';
  let seen: MemoryFingerprint | undefined;
  let read = () => {};
  const watch = (profileId: string) => {
    watching?.unsubscribe();
    // What the last profile's changes wanted: opening the next one reads all of it anyway.
    cancelTimers();
    wanted = null;
    watched = profileId;
    seen = undefined;
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
  /**
   * Reads the views now, for the memory as it is now: the change the caller made (a session it
   * saw remembered) and any waiting for a refresh, which the liveQuery's news of them would
   * otherwise refresh a second time, a moment later (a tree redrawn under the user's fingers).
   */
  const refreshNow = async (): Promise<void> => {
    const profileId = watched;
    const fingerprint = await memoryFingerprint(db, profileId).catch(() => undefined);
    if (fingerprint && profileId === watched) {
      seen = fingerprint;
      read();
    }
    wanted = { tree: true };
    cancelTimers();
    // A refresh under way may have read the memory before the change: this one runs after it,
    // unless one that started after this call took it.
    while (running) await running;
    if (!wanted) return;
    runWanted();
    await running;
  };
  watch(store.getState().activeProfileId);
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.activeProfileId !== prev.activeProfileId) watch(s.activeProfileId);
  });
  return {
    watching: () => firstReading,
    refreshNow,
    stop() {
      unsubscribe();
      watching?.unsubscribe();
      cancelTimers();
      wanted = null;
    },
  };
}
