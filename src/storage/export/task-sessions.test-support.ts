/**
 * Test helper: task sessions (table bookings) ingested into a profile so that it holds task
 * memories of every kind an export must carry: an extractive unit, a model-written unit and a
 * unit the user corrected (a pair with no turns).
 */
import { ScriptedLlm } from '../../engine/testing/index.ts';
import { asProfileId, asSessionId, asTurnId, type Session } from '../../engine/types.ts';
import type { GroveDb } from '../db.ts';
import { testEngine } from '../fixtures.test-support.ts';
import { MemoryHost } from '../memory-host.ts';
import { taskKind } from '../task-catalogue.ts';

const BOOK = taskKind('book-table');

/** A booking dialogue answering every slot the chat asked for, ending in a confirmation. */
export function booking(id: string, restaurant: string, people: string): Session {
  const texts: [string, string][] = [
    ['user', 'Please book a table for dinner.'],
    ['assistant', BOOK.slots[0]!.question],
    ['user', restaurant],
    ['assistant', BOOK.slots[1]!.question],
    ['user', people],
    ['assistant', BOOK.slots[2]!.question],
    ['user', '7 pm'],
    ['assistant', `Just to confirm: a table for ${people} at ${restaurant} at 7 pm?`],
    ['user', 'Yes'],
  ];
  return {
    id: asSessionId(id),
    time: '2024-05-01T19:00:00Z',
    turns: texts.map(([speaker, text], i) => ({
      id: asTurnId(`${id}:${i}`),
      speaker: speaker as 'user' | 'assistant',
      text,
    })),
  };
}

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
