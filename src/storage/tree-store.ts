/**
 * Versioned tree rows for one profile. The live version is named by a head row; incremental
 * changes are written into it as a diff, a rebuilt tree is written beside it under a new version
 * and the head is switched in one small transaction, then the old version is deleted.
 */
import { Dexie } from 'dexie';
import type { MemoryTree } from '../engine/types.ts';
import type { GroveDb } from './db.ts';
import { ConcurrentWriteError } from './errors.ts';
import {
  diffTrees,
  emptyTree,
  factToRow,
  metaOf,
  nodeToRow,
  rowsToTree,
  treeToRows,
} from './tree-codec.ts';

export interface LiveTree {
  readonly tree: MemoryTree;
  /** 0 when the profile has no tree yet. */
  readonly version: number;
  readonly revision: number;
}

/** Rows of a rebuilt tree are written in chunks of this many, each its own transaction. */
const WRITE_CHUNK = 500;

const versionRange = (profileId: string, version: number) =>
  [
    [profileId, version, Dexie.minKey],
    [profileId, version, Dexie.maxKey],
  ] as const;

export async function loadLiveTree(db: GroveDb, profileId: string): Promise<LiveTree> {
  return db.transaction('r', [db.treeHeads, db.treeMeta, db.treeNodes, db.treeFacts], async () => {
    const head = await db.treeHeads.get(profileId);
    if (!head) return { tree: emptyTree(), version: 0, revision: 0 };
    const meta = await db.treeMeta.get([profileId, head.version]);
    if (!meta) return { tree: emptyTree(), version: head.version, revision: 0 };
    const [nodes, facts] = await Promise.all([
      db.treeNodes.where('[profileId+version]').equals([profileId, head.version]).toArray(),
      db.treeFacts.where('[profileId+version]').equals([profileId, head.version]).toArray(),
    ]);
    return {
      tree: rowsToTree({ meta, nodes, facts }),
      version: head.version,
      revision: meta.revision,
    };
  });
}

/** Throws unless the live tree is still the one `expected` was read from. Call inside a write transaction. */
export async function assertUnchanged(
  db: GroveDb,
  profileId: string,
  expected: LiveTree,
): Promise<void> {
  const head = await db.treeHeads.get(profileId);
  const version = head?.version ?? 0;
  const meta = head ? await db.treeMeta.get([profileId, head.version]) : undefined;
  if (version !== expected.version || (meta?.revision ?? 0) !== expected.revision) {
    throw new ConcurrentWriteError();
  }
}

/**
 * Writes `after` over the live tree it was derived from, touching only changed rows. Must run
 * inside a rw transaction over the tree tables (the caller's, so it commits with the rest).
 */
export async function writeTreeChange(
  db: GroveDb,
  profileId: string,
  before: LiveTree,
  after: MemoryTree,
): Promise<void> {
  await assertUnchanged(db, profileId, before);
  const version = before.version === 0 ? 1 : before.version;
  if (before.version === 0) await db.treeHeads.put({ profileId, version });
  const diff = diffTrees(before.tree, after);
  await db.treeNodes.bulkPut(diff.putNodes.map((n) => nodeToRow(profileId, version, n)));
  await db.treeNodes.bulkDelete(diff.deleteNodes.map((id) => [profileId, version, id]));
  await db.treeFacts.bulkPut(diff.putFacts.map((f) => factToRow(profileId, version, f)));
  await db.treeFacts.bulkDelete(diff.deleteFacts.map((id) => [profileId, version, id]));
  await db.treeMeta.put(metaOf(profileId, version, after, before.revision + 1));
}

export const TREE_TABLES = (db: GroveDb) => [db.treeHeads, db.treeMeta, db.treeNodes, db.treeFacts];

export async function deleteTreeVersion(
  db: GroveDb,
  profileId: string,
  version: number,
): Promise<void> {
  const [lo, hi] = versionRange(profileId, version);
  await db.treeNodes.where('[profileId+version+id]').between(lo, hi, true, true).delete();
  await db.treeFacts.where('[profileId+version+id]').between(lo, hi, true, true).delete();
  await db.treeMeta.delete([profileId, version]);
}

/**
 * Replaces the live tree with `tree` (a rebuild): written beside the live version in chunks,
 * then switched by one head write that also checks nobody changed the live tree meanwhile.
 * A crash before the switch leaves the old tree live and an orphan version that
 * `collectOrphanTrees` removes.
 */
