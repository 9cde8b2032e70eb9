// Dexie's liveQuery looks for a global indexedDB in Node (the app's browsers have one).
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createGroveStore } from '../state/store.ts';
import { GroveDb } from '../storage/db.ts';
import { followMemoryChanges } from './follow-memory.ts';

describe('following memory changes from other tabs', () => {
  it("refreshes the views when the open profile's memory changes, not another profile's", async () => {
    const name = `grove-test-follow-${Math.random()}`;
    const db = new GroveDb(name);
    const otherTab = new GroveDb(name);
    const store = createGroveStore();
    store.getState().setActiveProfile('alice');
    const refresh = vi.fn(async () => undefined);
    const follower = followMemoryChanges(db, store, refresh);
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
});
