import { beforeAll, describe, expect, it } from 'vitest';
import { asProfileId } from '../../engine/types.ts';
import type { GroveDb } from '../db.ts';
import { ImportError, StorageFullError, WrongPassphraseError } from '../errors.ts';
import { quotaFailure } from '../failing-middleware.test-support.ts';
import {
  distinctSession,
  freshDb,
  sampleSession,
  snapshot,
  snapshotWithout,
  testEngine,
} from '../fixtures.test-support.ts';
import { MemoryHost } from '../memory-host.ts';
import { createMemoryService } from '../memory-service.ts';
import { createProfile, listProfiles, wipeProfile } from '../profiles.ts';
import { TaskMemoryStore } from '../task-memory-store.ts';
import { ChatHistoryStore } from '../chat-history.ts';
import { bytesToBase64 } from '../vector-codec.ts';
import { saveConversations } from './conversations.test-support.ts';
import { exportProfile } from './export-profile.ts';
import { EncryptedFileError, importProfile } from './import-profile.ts';
import { ingestTaskSessions } from './task-sessions.test-support.ts';

const ITERATIONS = 20_000; // fast in tests; exports default to 600,000

let db: GroveDb;
let file: string;

beforeAll(async () => {
  db = await freshDb();
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
  file = await exportProfile(db, 'alice');
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const mutate = (change: (data: Json) => void) => {
  const data = JSON.parse(file) as Json;
  change(data);
  return JSON.stringify(data);
};

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
async function rowsOf(target: GroveDb, profileId: string) {
  const all = await snapshot(target);
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
    const failure = quotaFailure({ table: 'treeFacts' });
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

describe('hostile or malformed imports are rejected and change nothing', () => {
  const bigText = 'x'.repeat(200_000);
  const nodeAt = (d: Json, level: number) =>
    (d.tree.nodes as Json[]).find((n) => n.level === level)!;
  const task = (d: Json) => (d.taskMemories as Json[])[0]!;
  const byId = (list: Json[], id: string) => list.find((e) => e.id === id)!;
  const transcript = (d: Json, id = 'c0') => byId(d.transcripts, id);
  const message = (d: Json, id = 'u1') => byId(transcript(d).messages, id);
  const forest = (d: Json) => (d.topicForests as Json[])[0]!.forest as Json;
  const forestNode = (d: Json, id: string) => forest(d).discourse.nodes[id] as Json;
  const cases: [string, () => Promise<string> | string, RegExp | (new (...a: never[]) => Error)][] =
    [
      ['empty file', () => '', /not valid JSON/],
      ['truncated file', () => file.slice(0, Math.floor(file.length / 2)), /truncated/],
      ['not an object', () => '[1,2,3]', /not a Grove profile export/],
      [
        'another format',
        () => mutate((d) => (d.format = 'something-else')),
        /not a Grove profile export/,
      ],
      ['a newer version', () => mutate((d) => (d.version = 4)), /version 4.*versions 1, 2 and 3\./],
      ['a version given as a string', () => mutate((d) => (d.version = '1')), /version "1"/],
      ['a missing section', () => mutate((d) => delete d.sessions), /sessions/],
      ['a wrong type', () => mutate((d) => (d.sessions[0].turns = 'hello')), /sessions\.0\.turns/],
      [
        'an unknown speaker',
        () => mutate((d) => (d.sessions[0].turns[0].speaker = 'system')),
        /speaker/,
      ],
      [
        'an unknown field',
        () => mutate((d) => (d.profile.isAdmin = true)),
        /isAdmin|Unrecognized/i,
      ],
      ['a huge string', () => mutate((d) => (d.sessions[0].turns[0].text = bigText)), /text/],
      [
        'a huge array',
        () => mutate((d) => (d.tree.levels = Array.from({ length: 100 }, () => ['x']))),
        /levels/,
      ],
      [
        'a __proto__ key',
        () => file.replace('{"format"', '{"__proto__":{"polluted":true},"format"'),
        /__proto__/,
      ],
      [
        'a constructor key',
        () => mutate((d) => (d.settings = JSON.parse('{"constructor":{"prototype":{}}}'))),
        /forbidden key "(constructor|prototype)"/,
      ],
      [
        'a NaN-like embedding',
        () =>
          mutate(
            (d) =>
              (nodeAt(d, 0).embedding = bytesToBase64(
                new Uint8Array(new Float32Array(d.tree.dimension).fill(NaN).buffer),
              )),
          ),
        /non-finite/,
      ],
      [
        'an embedding of the wrong dimension',
        () => mutate((d) => (nodeAt(d, 0).embedding = bytesToBase64(new Uint8Array(8)))),
        /dimensions/,
      ],
      [
        'an embedding that is not base64',
        () => mutate((d) => (nodeAt(d, 0).embedding = '***')),
        /unreadable embedding/,
      ],
      [
        'a dangling parent',
        () => mutate((d) => (nodeAt(d, 0).parent = 'nowhere')),
        /parent "nowhere"/,
      ],
      ['a dangling child', () => mutate((d) => nodeAt(d, 1).children.push('f:ghost')), /ghost/],
      [
        'a level listing a missing node',
        () => mutate((d) => d.tree.levels[0].push('ghost')),
        /levels|ghost/,
      ],
      [
        'a fact without a node',
        () => mutate((d) => d.tree.facts.push({ ...d.tree.facts[0], id: 'orphan' })),
        /no node/,
      ],
      [
        'duplicate fact ids',
        () => mutate((d) => d.tree.facts.push(d.tree.facts[0])),
        /appears twice/,
      ],
      [
        'duplicate session ids',
        () => mutate((d) => d.sessions.push(d.sessions[0])),
        /appears twice/,
      ],
      [
        'provenance to a missing session',
        () => mutate((d) => (d.tree.facts[0].sources[0].sessionId = 'gone')),
        /session "gone"/,
      ],
      [
        'provenance to a missing turn',
        () => mutate((d) => (d.tree.facts[0].sources[0].turnIds = ['gone'])),
        /turn "gone"/,
      ],
      [
        'a session in a missing conversation',
        () => mutate((d) => (d.sessions[0].conversationId = 'gone')),
        /conversation "gone"/,
      ],
      ['a negative level', () => mutate((d) => (nodeAt(d, 0).level = -1)), /level/],
      [
        'an unknown fact category',
        () => mutate((d) => (d.tree.facts[0].category = 'secret')),
        /category/,
      ],
      [
        'a version 1 file with a task memory section',
        () => mutate((d) => (d.version = 1)),
        /taskMemories|Unrecognized/i,
      ],
      ['a file without task memories', () => mutate((d) => delete d.taskMemories), /taskMemories/],
      [
        'a version 2 file with a conversation history',
        () => mutate((d) => (d.version = 2)),
        /chats|Unrecognized/i,
      ],
      [
        'a version 3 file without transcripts',
        () => mutate((d) => delete d.transcripts),
        /transcripts/,
      ],
      [
        'task memories of the wrong type',
        () => mutate((d) => (d.taskMemories = {})),
        /taskMemories/,
      ],
      [
        'a task memory QA list of the wrong type',
        () => mutate((d) => (task(d).qa = 'Nopa')),
        /taskMemories\.0\.qa/,
      ],
      [
        'a task memory with an unknown method',
        () => mutate((d) => (task(d).provenance.method = 'psychic')),
        /method/,
      ],
      [
        'a task memory with an unknown field',
        () => mutate((d) => (task(d).embedding = 'AAAA')),
        /embedding|Unrecognized/i,
      ],
      [
        'a task memory with an empty id',
        () => mutate((d) => (task(d).id = '')),
        /taskMemories\.0\.id/,
      ],
      ['a huge task answer', () => mutate((d) => (task(d).qa[0].answer = bigText)), /answer/],
      [
        'too many QA pairs',
        () => mutate((d) => (task(d).qa = Array.from({ length: 1_001 }, () => task(d).qa[0]))),
        /taskMemories\.0\.qa/,
      ],
      [
        'too many task memories',
        () => mutate((d) => (d.taskMemories = Array.from({ length: 100_001 }, () => 0))),
        /taskMemories/,
      ],
      [
        'duplicate task memories',
        () => mutate((d) => d.taskMemories.push(task(d))),
        /task memory "t1" appears twice/,
      ],
      [
        'duplicate QA pair ids',
        () => mutate((d) => task(d).qa.push(task(d).qa[0])),
        /QA pair .* appears twice/,
      ],
      [
        'a task memory citing a missing session',
        () => mutate((d) => (task(d).id = task(d).provenance.sessionId = 'gone')),
        /task memory "gone" cites a session "gone"/,
      ],
      [
        'a task memory citing a pending session',
        () => mutate((d) => (task(d).id = task(d).provenance.sessionId = 'later')),
        /session "later" that is not an ingested session/,
      ],
      [
        'a task memory filed under another session',
        () => mutate((d) => (task(d).provenance.sessionId = 't2')),
        /filed under another session/,
      ],
      [
        'task provenance to a missing turn',
        () => mutate((d) => (task(d).provenance.turnIds = ['gone'])),
        /task memory "t1" cites a turn "gone"/,
      ],
      [
        'a QA pair citing a turn of another session',
        () => mutate((d) => task(d).qa.at(-1).turnIds.push('t2:2')),
        /task memory "t1" cites a turn "t2:2"/,
      ],
      [
        'a conversation listed twice',
        () => mutate((d) => d.chats.push(byId(d.chats, 'c0'))),
        /conversation in the history "c0" appears twice/,
      ],
      [
        'a conversation without its transcript',
        () => mutate((d) => d.transcripts.splice(d.transcripts.indexOf(transcript(d, 'c1')), 1)),
        /conversation "c1" in the history has no transcript/,
      ],
      [
        'a transcript of no listed conversation',
        () => mutate((d) => d.transcripts.push({ ...transcript(d), id: 'ghost' })),
        /transcript "ghost" belongs to no conversation/,
      ],
      [
        'a transcript given twice',
        () => mutate((d) => d.transcripts.push(transcript(d))),
        /transcript "c0" appears twice/,
      ],
      [
        'a topic forest of no listed conversation',
        () =>
          mutate((d) =>
            d.topicForests.push({ id: 'ghost', forest: { ...forest(d), conversationId: 'ghost' } }),
          ),
        /topic forest "ghost" belongs to no conversation/,
      ],
      [
        'a topic forest given twice',
        () => mutate((d) => d.topicForests.push(d.topicForests[0])),
        /topic forest "c0" appears twice/,
      ],
      [
        'a topic forest filed under another conversation',
        () => mutate((d) => (d.topicForests[0].id = 'c1')),
        /topic forest "c1" is the forest of another conversation "c0"/,
      ],
      [
        'two messages with one id',
        () => mutate((d) => transcript(d).messages.push(message(d))),
        /message in conversation "c0" "u1" appears twice/,
      ],
      [
        'a message said in a session of another conversation',
        () => mutate((d) => (message(d).sessionId = 'd1')),
        /session "d1", which the file files under conversation "c1"/,
      ],
      [
        'a message still streaming',
        () => mutate((d) => (message(d).status = 'streaming')),
        /transcripts\.\d+\.messages\.0\.status/,
      ],
      ['a message from a third role', () => mutate((d) => (message(d).role = 'system')), /role/],
      [
        'a message with an unknown field',
        () => mutate((d) => (message(d).html = '<script>alert(1)</script>')),
        /html|Unrecognized/i,
      ],
      ['a huge message', () => mutate((d) => (message(d).text = bigText)), /messages\.0\.text/],
      [
        'too many messages',
        () => mutate((d) => (transcript(d).messages = Array.from({ length: 100_001 }, () => 0))),
        /messages/,
      ],
      [
        'retrieved memories of the wrong type',
        () => mutate((d) => (message(d, 'a1').memories.items = 'f1')),
        /memories\.items/,
      ],
      [
        'a negative conversation time',
        () => mutate((d) => (byId(d.chats, 'c0').createdAt = -1)),
        /chats\.\d+\.createdAt/,
      ],
      [
        'a last activity given as text',
        () => mutate((d) => (transcript(d).lastActivityAt = 'yesterday')),
        /lastActivityAt/,
      ],
      [
        'a forest node whose parent is missing',
        () => mutate((d) => (forestNode(d, 'n2').parentId = 'gone')),
        /topic forest "c0": node "n2" points at a node "gone"/,
      ],
      [
        'a forest node whose parent is an inherited property',
        () => mutate((d) => (forestNode(d, 'n2').parentId = 'toString')),
        /node "n2" points at a node "toString"/,
      ],
      [
        'a forest whose rounds form a cycle',
        () => mutate((d) => (forestNode(d, 'n1').parentId = 'n2')),
        /node "n1" comes before its parent "n2"/,
      ],
      [
        'a forest node filed under another id',
        () =>
          mutate((d) => {
            const nodes = forest(d).discourse.nodes as Json;
            nodes.n9 = nodes.n4;
            delete nodes.n4;
          }),
        /node "n4" is filed under "n9"/,
      ],
      [
        'a forest branch in a missing tree',
        () => mutate((d) => (forest(d).discourse.branches.b2.treeId = 't9')),
        /branch "b2" points at a topic tree "t9"/,
      ],
      [
        'a forest whose active tree is missing',
        () => mutate((d) => (forest(d).discourse.activeTreeId = 't9')),
        /the active tree points at a topic tree "t9"/,
      ],
      [
        'a forest tree whose active branch is missing',
        () => mutate((d) => (forest(d).discourse.trees[0].activeBranchId = 'b9')),
        /topic tree "t1" points at a branch "b9"/,
      ],
      [
        'a non-finite round embedding (written as null)',
        () => mutate((d) => (forestNode(d, 'n1').embedding[0] = null)),
        /embedding/,
      ],
      [
        'a huge round embedding',
        () => mutate((d) => (forestNode(d, 'n1').embedding = new Array(4097).fill(0.1))),
        /embedding/,
      ],
      [
        'a forest with an unknown decision',
        () => mutate((d) => (forest(d).turns.a1.action = 'DELETE_EVERYTHING')),
        /action/,
      ],
      [
        'a damaged encrypted envelope',
        () => JSON.stringify({ format: 'grove-profile-encrypted', version: 1 }),
        /damaged/,
      ],
      [
        'a tampered ciphertext',
        async () => {
          const sealed = JSON.parse(
            await exportProfile(db, 'bob', { passphrase: 'correct horse', iterations: ITERATIONS }),
          ) as Json;
          const c = sealed.ciphertext as string;
          sealed.ciphertext = (c[0] === 'A' ? 'B' : 'A') + c.slice(1);
          return JSON.stringify(sealed);
        },
        WrongPassphraseError,
      ],
      [
        'a tampered header (iteration count)',
        async () => {
          const sealed = JSON.parse(
            await exportProfile(db, 'bob', { passphrase: 'correct horse', iterations: ITERATIONS }),
          ) as Json;
          sealed.kdf.iterations = ITERATIONS + 1;
          return JSON.stringify(sealed);
        },
        WrongPassphraseError,
      ],
    ];

  it('has at least 20 hostile cases', () => expect(cases.length).toBeGreaterThanOrEqual(20));

  for (const [name, make, expected] of cases) {
    it(`rejects ${name}`, async () => {
      const text = await make();
      const before = await snapshot(db);
      const attempt = importProfile(db, text, { passphrase: 'correct horse' });
      if (expected instanceof RegExp) {
        await expect(attempt).rejects.toBeInstanceOf(ImportError);
        await expect(importProfile(db, text, { passphrase: 'correct horse' })).rejects.toThrow(
          expected,
        );
      } else {
        await expect(attempt).rejects.toBeInstanceOf(expected);
      }
      expect(await snapshot(db)).toEqual(before);
      expect(({} as Json).polluted).toBeUndefined();
    });
  }
});
