// Dexie's liveQuery looks for a global indexedDB in Node (the app's browsers have one).
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createGroveStore } from '../state/store.ts';
import { GroveDb } from '../storage/db.ts';
import { followMemoryChanges, type FollowTiming } from './follow-memory.ts';

/** A clock the test moves: timers run only when `advance` passes them. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  let scheduled = 0;
  const after: FollowTiming['after'] = (run, ms) => {
    const timer = { at: now + ms, run };
    timers.push(timer);
    scheduled++;
    return () => {
      timers = timers.filter((t) => t !== timer);
    };
  };
  return {
    after,
    /** How many timers were ever set (each change the follower saw sets at least one). */
    scheduled: () => scheduled,
    advance(ms: number) {
      now += ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) return;
        timers = timers.filter((t) => t !== due);
        due.run();
      }
    },
  };
}

const pendingRow = (sessionId: string) =>
  ({
    profileId: 'alice',
    sessionId,
    conversationId: 'c1',
    turns: [],
    recordedAt: '2026-01-01T00:00:00.000Z',
  }) as never;

describe('following memory changes from other tabs', () => {
  it("refreshes the views when the open profile's memory changes, not another profile's", async () => {
    const name = `grove-test-follow-${Math.random()}`;
    const db = new GroveDb(name);
    const otherTab = new GroveDb(name);
    const store = createGroveStore();
    store.getState().setActiveProfile('alice');
    const refresh = vi.fn(async () => undefined);
    const follower = followMemoryChanges(db, store, refresh, { quietMs: 0, maxWaitMs: 0 });
    try {
      await follower.watching();
      expect(refresh).not.toHaveBeenCalled();
      await otherTab.settings.put({ profileId: 'bob', key: 'memoryPaused', value: true });
      await otherTab.settings.put({ profileId: 'alice', key: 'memoryPaused', value: true });
      await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
      // A setting leaves the tree as it was: the counts are read again, not the tree.
      expect(refresh).toHaveBeenLastCalledWith({ tree: false });
      await otherTab.settings.put({ profileId: 'bob', key: 'memoryPaused', value: false });
      await otherTab.sessions.put({
        profileId: 'alice',
        id: 's1',
        conversationId: 'c1',
        time: '2026-01-01T00:00:00.000Z',
      } as never);
      await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(2));
      await otherTab.treeHeads.put({ profileId: 'alice', version: 1, revision: 1 } as never);
      await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(3));
      expect(refresh).toHaveBeenLastCalledWith({ tree: true });

      store.getState().setActiveProfile('bob');
      await follower.watching();
      await otherTab.settings.put({ profileId: 'bob', key: 'memoryPaused', value: true });
      await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(4));
    } finally {
      follower.stop();
      db.close();
      otherTab.close();
    }
  });

  it('reads once for a burst of changes, after the memory is quiet or the longest wait', async () => {
    const name = `grove-test-follow-burst-${Math.random()}`;
    const db = new GroveDb(name);
    const otherTab = new GroveDb(name);
    const store = createGroveStore();
    store.getState().setActiveProfile('alice');
    const refresh = vi.fn(async () => undefined);
    const clock = manualClock();
    const timing = { quietMs: 250, maxWaitMs: 1000, after: clock.after };
    const follower = followMemoryChanges(db, store, refresh, timing);
    /** Makes a change and waits until the follower has seen it (it sets a timer). */
    const change = async (write: () => Promise<unknown>) => {
      const before = clock.scheduled();
      await write();
      await vi.waitFor(() => expect(clock.scheduled()).toBeGreaterThan(before));
    };
    try {
      await follower.watching();
      // A session recorded, its tree written, the next session recorded: one read of the tree.
      await change(() => otherTab.pending.put(pendingRow('s1')));
      clock.advance(100);
      await change(() => otherTab.treeHeads.put({ profileId: 'alice', version: 1 } as never));
      clock.advance(100);
      await change(() => otherTab.pending.put(pendingRow('s2')));
      clock.advance(249);
      expect(refresh).not.toHaveBeenCalled();
      clock.advance(1);
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(refresh).toHaveBeenLastCalledWith({ tree: true });

      // Changes that never leave it quiet are read at the longest wait after the first of them.
      for (let i = 0; i < 5; i++) {
        await change(() => otherTab.pending.put(pendingRow(`t${i}`)));
        clock.advance(200);
      }
      expect(refresh).toHaveBeenCalledTimes(2);
      expect(refresh).toHaveBeenLastCalledWith({ tree: false });
      clock.advance(1000);
      expect(refresh).toHaveBeenCalledTimes(2); // nothing changed since
    } finally {
      follower.stop();
      db.close();
      otherTab.close();
    }
  });

  it('refreshes now for a change the caller made, and not again when news of it comes', async () => {
    const name = `grove-test-follow-now-${Math.random()}`;
    const db = new GroveDb(name);
    const worker = new GroveDb(name);
    const store = createGroveStore();
    store.getState().setActiveProfile('alice');
    const refresh = vi.fn(async () => undefined);
    const clock = manualClock();
    const follower = followMemoryChanges(db, store, refresh, {
      quietMs: 250,
      maxWaitMs: 1000,
      after: clock.after,
    });
    try {
      await follower.watching();
      // The worker remembers a session; the chat, told so, refreshes the views at once.
      await worker.treeHeads.put({ profileId: 'alice', version: 1 } as never);
      await follower.refreshNow();
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(refresh).toHaveBeenLastCalledWith({ tree: true });
      // News of that change is not news; a later setting is, and reads the counts only.
      const before = clock.scheduled();
      await worker.settings.put({ profileId: 'alice', key: 'memoryPaused', value: true });
      await vi.waitFor(() => expect(clock.scheduled()).toBeGreaterThan(before));
      clock.advance(1000);
      expect(refresh).toHaveBeenCalledTimes(2);
      expect(refresh).toHaveBeenLastCalledWith({ tree: false });
    } finally {
      follower.stop();
      db.close();
      worker.close();
    }
  });
});
