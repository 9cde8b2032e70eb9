/**
 * Test helper: Alice's profile with memory and conversation history, as the export tests (and
 * the chat's reopening test in src/app/chat) start from.
 */
import { asProfileId } from '../../engine/types.ts';
import type { GroveDb } from '../../storage/db.ts';
import { distinctSession } from '../../storage/fixtures.test-support.ts';
import { testEngine } from '../test-engine.test-support.ts';
import { MemoryHost } from '../memory-host.ts';
import { createProfile } from '../../storage/profiles.ts';
import { saveConversations } from '../../storage/export/conversations.test-support.ts';
import { ingestTaskSessions } from './task-sessions.test-support.ts';

/** Alice: sessions d1 (conversation c1), d2 (c0), tasks t1..t3, the pending "later" (c0). */
export async function aliceWithConversations(db: GroveDb) {
  await createProfile(db, { id: 'alice', name: 'Alice', createdAt: '2024-01-01T00:00:00Z' });
  const host = new MemoryHost(db, asProfileId('alice'), testEngine());
  for (let n = 1; n <= 2; n++)
    await host.ingest({ session: distinctSession(n), conversationId: `c${n % 2}` });
  await ingestTaskSessions(db, 'alice');
  await db.pending.add({
    profileId: 'alice',
    sessionId: 'later',
    conversationId: 'c0',
    recordedAt: '2024-02-02T00:00:00Z',
    turns: [{ id: 'later:u0', speaker: 'user', text: 'I am moving to Bergen.' }],
  });
  await saveConversations(db, 'alice');
}
