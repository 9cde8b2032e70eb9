import { beforeAll, describe, expect, it } from 'vitest';
import { ChatHistoryStore } from '../../storage/chat-history.ts';
import type { GroveDb } from '../../storage/db.ts';
import { StorageFullError } from '../../storage/errors.ts';
import { quotaFailure } from '../../storage/failing-middleware.test-support.ts';
import {
  fakeIdb,
  freshDb,
  snapshot,
  snapshotWithout,
} from '../../storage/fixtures.test-support.ts';
import { createProfile } from '../../storage/profiles.ts';
import { aliceWithConversations } from './alice-conversations.test-support.ts';
import { saveConversations } from '../../storage/export/conversations.test-support.ts';
import { exportProfile } from '../../storage/export/export-profile.ts';
import { importProfile } from '../../storage/export/import-profile.ts';
import { plainAndSealed } from '../../storage/export/plain-and-sealed.test-support.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HISTORY_TABLES = ['chats', 'transcripts', 'topicTrees'] as const;

let source: GroveDb;
let file: string;

/** The rows `profileId` owns in the history tables, without the profile id. */
async function historyOf(db: GroveDb, profileId: string) {
  const all = await snapshot(db);
  return Object.fromEntries(
    HISTORY_TABLES.map((name) => [
      name,
      (all[name] as Json[])
        .filter((r) => r.profileId === profileId)
        .map(({ profileId: _, ...r }) => r),
    ]),
  );
}

/** Each of the profile's conversations, listed and loaded (what the chat opens). */
async function conversationsOf(db: GroveDb, profileId: string) {
  const history = new ChatHistoryStore(db);
  const list = await history.list(profileId);
  return Promise.all(
    list.map(async (summary) => ({ summary, loaded: await history.load(profileId, summary.id) })),
  );
}

beforeAll(async () => {
  source = await freshDb();
  await aliceWithConversations(source);
  file = await exportProfile(source, 'alice');
});

