import { beforeAll, describe, expect, it } from 'vitest';
import { asProfileId } from '../../engine/types.ts';
import type { GroveDb } from '../../storage/db.ts';
import { StorageFullError, WrongPassphraseError } from '../../storage/errors.ts';
import { quotaFailure } from '../../storage/failing-middleware.test-support.ts';
import {
  distinctSession,
  freshDb,
  sampleSession,
  snapshot,
  snapshotWithout,
} from '../../storage/fixtures.test-support.ts';
import { testEngine } from '../test-engine.test-support.ts';
import { MemoryHost } from '../memory-host.ts';
import { createMemoryService } from '../memory-service.ts';
import { createProfile, listProfiles, wipeProfile } from '../../storage/profiles.ts';
import { TaskMemoryStore } from '../../storage/task-memory-store.ts';
import { ChatHistoryStore } from '../../storage/chat-history.ts';
import { exportProfile } from '../../storage/export/export-profile.ts';
import { EncryptedFileError, importProfile } from '../../storage/export/import-profile.ts';
import { ingestTaskSessions } from './task-sessions.test-support.ts';
import { aliceAndBob, ITERATIONS, mutated, type Json } from './export-fixture.test-support.ts';

let db: GroveDb;
let file: string;

beforeAll(async () => {
  ({ db, file } = await aliceAndBob());
});

const mutate = (change: (data: Json) => void) => mutated(file, change);

describe('export and import', () => {
  it('export → import → export gives an identical file', async () => {
    const data = JSON.parse(file) as Json;
    expect(data.tree.levels.length).toBeGreaterThan(1);
    expect(data.pending).toHaveLength(1);
    expect(data.taskMemories).toHaveLength(3);
    expect(data.chats).toHaveLength(3);
    expect(data.transcripts).toHaveLength(3);
    expect(data.topicForests).toHaveLength(1);
    const target = await freshDb();
    await importProfile(target, file);
    expect(await exportProfile(target, 'alice')).toBe(file);
    // and within the same store, after wiping the original
    await wipeProfile(db, 'alice');
    await importProfile(db, file);
    expect(await exportProfile(db, 'alice')).toBe(file);
    const host = new MemoryHost(target, asProfileId('alice'), testEngine());
    expect((await host.store.liveTree()).tree.facts.size).toBe(data.tree.facts.length);
  });

  it('writes into the file the labels the ingestions left for the worker’s background work', async () => {
    const fresh = await aliceAndBob();
    const host = new MemoryHost(fresh.db, asProfileId('alice'), testEngine());
    const pending = (await host.store.liveTree()).tree;
    expect(pending.unlabelled?.length).toBeGreaterThan(0);
    const nodes = (JSON.parse(fresh.file) as Json).tree.nodes as { id: string; text: string }[];
    const labelled = await host.labelPending();
    expect(nodes.map((n) => n.text)).toEqual([...labelled.nodes.values()].map((n) => n.text));
    expect(nodes.some((n) => n.text !== pending.nodes.get(n.id as never)?.text)).toBe(true);
  });

  it('keeps facts’ lifetimes and lineage through export and import, and reads files without them', async () => {
    const [older, newer] = (JSON.parse(file) as Json).tree.facts as Json[];
    const withLineage = mutate((data) => {
      const [a, b] = data.tree.facts as Json[];
      Object.assign(a!, {
        validFrom: '2023-11',
        validTo: '2024-05',
        supersededBy: b!.id,
        supersededHow: 'rule',
      });
      Object.assign(b!, { validFrom: '2024-05' });
    });
    const target = await freshDb();
    await importProfile(target, withLineage);
    const { tree } = await new MemoryHost(
      target,
      asProfileId('alice'),
      testEngine(),
    ).store.liveTree();
    expect(tree.facts.get(older!.id)).toMatchObject({
      validFrom: '2023-11',
      validTo: '2024-05',
      supersededBy: newer!.id,
      supersededHow: 'rule',
    });
    expect(tree.facts.get(newer!.id)?.supersededBy).toBeUndefined();
    expect(await exportProfile(target, 'alice')).toBe(withLineage);
    // A link to a fact the file does not hold is refused, with the reason.
    const dangling = mutate((data) =>
      Object.assign((data.tree.facts as Json[])[0]!, { supersededBy: 'nope' }),
    );
    await expect(importProfile(await freshDb(), dangling)).rejects.toThrow(
      /replaced by a fact "nope"/,
    );
  });

  it('encrypts with a passphrase and decrypts only with the same one', async () => {
    const sealed = await exportProfile(db, 'alice', {
      passphrase: 'correct horse',
      iterations: ITERATIONS,
    });
    expect(sealed).not.toContain('Alice');
    const envelope = JSON.parse(sealed) as Json;
    expect(envelope).toMatchObject({
      format: 'grove-profile-encrypted',
      kdf: { name: 'PBKDF2', iterations: ITERATIONS },
    });
    const target = await freshDb();
    const before = await snapshot(target);
    await expect(importProfile(target, sealed)).rejects.toBeInstanceOf(EncryptedFileError);
    await expect(
      importProfile(target, sealed, { passphrase: 'wrong horse' }),
    ).rejects.toBeInstanceOf(WrongPassphraseError);
    expect(await snapshot(target)).toEqual(before);
    await importProfile(target, sealed, { passphrase: 'correct horse' });
    expect(await exportProfile(target, 'alice')).toBe(file);
  });
});

