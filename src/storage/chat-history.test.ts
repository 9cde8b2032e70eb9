// Dexie's liveQuery looks for a global indexedDB in Node (the app's browsers have one).
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { ChatHistoryStore, type ChatSave } from './chat-history.ts';
import { StorageFullError } from './errors.ts';
import { quotaFailure } from './failing-middleware.test-support.ts';
import { fakeIdb, freshDb } from './fixtures.test-support.ts';

const chat = (id: string, extra: Partial<ChatSave> = {}): ChatSave => ({
  id,
  title: `About ${id}`,
  messageCount: 2,
  memoryEnabled: true,
  sessionId: `s-${id}`,
  lastActivityAt: null,
  messages: [
    { id: 'm1', text: 'hello' },
    { id: 'm2', text: 'hi' },
  ],
  ...extra,
});

function clock(start = 1000) {
  let t = start;
  return { now: () => t, set: (value: number) => (t = value) };
}

describe('chat history store', () => {
  it('settles once every save asked for is written, those asked while waiting too', async () => {
    const db = await freshDb();
    const history = new ChatHistoryStore(db);
    void history.save('alice', chat('c1'));
    void history.save('alice', chat('c2')).then(() => history.save('alice', chat('c3')));
    await history.settled();
    expect((await history.list('alice')).map((c) => c.id).sort()).toEqual(['c1', 'c2', 'c3']);
    await history.settled(); // nothing pending: settles at once
  });

  it('lists a profile’s conversations newest first, keeping when each was started', async () => {
    const time = clock();
    const history = new ChatHistoryStore(await freshDb(), time.now);
    await history.save('alice', chat('c1', { touchedAt: 1000 }));
    time.set(2000);
    await history.save('alice', chat('c2', { touchedAt: 2000 }));
    time.set(3000);
    await history.save('alice', chat('c1', { touchedAt: 3000, messageCount: 4 }));
    // a session ending changes no message: the conversation keeps its place
    time.set(4000);
    await history.save('alice', chat('c2', { sessionId: 's-next' }));

    const list = await history.list('alice');
    expect(list.map((c) => [c.id, c.createdAt, c.updatedAt, c.messageCount])).toEqual([
      ['c1', 1000, 3000, 4],
      ['c2', 2000, 2000, 2],
    ]);
    expect(list[0]).toMatchObject({ title: 'About c1', memoryEnabled: true });
    expect(list[0]).not.toHaveProperty('profileId');
  });

  it('loads a transcript with its topic forest, and keeps profiles apart', async () => {
    const history = new ChatHistoryStore(await freshDb());
    await history.save('alice', chat('c1', { lastActivityAt: 42 }));
    await history.saveTopics('alice', 'c1', { conversationId: 'c1', rounds: 3 });
    await history.save('bob', chat('c9'));

    const loaded = await history.load('alice', 'c1');
    expect(loaded?.transcript).toEqual({
      id: 'c1',
      sessionId: 's-c1',
      lastActivityAt: 42,
      messages: chat('c1').messages,
    });
    expect(loaded?.topics).toEqual({ conversationId: 'c1', rounds: 3 });
    expect(await history.load('bob', 'c1')).toBeNull();
    expect((await history.list('bob')).map((c) => c.id)).toEqual(['c9']);
    expect((await history.load('bob', 'c9'))?.topics).toBeNull();
  });

  it('deletes a conversation’s entry, transcript and forest only', async () => {
    const db = await freshDb();
    const history = new ChatHistoryStore(db);
    await history.save('alice', chat('c1'));
    await history.saveTopics('alice', 'c1', { any: 'forest' });
    await history.save('alice', chat('c2'));
    await db.sessions.add({ profileId: 'alice', id: 's1', conversationId: 'c1', turnCount: 2 });

    await history.remove('alice', 'c1');
    expect(await history.load('alice', 'c1')).toBeNull();
    expect(await db.topicTrees.count()).toBe(0);
    expect((await history.list('alice')).map((c) => c.id)).toEqual(['c2']);
    // what memory learned from it is another store's: untouched
    expect(await db.sessions.count()).toBe(1);
  });

  it('applies writes in call order, even when they are not awaited', async () => {
    const history = new ChatHistoryStore(await freshDb());
    const saving = history.save('alice', chat('c1'));
    const removing = history.remove('alice', 'c1');
    await Promise.all([saving, removing]);
    expect(await history.list('alice')).toEqual([]);
  });

  it('turns a full disk into StorageFullError and keeps what was stored', async () => {
    const quota = quotaFailure({ table: 'transcripts', afterWrites: 1 });
    const history = new ChatHistoryStore(await freshDb(fakeIdb(), [quota]));
    await history.save('alice', chat('c1', { title: 'First' }));
    await expect(history.save('alice', chat('c1', { title: 'Second' }))).rejects.toBeInstanceOf(
      StorageFullError,
    );
    // the list entry of the failed save was rolled back with it
    expect((await history.list('alice')).map((c) => c.title)).toEqual(['First']);
    quota.armed = false;
    await history.save('alice', chat('c2'));
    expect(await history.list('alice')).toHaveLength(2);
  });

  it('follows the list live', async () => {
    const history = new ChatHistoryStore(await freshDb());
    const seen: string[][] = [];
    const sub = history.watch(
      'alice',
      (list) => seen.push(list.map((c) => c.id)),
      () => undefined,
    );
    await vi.waitFor(() => expect(seen).toEqual([[]]));
    await history.save('alice', chat('c1'));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['c1']));
    sub.unsubscribe();
  });
});