export async function replaceTree(
  db: GroveDb,
  profileId: string,
  before: LiveTree,
  tree: MemoryTree,
  hooks: { beforeSwitch?: () => Promise<void> } = {},
): Promise<number> {
  const metas = await db.treeMeta.where('profileId').equals(profileId).toArray();
  const version = Math.max(before.version, ...metas.map((m) => m.version)) + 1;
  const rows = treeToRows(profileId, version, tree);
  for (let i = 0; i < rows.nodes.length; i += WRITE_CHUNK) {
    await db.treeNodes.bulkPut(rows.nodes.slice(i, i + WRITE_CHUNK));
  }
  for (let i = 0; i < rows.facts.length; i += WRITE_CHUNK) {
    await db.treeFacts.bulkPut(rows.facts.slice(i, i + WRITE_CHUNK));
  }
  await db.treeMeta.put(rows.meta);
  await hooks.beforeSwitch?.();
  await db.transaction('rw', TREE_TABLES(db), async () => {
    await assertUnchanged(db, profileId, before);
    await db.treeHeads.put({ profileId, version });
  });
  if (before.version !== 0) {
    await db.transaction('rw', TREE_TABLES(db), () =>
      deleteTreeVersion(db, profileId, before.version),
    );
  }
  return version;
}

/** Deletes tree versions the head does not point at (left by a rebuild that never switched). */
export async function collectOrphanTrees(db: GroveDb, profileId: string): Promise<number[]> {
  return db.transaction('rw', TREE_TABLES(db), async () => {
    const head = await db.treeHeads.get(profileId);
    // Keys only: a meta row holds the order of every node and fact (66,000 ids at 30,000 facts).
    const metaKeys = await db.treeMeta.where('profileId').equals(profileId).primaryKeys();
    const versions = new Set(metaKeys.map((key) => (key as unknown as [string, number])[1]));
    // One key per version (a unique key cursor), not one per node: 36,000 at 30,000 facts.
    const stored = await db.treeNodes
      .where('[profileId+version]')
      .between([profileId, Dexie.minKey], [profileId, Dexie.maxKey], true, true)
      .uniqueKeys();
    for (const key of stored) versions.add((key as unknown as [string, number])[1]);
    const orphans = [...versions].filter((v) => v !== head?.version).sort((a, b) => a - b);
    for (const v of orphans) await deleteTreeVersion(db, profileId, v);
    return orphans;
  });
}

/**
 * The live tree, read once and kept while it is live: a read checks the head and the live
 * version's meta row (its revision, bumped on every write, and its fact order) and loads the
 * nodes again only when they changed. Trees are immutable, so the one kept can be shared, and
 * caches keyed on the tree object (the no-LLM judge's lexicon) keep working across reads.
 */
export class LiveTreeCache {
  private kept: LiveTree | undefined;
  private reading: Promise<unknown> | undefined;

  constructor(
    private readonly db: GroveDb,
    private readonly profileId: string,
  ) {}

  /**
   * Reads run one after another, each started after its call: a read already under way may
   * predate a write its caller has just made, so it is never shared. The second of two reads
   * made at the same time only checks the head and revision, and hands back the same tree.
   */
  load(): Promise<LiveTree> {
    const next = (this.reading ?? Promise.resolve()).then(
      () => this.read(),
      () => this.read(),
    );
    const settled = () => {
      if (this.reading === next) this.reading = undefined;
    };
    next.then(settled, settled);
    this.reading = next;
    return next;
  }

  private async read(): Promise<LiveTree> {
    const { db, profileId } = this;
    const kept = this.kept;
    if (kept && kept.version !== 0) {
      const same = await db.transaction('r', [db.treeHeads, db.treeMeta], async () => {
        const head = await db.treeHeads.get(profileId);
        if (head?.version !== kept.version) return false;
        const meta = await db.treeMeta.get([profileId, head.version]);
        return (
          meta?.revision === kept.revision && sameOrder(meta.factOrder, kept.tree.facts.keys())
        );
      });
      if (same) return kept;
    }
    const live = await loadLiveTree(db, profileId);
    this.kept = live;
    return live;
  }
}

function sameOrder(ids: readonly string[], keys: Iterable<string>): boolean {
  let i = 0;
  for (const key of keys) if (ids[i++] !== key) return false;
  return i === ids.length;
}
