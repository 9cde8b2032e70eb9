import { beforeAll, describe, expect, it } from 'vitest';
import { asProfileId } from '../../engine/types.ts';
import type { GroveDb } from '../db.ts';
import { ImportError, ProfileExistsError, WrongPassphraseError } from '../errors.ts';
import {
  distinctSession,
  freshDb,
  sampleSession,
  snapshot,
  testEngine,
} from '../fixtures.test-support.ts';
import { MemoryHost } from '../memory-host.ts';
import { createProfile, wipeProfile } from '../profiles.ts';
import { bytesToBase64 } from '../vector-codec.ts';
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

describe('hostile or malformed imports are rejected and change nothing', () => {
  const bigText = 'x'.repeat(200_000);
  const nodeAt = (d: Json, level: number) =>
    (d.tree.nodes as Json[]).find((n) => n.level === level)!;
  const task = (d: Json) => (d.taskMemories as Json[])[0]!;
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
      ['a newer version', () => mutate((d) => (d.version = 3)), /version 3.*versions 1 and 2/],
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
      [
        'a version 2 file without task memories',
        () => mutate((d) => delete d.taskMemories),
        /taskMemories/,
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
        'ids colliding with an existing profile',
        () => mutate((d) => (d.profile.id = 'bob')),
        ProfileExistsError,
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
