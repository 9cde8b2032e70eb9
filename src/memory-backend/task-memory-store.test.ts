import { describe, expect, it } from 'vitest';
import { HashEmbedder, ScriptedLlm } from '../engine/testing/index.ts';
import { asProfileId, asSessionId, asTurnId, type Session } from '../engine/types.ts';
import { StorageFullError } from '../storage/errors.ts';
import { AbortError } from '../engine/errors.ts';
import type { LlmPort } from '../engine/ports.ts';
import { quotaFailure } from '../storage/failing-middleware.test-support.ts';
import { freshDb, snapshot } from '../storage/fixtures.test-support.ts';
import { testEngine } from './test-engine.test-support.ts';
import { MemoryHost } from './memory-host.ts';
import { createProfile, wipeProfile } from '../storage/profiles.ts';
import { bookingSession as booking } from '../storage/booking-session.test-support.ts';
import { taskKind } from '../engine/task-memory/task-catalogue.ts';
import { buildTaskUnit, TaskMemoryNotFoundError } from '../storage/task-memory-store.ts';

const BOOK = taskKind('book-table');

const chat: Session = {
  id: asSessionId('chat'),
  turns: [{ id: asTurnId('chat:0'), speaker: 'user', text: 'I like hiking in the Alps.' }],
};

async function setup(middleware: Parameters<typeof freshDb>[1] = []) {
  const db = await freshDb(undefined, middleware);
  await createProfile(db, { id: 'alice', name: 'Alice', createdAt: '2024-01-01' });
  await createProfile(db, { id: 'bob', name: 'Bob', createdAt: '2024-01-01' });
  const engine = testEngine();
  return {
    db,
    engine,
    alice: new MemoryHost(db, asProfileId('alice'), engine),
    bob: new MemoryHost(db, asProfileId('bob'), engine),
  };
}

describe('buildTaskUnit', () => {
  it('reads the slots the chat asked for, one pair per slot, with provenance', async () => {
    const unit = await buildTaskUnit(booking('s1', 'Nopa', '2'));
    expect(unit?.intentLabel).toBe('book-table');
    expect(unit?.provenance).toMatchObject({ sessionId: 's1', method: 'extractive' });
    const slots = Object.fromEntries(unit!.qa.filter((q) => q.slot).map((q) => [q.slot, q.answer]));
    expect(slots).toEqual({ restaurant_name: 'Nopa', party_size: '2', time: '7 pm' });
  });

  it('is null for a session that is no task', async () => {
    expect(await buildTaskUnit(chat)).toBeNull();
  });

  it('with an LLM keeps the confirmed values first and the model intent', async () => {
    const unit = await buildTaskUnit(booking('s1', 'Nopa', '2'), new ScriptedLlm());
    expect(unit?.intent).toContain('The user intends to');
    expect(unit?.qa.find((q) => q.slot === 'restaurant_name')?.answer).toBe('Nopa');
  });

  it('lets a cancellation through; only an unreachable model falls back to the no-LLM unit', async () => {
    const failing = (error: Error): LlmPort => ({
      id: 'failing',
      countTokens: () => 1,
      complete: () => Promise.reject(error),
      completeStructured: () => Promise.reject(error),
    });
    const control = new AbortController();
    control.abort();
    await expect(
      buildTaskUnit(booking('s1', 'Nopa', '2'), failing(new AbortError()), control.signal),
    ).rejects.toBeInstanceOf(AbortError);
    const unit = await buildTaskUnit(booking('s1', 'Nopa', '2'), failing(new Error('offline')));
    expect(unit?.qa.find((q) => q.slot === 'restaurant_name')?.answer).toBe('Nopa');
  });
});

describe('task memory in ingestion', () => {
  it('stores a unit per task session in the ingestion, recalls it, deletes it with its session', async () => {
    const { alice, bob } = await setup();
    await alice.ingest({ session: booking('s1', 'Nopa', '2') });
    await alice.ingest({ session: chat });
    const units = await alice.tasks.list();
    expect(units.map((u) => u.unit.id)).toEqual(['s1']);
    expect(await bob.tasks.list()).toEqual([]);

    const recall = await alice.tasks.recall(
      BOOK,
      [{ id: asTurnId('n:0'), speaker: 'user', text: 'Book a table again please' }],
      new HashEmbedder({ dimension: 64 }),
    );
    expect(Object.fromEntries(recall.slots.map((s) => [s.slot, s.value]))).toEqual({
      restaurant_name: 'Nopa',
      party_size: '2',
      time: '7 pm',
    });
    expect(recall.slots[0]).toMatchObject({ unitId: 's1', sessionId: 's1' });

    await alice.deleteSessions(['s1']);
    expect(await alice.tasks.list()).toEqual([]);
  });

  it('corrects, edits and deletes pairs; unknown units fail with an actionable error', async () => {
    const { alice } = await setup();
    await alice.ingest({ session: booking('s1', 'Nopa', '2') });
    const corrected = await alice.tasks.correctSlot('s1', 'book-table', 'party_size', '4');
    expect(corrected.qa.filter((q) => q.slot === 'party_size').map((q) => q.answer)).toEqual(['4']);
    const pair = corrected.qa[0]!;
    const edited = await alice.tasks.editQa('s1', pair.id, { answer: '5' });
    expect(edited.qa[0]?.answer).toBe('5');
    const left = await alice.tasks.deleteQa('s1', pair.id);
    expect(left.qa.some((q) => q.id === pair.id)).toBe(false);
    await expect(alice.tasks.editQa('nope', 'x', { answer: 'y' })).rejects.toBeInstanceOf(
      TaskMemoryNotFoundError,
    );
    await alice.tasks.deleteUnit('s1');
    expect(await alice.tasks.list()).toEqual([]);
  });

  it('a failed commit writes no unit (all-or-nothing)', async () => {
    const failure = quotaFailure({ table: 'treeMeta' });
    const { db, alice } = await setup([failure]);
    const before = await snapshot(db);
    await expect(alice.ingest({ session: booking('s1', 'Nopa', '2') })).rejects.toBeInstanceOf(
      StorageFullError,
    );
    expect(await alice.tasks.list()).toEqual([]);
    expect((await snapshot(db)).taskMemory).toEqual(before.taskMemory);
  });

  it('a failed unit write rolls the whole ingestion back and keeps the session pending', async () => {
    const { db, alice } = await setup([quotaFailure({ table: 'taskMemory' })]);
    const before = await snapshot(db);
    await expect(alice.ingest({ session: booking('s1', 'Nopa', '2') })).rejects.toBeInstanceOf(
      StorageFullError,
    );
    const after = await snapshot(db);
    expect(after.pending?.length).toBe(1);
    // The conversation row is written when the session is recorded, before the slow work.
    const rest = (x: typeof after) => ({ ...x, pending: [], conversations: [] });
    expect(rest(after)).toEqual(rest(before));
  });

  it('wipe and conversation deletion clear the units', async () => {
    const { db, alice } = await setup();
    await alice.ingest({ session: booking('s1', 'Nopa', '2'), conversationId: 'c1' });
    await alice.ingest({ session: booking('s2', 'Zuni', '3'), conversationId: 'c2' });
    await alice.deleteConversation('c1');
    expect((await alice.tasks.list()).map((u) => u.unit.id)).toEqual(['s2']);
    await wipeProfile(db, 'alice');
    expect(await db.taskMemory.count()).toBe(0);
  });
});