/** The rows `profileId` owns, table by table, with the profile id itself left out. */
/**
 * A profile's rows without their profile id; a tree head's stamp (a random identity each write of
 * a new live tree gets, TreeHeadRow) is only checked to be there.
 */
async function rowsOf(target: GroveDb, profileId: string) {
  const all = await snapshot(target);
  for (const head of all.treeHeads ?? []) {
    const row = head as Json;
    expect(typeof row.stamp).toBe('string');
    row.stamp = '(stamp)';
  }
  return Object.fromEntries(
    Object.entries(all)
      .filter(([name]) => name !== 'profiles')
      .map(([name, rows]) => [
        name,
        rows
          .map((r) => r as Json)
          .filter((r) => r.profileId === profileId)
          .map(({ profileId: _, ...r }) => r),
      ]),
  );
}

/** The file as it should export from the profile it landed in (only id and name differ). */
const landedAs = (text: string, id: string, name: string) => {
  const data = JSON.parse(text) as Json;
  return JSON.stringify({ ...data, profile: { ...data.profile, id, name } });
};

describe('a file whose profile id is already here lands in a new profile', () => {
  it('re-keys everything to the first free id, leaving the existing profile byte-for-byte', async () => {
    const target = await freshDb();
    await createProfile(target, { id: 'alice', name: 'Alice', createdAt: '2023-05-05T00:00:00Z' });
    await new MemoryHost(target, asProfileId('alice'), testEngine()).ingest({
      session: sampleSession(5),
    });
    const before = await snapshot(target);

    const imported = await importProfile(target, file);
    expect(imported).toMatchObject({
      id: 'alice-2',
      name: 'Alice (imported)',
      createdAt: '2024-01-01T00:00:00Z',
      renamedFrom: { id: 'alice', name: 'Alice' },
      fileVersion: 3,
      taskMemories: 3,
      conversations: 3,
    });
    expect(await snapshotWithout(target, 'alice-2')).toEqual(before);
    expect(await exportProfile(target, 'alice-2')).toBe(
      landedAs(file, 'alice-2', 'Alice (imported)'),
    );
    // Every row of the file, in every table (the history's too), under the new id.
    const source = await freshDb();
    await importProfile(source, file);
    expect(await rowsOf(target, 'alice-2')).toEqual(await rowsOf(source, 'alice'));
    expect(await target.chats.where('profileId').equals('alice-2').count()).toBe(3);
    expect(await target.topicTrees.where('profileId').equals('alice-2').count()).toBe(1);
    const history = new ChatHistoryStore(target);
    expect(await history.list('alice-2')).toEqual(await new ChatHistoryStore(db).list('alice'));
    expect(await history.load('alice-2', 'c0')).toEqual(
      await new ChatHistoryStore(db).load('alice', 'c0'),
    );

    // The new profile works like any other: its tree, its task memories, their provenance.
    const host = new MemoryHost(target, asProfileId('alice-2'), testEngine());
    const { tree } = await host.store.liveTree();
    expect(tree.facts.size).toBe((JSON.parse(file) as Json).tree.facts.length);
    expect(await new TaskMemoryStore(target, 'alice-2').list()).toEqual(
      await new TaskMemoryStore(source, 'alice').list(),
    );
    await host.deleteSessions(['t2']);
    expect((await host.tasks.list()).map((v) => v.unit.id).sort()).toEqual(['t1', 't3']);
    expect(await snapshotWithout(target, 'alice-2')).toEqual(before);
  });

  it('picks the first free suffix, deterministically, and names each import apart', async () => {
    const target = await freshDb();
    await createProfile(target, { id: 'alice', name: 'Alice' });
    expect(await importProfile(target, file)).toMatchObject({
      id: 'alice-2',
      name: 'Alice (imported)',
    });
    expect(await importProfile(target, file)).toMatchObject({
      id: 'alice-3',
      name: 'Alice (imported 2)',
    });
    // rows left under an id with no profile row (an interrupted wipe) make it taken too
    await target.topicTrees.add({ profileId: 'alice-4', id: 'stray', data: null });
    expect(await importProfile(target, file)).toMatchObject({ id: 'alice-5' });
    await wipeProfile(target, 'alice-2');
    expect(await importProfile(target, file)).toMatchObject({
      id: 'alice-2',
      name: 'Alice (imported)',
    });
    // re-importing an imported profile's export does not stack the mark
    const again = await exportProfile(target, 'alice-3');
    expect(await importProfile(target, again)).toMatchObject({
      id: 'alice-3-2',
      name: 'Alice (imported 4)', // "(imported 3)" is alice-5's
      renamedFrom: { id: 'alice-3', name: 'Alice (imported 2)' },
    });
  });

  it('keeps a renamed profile within the file limits, so it exports and imports again', async () => {
    const long = mutate((d) => {
      d.profile.id = 'a'.repeat(200);
      d.profile.name = 'N'.repeat(500);
    });
    const target = await freshDb();
    await importProfile(target, long);
    const renamed = await importProfile(target, long);
    expect(renamed.id).toBe(`${'a'.repeat(198)}-2`);
    expect(renamed.name).toBe(`${'N'.repeat(489)} (imported)`);
    const elsewhere = await freshDb();
    expect(await importProfile(elsewhere, await exportProfile(target, renamed.id))).toMatchObject({
      id: renamed.id,
      name: renamed.name,
    });
  });

  it('is all or nothing: a failed write leaves the store as it was', async () => {
    const failure = quotaFailure({ table: 'treeFactPages' });
    const target = await freshDb(undefined, [failure]);
    failure.armed = false;
    await createProfile(target, { id: 'alice', name: 'Alice' });
    const before = await snapshot(target);
    failure.armed = true;
    await expect(importProfile(target, file)).rejects.toBeInstanceOf(StorageFullError);
    failure.armed = false;
    expect(await snapshot(target)).toEqual(before);
    expect(await importProfile(target, file)).toMatchObject({ id: 'alice-2' });
  });

  it('an export of the default profile imports where another default profile is', async () => {
    // Two devices, each as the app starts: the "default" profile, shown as "Me", opened.
    const device = async () => {
      const target = await freshDb();
      const memory = createMemoryService(target, testEngine());
      await memory.open('default', { profileName: 'Me' });
      // ingested directly: no background rebuild to race with the snapshots
      return {
        db: target,
        memory,
        me: new MemoryHost(target, asProfileId('default'), testEngine()),
      };
    };
    const first = await device();
    for (let n = 1; n <= 4; n++)
      await first.me.ingest({ session: distinctSession(n), conversationId: `c${n % 2}` });
    await ingestTaskSessions(first.db, 'default');
    const exported = await first.memory.exportProfile();
    expect(JSON.parse(exported)).toMatchObject({ profile: { id: 'default', name: 'Me' } });

    const second = await device();
    await second.me.ingest({ session: sampleSession(7) });
    const before = await snapshot(second.db);
    const theirs = await exportProfile(second.db, 'default');

    const imported = await second.memory.importProfile(exported);
    expect(imported).toMatchObject({
      id: 'default-2',
      name: 'Me (imported)',
      renamedFrom: { id: 'default', name: 'Me' },
      taskMemories: 3,
    });
    expect((await listProfiles(second.db)).map((p) => [p.id, p.name])).toEqual([
      ['default', 'Me'],
      ['default-2', 'Me (imported)'],
    ]);
    expect(await snapshotWithout(second.db, 'default-2')).toEqual(before);
    expect(await exportProfile(second.db, 'default')).toBe(theirs);
    expect(await exportProfile(second.db, 'default-2')).toBe(
      landedAs(exported, 'default-2', 'Me (imported)'),
    );
    // and the worker opens it like any profile
    await second.memory.open('default-2');
    expect((await second.memory.inspect()).facts).toBe(
      (JSON.parse(exported) as Json).tree.facts.length,
    );
  });
});
