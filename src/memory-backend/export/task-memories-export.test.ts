import { beforeAll, describe, expect, it } from 'vitest';
import { asProfileId } from '../../engine/types.ts';
import type { GroveDb } from '../../storage/db.ts';
import {
  freshDb,
  sampleSession,
  snapshot,
  snapshotWithout,
} from '../../storage/fixtures.test-support.ts';
import { testEngine } from '../test-engine.test-support.ts';
import { MemoryHost } from '../memory-host.ts';
import { createProfile } from '../../storage/profiles.ts';
import { TaskMemoryStore } from '../../storage/task-memory-store.ts';
import { exportProfile } from '../../storage/export/export-profile.ts';
import { importProfile } from '../../storage/export/import-profile.ts';
import { ingestTaskSessions } from './task-sessions.test-support.ts';
import { plainAndSealed } from '../../storage/export/plain-and-sealed.test-support.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let source: GroveDb;
let file: string;

const rowsOf = async (db: GroveDb) =>
  (await snapshot(db)).taskMemory?.filter((r) => (r as Json).profileId === 'alice');

beforeAll(async () => {
  source = await freshDb();
  await createProfile(source, { id: 'alice', name: 'Alice', createdAt: '2024-01-01T00:00:00Z' });
  const host = new MemoryHost(source, asProfileId('alice'), testEngine());
  for (let n = 1; n <= 3; n++) await host.ingest({ session: sampleSession(n) });
  await ingestTaskSessions(source, 'alice');
  file = await exportProfile(source, 'alice');
});

describe('task memories in the export file (format version 2 on)', () => {
  it('carries every unit with its provenance, sorted by id, next to the sessions it cites', () => {
    const data = JSON.parse(file) as Json;
    expect(data.version).toBe(3);
    expect(data.tree.facts.length).toBeGreaterThan(0);
    const units = data.taskMemories as Json[];
    expect(units.map((u) => u.id)).toEqual(['t1', 't2', 't3']);
    expect(units.map((u) => u.provenance.method)).toEqual(['extractive', 'llm', 'extractive']);
    const sessions = new Set((data.sessions as Json[]).map((s) => s.id));
    for (const u of units) expect(sessions.has(u.provenance.sessionId)).toBe(true);
    // the corrected slot: a pair the user gave, citing no turn
    expect(units[0]!.qa[0]).toMatchObject({ slot: 'party_size', answer: '5', turnIds: [] });
  });

  it('imports into an empty store with identical task memories, plain or encrypted', async () => {
    for (const [text, passphrase] of await plainAndSealed(source, 'alice', file)) {
      const target = await freshDb();
      const imported = await importProfile(target, text, passphrase ? { passphrase } : {});
      expect(imported).toMatchObject({ id: 'alice', fileVersion: 3, taskMemories: 3 });
      expect(imported.notice).toBeUndefined();
      expect(await rowsOf(target)).toEqual(await rowsOf(source));
      expect(await new TaskMemoryStore(target, 'alice').list()).toEqual(
        await new TaskMemoryStore(source, 'alice').list(),
      );
      expect(await exportProfile(target, 'alice')).toBe(file);
    }
  });

  it('imported units behave like stored ones: recall, edit, deletion with their session', async () => {
    const target = await freshDb();
    await importProfile(target, file);
    const host = new MemoryHost(target, asProfileId('alice'), testEngine());
    const edited = await host.tasks.editQa('t3', (await host.tasks.get('t3')).qa[0]!.id, {
      answer: 'Kokkari, by the window',
    });
    expect(edited.qa[0]?.answer).toBe('Kokkari, by the window');
    await host.deleteSessions(['t2']);
    expect((await host.tasks.list()).map((v) => v.unit.id).sort()).toEqual(['t1', 't3']);
  });
});

describe('version 1 files (before task memories were exported)', () => {
  const v1 = () => {
    const data = JSON.parse(file) as Json;
    for (const section of ['taskMemories', 'chats', 'transcripts', 'topicForests'])
      delete data[section];
    data.version = 1;
    return JSON.stringify(data);
  };

  it('import with no task memories and say nothing in the file was lost', async () => {
    const target = await freshDb();
    const imported = await importProfile(target, v1());
    expect(imported).toMatchObject({ id: 'alice', fileVersion: 1, taskMemories: 0 });
    expect(imported.notice).toMatch(
      /format 1, before .*task memories and conversations.*none were restored.*Everything the file holds/,
    );
    expect(await target.taskMemory.count()).toBe(0);
    // everything else arrives as in the current file
    const again = JSON.parse(await exportProfile(target, 'alice')) as Json;
    expect(again).toEqual({ ...(JSON.parse(file) as Json), taskMemories: [] });
  });

  it('land in a new profile, the existing one unchanged, when the profile is already here', async () => {
    const target = await freshDb();
    await importProfile(target, file);
    const before = await snapshot(target);
    const imported = await importProfile(target, v1());
    expect(imported).toMatchObject({
      id: 'alice-2',
      name: 'Alice (imported)',
      renamedFrom: { id: 'alice', name: 'Alice' },
      fileVersion: 1,
      taskMemories: 0,
    });
    expect(await snapshotWithout(target, 'alice-2')).toEqual(before);
    expect(await new TaskMemoryStore(target, 'alice-2').list()).toEqual([]);
    expect(JSON.parse(await exportProfile(target, 'alice-2'))).toEqual({
      ...(JSON.parse(file) as Json),
      profile: { ...(JSON.parse(file) as Json).profile, id: 'alice-2', name: 'Alice (imported)' },
      taskMemories: [],
    });
  });
});
