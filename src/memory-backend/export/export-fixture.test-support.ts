/**
 * Test helper: the export tests' store (Alice with sessions, facts, a tree, task memories, a
 * pending session and conversations; Bob with one session) and Alice's export file.
 */
import { asProfileId } from '../../engine/types.ts';
import type { GroveDb } from '../../storage/db.ts';
import { distinctSession, freshDb, sampleSession } from '../../storage/fixtures.test-support.ts';
import { testEngine } from '../test-engine.test-support.ts';
import { MemoryHost } from '../memory-host.ts';
import { createProfile } from '../../storage/profiles.ts';
import { saveConversations } from '../../storage/export/conversations.test-support.ts';
import { exportProfile } from '../../storage/export/export-profile.ts';
import { ingestTaskSessions } from './task-sessions.test-support.ts';

export const ITERATIONS = 20_000; // fast in tests; exports default to 600,000

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function aliceAndBob(): Promise<{ db: GroveDb; file: string }> {
  const db = await freshDb();
  await createProfile(db, { id: 'alice', name: 'Alice', createdAt: '2024-01-01T00:00:00Z' });
  await createProfile(db, { id: 'bob', name: 'Bob', createdAt: '2024-01-01T00:00:00Z' });
  const alice = new MemoryHost(db, asProfileId('alice'), testEngine(), {
    now: () => '2024-02-01T00:00:00Z',
  });
  for (let n = 1; n <= 6; n++)
    await alice.ingest({ session: distinctSession(n), conversationId: `c${n % 2}` });
  await alice.ingest({ session: sampleSession(1) });
  await ingestTaskSessions(db, 'alice');
  await db.pending.add({
    profileId: 'alice',
    sessionId: 'later',
    conversationId: 'c0',
    recordedAt: '2024-02-02T00:00:00Z',
    turns: [{ id: 't', speaker: 'user', text: 'I am moving to Bergen.' }],
  });
  await saveConversations(db, 'alice');
  await new MemoryHost(db, asProfileId('bob'), testEngine()).ingest({ session: sampleSession(2) });
  return { db, file: await exportProfile(db, 'alice') };
}

/** The file as JSON, changed by `change`, back as text. */
export function mutated(file: string, change: (data: Json) => void): string {
  const data = JSON.parse(file) as Json;
  change(data);
  return JSON.stringify(data);
}
