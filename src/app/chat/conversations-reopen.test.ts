import { describe, expect, it } from 'vitest';
import { ChatHistoryStore } from '../../storage/chat-history.ts';
import type { GroveDb } from '../../storage/db.ts';
import { aliceWithConversations } from '../../memory-backend/export/alice-conversations.test-support.ts';
import { exportProfile } from '../../storage/export/export-profile.ts';
import { importProfile } from '../../storage/export/import-profile.ts';
import { freshDb } from '../../storage/fixtures.test-support.ts';
import { openedFromHistory } from './transcript.ts';

/** What the chat shows of each of the profile's conversations, listed and opened. */
async function conversationsOf(db: GroveDb, profileId: string) {
  const history = new ChatHistoryStore(db);
  const list = await history.list(profileId);
  return Promise.all(
    list.map(async (summary) => {
      const loaded = await history.load(profileId, summary.id);
      return { summary, opened: loaded && openedFromHistory(loaded, 'fresh-session') };
    }),
  );
}

describe('an exported and imported profile in the chat', () => {
  it('reopens each imported conversation as it was: messages, session, memories, forest', async () => {
    const source = await freshDb();
    await aliceWithConversations(source);
    const target = await freshDb();
    await importProfile(target, await exportProfile(source, 'alice'));
    const imported = await conversationsOf(target, 'alice');
    expect(imported).toEqual(await conversationsOf(source, 'alice'));
    const c0 = imported.find((c) => c.summary.id === 'c0')!.opened!;
    expect(c0.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(c0.messages[1]?.memories?.items.map((i) => i.id)).toEqual(['f1', 'f2']);
    // never ended: it goes on in its own session
    expect(c0.sessionId).toBe('later');
    expect(c0.topics.discourse.trees.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(Object.keys(c0.topics.turns)).toEqual(['a1', 'a2']);
  });
});