describe('conversations in the export file (format version 3)', () => {
  it('carries each conversation’s list entry, transcript and topic forest, sorted by id', () => {
    const data = JSON.parse(file) as Json;
    expect(data.version).toBe(3);
    expect((data.chats as Json[]).map((c) => c.id)).toEqual(['c-off', 'c0', 'c1']);
    expect((data.transcripts as Json[]).map((t) => t.id)).toEqual(['c-off', 'c0', 'c1']);
    expect((data.topicForests as Json[]).map((f) => f.id)).toEqual(['c0']);
    expect(data.chats[1]).toEqual({
      id: 'c0',
      title: 'Where do I keep my things?',
      createdAt: 1_700_000_001_000,
      updatedAt: 1_700_000_500_000,
      messageCount: 4,
      memoryEnabled: true,
    });
    const c0 = data.transcripts[1] as Json;
    expect(c0).toMatchObject({ sessionId: 'later', lastActivityAt: 1_700_000_500_000 });
    // a message's fields come in one fixed order, whatever order they were stored in
    expect(Object.keys(c0.messages[3] as Json)).toEqual([
      'id',
      'role',
      'text',
      'status',
      'sessionId',
      'error',
    ]);
    expect(data.topicForests[0].forest).toMatchObject({
      conversationId: 'c0',
      discourse: { activeTreeId: 't1', rounds: 4 },
    });
    // The memory-off conversation's session was never ingested: it is in no section but its own.
    const sessions = [...data.sessions, ...data.pending].map((s: Json) => s.id ?? s.sessionId);
    expect(sessions).not.toContain('s-off');
    // No profile id inside the history: re-keying an import touches only the rows' keys.
    expect(JSON.stringify([data.chats, data.transcripts, data.topicForests])).not.toContain(
      'alice',
    );
  });

  it('imports into an empty store with identical rows, plain or encrypted', async () => {
    for (const [text, passphrase] of await plainAndSealed(source, 'alice', file)) {
      const target = await freshDb();
      const imported = await importProfile(target, text, passphrase ? { passphrase } : {});
      expect(imported).toMatchObject({ id: 'alice', fileVersion: 3, conversations: 3 });
      expect(imported.notice).toBeUndefined();
      expect(await historyOf(target, 'alice')).toEqual(await historyOf(source, 'alice'));
      expect(await exportProfile(target, 'alice')).toBe(file);
    }
  });

  it('loads each imported conversation as it was saved (the chat reopens it: src/app/chat)', async () => {
    const target = await freshDb();
    await importProfile(target, file);
    expect(await conversationsOf(target, 'alice')).toEqual(await conversationsOf(source, 'alice'));
  });

  it('lands in a new profile with the same conversations when the profile id is taken', async () => {
    const target = await freshDb();
    await createProfile(target, { id: 'alice', name: 'Alice' });
    // the profile here has a conversation of the same id, with other content
    await new ChatHistoryStore(target).save('alice', {
      id: 'c0',
      title: 'Mine',
      messageCount: 1,
      memoryEnabled: true,
      sessionId: 'mine',
      lastActivityAt: null,
      messages: [{ id: 'm', role: 'user', text: 'Mine', status: 'done', sessionId: 'mine' }],
    });
    await new ChatHistoryStore(target).saveTopics('alice', 'c0', { conversationId: 'c0' });
    const before = await snapshot(target);

    const imported = await importProfile(target, file);
    expect(imported).toMatchObject({ id: 'alice-2', name: 'Alice (imported)', conversations: 3 });
    expect(await snapshotWithout(target, 'alice-2')).toEqual(before);
    expect(await historyOf(target, 'alice-2')).toEqual(await historyOf(source, 'alice'));
    expect(await conversationsOf(target, 'alice-2')).toEqual(
      await conversationsOf(source, 'alice'),
    );
    // the two profiles' conversations "c0" are apart: deleting one leaves the other
    await new ChatHistoryStore(target).remove('alice-2', 'c0');
    expect(await snapshotWithout(target, 'alice-2')).toEqual(before);
    expect((await new ChatHistoryStore(target).list('alice-2')).map((c) => c.id)).toEqual([
      'c-off',
      'c1',
    ]);
  });

  it('is all or nothing: a failed history write leaves the store as it was', async () => {
    const failure = quotaFailure({ table: 'topicTrees' });
    const target = await freshDb(fakeIdb(), [failure]);
    const before = await snapshot(target);
    await expect(importProfile(target, file)).rejects.toBeInstanceOf(StorageFullError);
    expect(await snapshot(target)).toEqual(before);
    failure.armed = false;
    expect(await importProfile(target, file)).toMatchObject({ id: 'alice', conversations: 3 });
  });

  it('leaves out what the chat could not show, so the file still imports', async () => {
    const db = await freshDb();
    // no memory at all: every message's session is absent from the file, which is allowed
    await createProfile(db, { id: 'alice', name: 'Alice', createdAt: '2024-01-01T00:00:00Z' });
    await saveConversations(db, 'alice');
    const clean = await exportProfile(db, 'alice');
    const c1 = (await db.transcripts.get(['alice', 'c1']))!;
    await db.transcripts.put({
      ...c1,
      messages: [
        ...c1.messages,
        { id: 'x1', text: 'no role' },
        { id: 'x2', role: 'assistant', text: '', status: 'streaming', sessionId: 's' },
        c1.messages[0],
      ],
    });
    await db.chats.add({ ...(await db.chats.get(['alice', 'c1']))!, id: 'lonely' });
    await db.transcripts.add({ ...c1, id: 'headless' });
    await db.topicTrees.add({ profileId: 'alice', id: 'gone', data: { conversationId: 'gone' } });
    await db.topicTrees.add({ profileId: 'alice', id: 'c1', data: { conversationId: 'c1' } });
    const c0 = (await db.topicTrees.get(['alice', 'c0']))!.data as Json;
    await db.topicTrees.add({
      profileId: 'alice',
      id: 'c-off',
      data: { ...c0, conversationId: 'c-off', discourse: { ...c0.discourse, activeTreeId: 't9' } },
    });

    const text = await exportProfile(db, 'alice');
    expect(text).toBe(clean);
    const target = await freshDb();
    expect(await importProfile(target, text)).toMatchObject({ conversations: 3 });
    // the list, newest first
    expect((await conversationsOf(target, 'alice')).map((c) => c.summary.id)).toEqual([
      'c0',
      'c-off',
      'c1',
    ]);
  });
});

describe('version 2 files (before conversations were exported)', () => {
  const v2 = () => {
    const data = JSON.parse(file) as Json;
    for (const section of ['chats', 'transcripts', 'topicForests']) delete data[section];
    data.version = 2;
    return JSON.stringify(data);
  };
  const withoutHistory = (text: string) => ({
    ...(JSON.parse(text) as Json),
    chats: [],
    transcripts: [],
    topicForests: [],
  });

  it('import with no conversations and say the file held none', async () => {
    const target = await freshDb();
    const imported = await importProfile(target, v2());
    expect(imported).toMatchObject({
      id: 'alice',
      fileVersion: 2,
      taskMemories: 3,
      conversations: 0,
    });
    expect(imported.notice).toMatch(
      /format 2, before Grove exported conversations: it holds none, so none were restored.*Everything the file holds was imported\.$/,
    );
    for (const table of HISTORY_TABLES) expect(await target[table].count()).toBe(0);
    expect(JSON.parse(await exportProfile(target, 'alice'))).toEqual(withoutHistory(file));
  });

  it('land in a new profile, the existing one unchanged, when the profile is already here', async () => {
    const target = await freshDb();
    await importProfile(target, file);
    const before = await snapshot(target);
    const imported = await importProfile(target, v2());
    expect(imported).toMatchObject({ id: 'alice-2', fileVersion: 2, conversations: 0 });
    expect(await snapshotWithout(target, 'alice-2')).toEqual(before);
    expect(await new ChatHistoryStore(target).list('alice-2')).toEqual([]);
    expect(JSON.parse(await exportProfile(target, 'alice-2'))).toEqual({
      ...withoutHistory(file),
      profile: { ...(JSON.parse(file) as Json).profile, id: 'alice-2', name: 'Alice (imported)' },
    });
  });
});
