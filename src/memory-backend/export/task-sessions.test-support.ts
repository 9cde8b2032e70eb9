/**
 * Test helper: task sessions (table bookings) ingested into a profile so that it holds task
 * memories of every kind an export must carry: an extractive unit, a model-written unit and a
 * unit the user corrected (a pair with no turns).
 */
import { ScriptedLlm } from '../../engine/testing/index.ts';
import { asProfileId } from '../../engine/types.ts';
import type { GroveDb } from '../../storage/db.ts';
import { bookingSession as booking } from '../../storage/booking-session.test-support.ts';
import { testEngine } from '../test-engine.test-support.ts';
import { MemoryHost } from '../memory-host.ts';
import { taskKind } from '../../engine/task-memory/task-catalogue.ts';

const BOOK = taskKind('book-table');

/** Ingests three bookings into `profileId` (tasks t1..t3) and corrects a slot of t1. */
export async function ingestTaskSessions(db: GroveDb, profileId: string): Promise<void> {
  const pid = asProfileId(profileId);
  const plain = new MemoryHost(db, pid, testEngine());
  const withModel = new MemoryHost(db, pid, testEngine(), { taskLlm: () => new ScriptedLlm() });
  await plain.ingest({ session: booking('t1', 'Nopa', '2'), conversationId: 'c0' });
  await withModel.ingest({ session: booking('t2', 'Zuni', '3'), conversationId: 'c1' });
  await plain.ingest({ session: booking('t3', 'Kokkari', '4'), conversationId: 'c1' });
  await plain.tasks.correctSlot('t1', BOOK.id, 'party_size', '5');
}
