import { beforeAll, describe, expect, it } from 'vitest';
import type { GroveDb } from '../../storage/db.ts';
import { ImportError, WrongPassphraseError } from '../../storage/errors.ts';
import { snapshot } from '../../storage/fixtures.test-support.ts';
import { bytesToBase64 } from '../../storage/vector-codec.ts';
import { exportProfile } from '../../storage/export/export-profile.ts';
import { importProfile } from '../../storage/export/import-profile.ts';
import { aliceAndBob, ITERATIONS, mutated, type Json } from './export-fixture.test-support.ts';

let db: GroveDb;
let file: string;

beforeAll(async () => {
  ({ db, file } = await aliceAndBob());
});

const mutate = (change: (data: Json) => void) => mutated(file, change);

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
