/**
 * Test helpers: a fresh fake-indexeddb database per test and a whole-database snapshot for
 * "nothing changed" checks (the memory worker's test engine is in src/memory-backend).
 */
import type { DBCore, Middleware } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { chunkedTree } from '../engine/testing/index.ts';
import { asSessionId, asTurnId, type Session } from '../engine/types.ts';
import { GroveDb } from './db.ts';

export { chunkedTree };

let dbCounter = 0;

export function fakeIdb() {
  return { indexedDB: new IDBFactory(), IDBKeyRange };
}

export async function freshDb(
  idb = fakeIdb(),
  middleware: Middleware<DBCore>[] = [],
): Promise<GroveDb> {
  const db = new GroveDb(`grove-test-${++dbCounter}`, idb);
  for (const m of middleware) db.use(m);
  await db.open();
  return db;
}

const TOPICS = [
  'I live in a small flat in Oslo with my partner',
  'I have been vegetarian for ten years',
  'I am training for the Berlin marathon in September',
  'I twisted my knee on the ice last winter',
  'I work as a nurse on night shifts',
  'My sister is getting married in Portugal',
  'I am learning to play the cello',
  'My dog Biscuit needs a walk every morning',
];

/** A session of user statements about a few topics, plus assistant replies. */
export function sampleSession(n: number, topics = 3): Session {
  const id = asSessionId(`s${n}`);
  const turns = [];
  for (let t = 0; t < topics; t++) {
    const topic = TOPICS[(n * 3 + t) % TOPICS.length] as string;
    turns.push({
      id: asTurnId(`${id}:u${t}`),
      speaker: 'user' as const,
      text: `${topic} (note ${n}).`,
    });
    turns.push({
      id: asTurnId(`${id}:a${t}`),
      speaker: 'assistant' as const,
      text: 'Thanks for telling me.',
    });
  }
  return { id, time: `2024-01-${String((n % 28) + 1).padStart(2, '0')}T10:00:00Z`, turns };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ru', 'te', 'vo', 'zu', 'pe', 'sa', 'ni', 'do', 'fe'];

/** A made-up word, different for every (n, t, k): facts that share no vocabulary. */
function madeUpWord(seed: number): string {
  let word = '';
  for (let x = seed + 7, i = 0; i < 3; i++, x = Math.floor(x / SYLLABLES.length) + i * 5)
    word += SYLLABLES[x % SYLLABLES.length];
  return `${word}${String.fromCharCode(97 + (seed % 26))}`;
}

/** A session whose user statements are unrelated to every other session's. */
export function distinctSession(n: number, statements = 4): Session {
  const id = asSessionId(`d${n}`);
  const turns = Array.from({ length: statements }, (_, t) => ({
    id: asTurnId(`${id}:u${t}`),
    speaker: 'user' as const,
    text: `I keep ${madeUpWord(n * 97 + t * 13)} beside ${madeUpWord(n * 31 + t * 71 + 5)}.`,
  }));
  return { id, turns };
}

/**
 * Every row of every table, in key order: equal snapshots mean an unchanged store. The tree
 * image is left out: it is a copy of the tree that an opened memory writes when its worker is
 * idle (tree-image.ts), at a moment a test does not control; its own tests read it.
 */
export async function snapshot(db: GroveDb): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of db.tables) {
    if (table.name === 'treeImages') continue;
    const rows = await table.toArray();
    out[table.name] = rows.map((row: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          v instanceof ArrayBuffer ? [...new Uint8Array(v)] : v,
        ]),
      ),
    );
  }
  return out;
}

/** The snapshot without profile `profileId`: its profile row and every row it owns. */
export async function snapshotWithout(
  db: GroveDb,
  profileId: string,
): Promise<Record<string, unknown[]>> {
  const all = await snapshot(db);
  return Object.fromEntries(
    Object.entries(all).map(([name, rows]) => [
      name,
      rows.filter((row) => {
        const r = row as { profileId?: unknown; id?: unknown };
        return name === 'profiles' ? r.id !== profileId : r.profileId !== profileId;
      }),
    ]),
  );
}
