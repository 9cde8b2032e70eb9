/**
 * Versioned tree rows for one profile. The live version is named by a head row; its nodes and
 * facts are stored by page (tree-pages.ts). Incremental changes rewrite only the pages they
 * touch; a rebuilt tree is written beside the live one under a new version and the head is
 * switched in one small transaction, then the old version is deleted.
 */
import { Dexie } from 'dexie';
import type { MemoryTree } from '../engine/types.ts';
import type { GroveDb } from './db.ts';
import type { TreeHeadRow } from './rows.ts';
import { ConcurrentWriteError } from './errors.ts';
import {
  diffTrees,
  emptyTree,
  factPages,
  factToCell,
  metaOf,
  nodePages,
  nodeToCell,
  rowsToTree,
  treeToRows,
} from './tree-codec.ts';
import { pageIdsOf, withPageChanges, type PageIds } from './page-ids.ts';
import { pageOf } from './tree-pages.ts';
import { orderOf, orderOfCells, type TreeOrder } from './tree-order.ts';
import { treeFromImage, treeImageIdentity, treeImageOf } from './tree-image.ts';

export interface LiveTree {
  readonly tree: MemoryTree;
  /** 0 when the profile has no tree yet. */
  readonly version: number;
  readonly revision: number;
  /** The head's stamp (TreeHeadRow), where it has one. */
  readonly stamp?: string;
  /**
   * The position keys its pages hold (tree-order.ts), so that a write keeps them; absent, a
   * write gives every node and fact its key again (and so rewrites every page).
   */
  readonly order?: TreeOrder;
  /** Whether the stored tree image (tree-image.ts) is this tree's. */
  readonly imaged?: boolean;
  /** Which nodes and facts each page holds (page-ids.ts); absent, a write works it out. */
  readonly pages?: { readonly nodes: PageIds; readonly facts: PageIds };
}

const newStamp = () => crypto.randomUUID();

/** The head row naming `live`, with its fingerprint. */
const headOf = (
  profileId: string,
  live: Omit<LiveTree, 'tree' | 'order' | 'pages'>,
): TreeHeadRow => ({
  profileId,
  version: live.version,
  revision: live.revision,
  ...(live.stamp === undefined ? {} : { stamp: live.stamp }),
});

/** Whether the head row names exactly the tree `live` (by its fingerprint, when it has one). */
function fingerprintMatches(head: TreeHeadRow | undefined, live: LiveTree): boolean | undefined {
  if (head?.stamp === undefined || head.revision === undefined || live.stamp === undefined) {
    return undefined; // no fingerprint: the caller checks the meta row
  }
  return (
    head.version === live.version && head.revision === live.revision && head.stamp === live.stamp
  );
}

/** Pages of a rebuilt tree are written in chunks of this many, each its own transaction. */
const WRITE_CHUNK = 128;

const versionRange = (profileId: string, version: number) =>
  [
    [profileId, version, Dexie.minKey],
    [profileId, version, Dexie.maxKey],
  ] as const;

const pagesOf = (db: GroveDb, profileId: string, version: number) => {
  const [lo, hi] = versionRange(profileId, version);
  return {
    nodes: db.treeNodePages.where('[profileId+version+page]').between(lo, hi, true, true),
    facts: db.treeFactPages.where('[profileId+version+page]').between(lo, hi, true, true),
  };
};

export const TREE_TABLES = (db: GroveDb) => [
  db.treeHeads,
  db.treeMeta,
  db.treeNodePages,
  db.treeFactPages,
];

/**
 * The live tree: from its image when the stored image is this tree's (tree-image.ts), else
 * from its pages.
 */
export async function loadLiveTree(db: GroveDb, profileId: string): Promise<LiveTree> {
  return db.transaction('r', [...TREE_TABLES(db), db.treeImages], async () => {
    const head = await db.treeHeads.get(profileId);
    if (!head) return { tree: emptyTree(), version: 0, revision: 0 };
    const meta = await db.treeMeta.get([profileId, head.version]);
    if (!meta) return { tree: emptyTree(), version: head.version, revision: 0 };
    if (head.stamp !== undefined && head.revision === meta.revision) {
      const identity = { version: head.version, revision: meta.revision, stamp: head.stamp };
      // Looked up by the tree it copies: an image of another tree is never read.
      const image = await db.treeImages
        .where('[profileId+identity]')
        .equals([profileId, treeImageIdentity(identity)])
        .first();
      const read = image && treeFromImage(meta, image);
      if (read) return { ...read, ...identity, imaged: true };
    }
    const pages = pagesOf(db, profileId, head.version);
    const [nodePageRows, factPageRows] = await Promise.all([
      pages.nodes.toArray(),
      pages.facts.toArray(),
    ]);
    const cells = {
      nodes: nodePageRows.flatMap((p) => p.nodes),
      facts: factPageRows.flatMap((p) => p.facts),
    };
    return {
      tree: rowsToTree({ meta, ...cells }),
      order: orderOfCells(cells),
      // Read page by page, the pages' ids come free: the first write need not hash every id.
      pages: {
        nodes: new Map(nodePageRows.map((p) => [p.page, p.nodes.map((c) => c.id)])),
        facts: new Map(factPageRows.map((p) => [p.page, p.facts.map((c) => c.id)])),
      },
      version: head.version,
      revision: meta.revision,
      ...(head.stamp !== undefined && head.revision === meta.revision ? { stamp: head.stamp } : {}),
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
  const matches = fingerprintMatches(head, expected);
  if (matches !== undefined) {
    if (!matches) throw new ConcurrentWriteError();
    return;
  }
  const version = head?.version ?? 0;
  const meta = head ? await db.treeMeta.get([profileId, head.version]) : undefined;
  if (version !== expected.version || (meta?.revision ?? 0) !== expected.revision) {
    throw new ConcurrentWriteError();
  }
}

/**
 * Writes `after` over the live tree it was derived from, touching only the pages of changed
 * nodes and facts. Must run inside a rw transaction over the tree tables (the caller's, so it
 * commits with the rest). Returns the live tree as it will be once that transaction commits.
 */
export async function writeTreeChange(
  db: GroveDb,
  profileId: string,
  before: LiveTree,
  after: MemoryTree,
): Promise<LiveTree> {
  await assertUnchanged(db, profileId, before);
  const version = before.version === 0 ? 1 : before.version;
  const diff = diffTrees(before.tree, after);
  // Kept items keep their position keys; new and moved ones get keys (and their pages a write).
  const known = before.version === 0 || before.order !== undefined;
  const {
    order,
    nodes: reordered,
    facts: refiled,
  } = orderOf(after, before.order && { tree: before.tree, order: before.order }, {
    nodes: diff.deleteNodes,
    facts: diff.deleteFacts,
  });
  // A touched page is written whole, from `after`: the cells that hash to it, or nothing.
  const touchedNodes = new Set(
    [...diff.putNodes, ...diff.deleteNodes].map((n) => pageOf(typeof n === 'string' ? n : n.id)),
  );
  const touchedFacts = new Set(
    [...diff.putFacts, ...diff.deleteFacts].map((f) => pageOf(typeof f === 'string' ? f : f.id)),
  );
  for (const id of reordered) touchedNodes.add(pageOf(id));
  for (const id of refiled) touchedFacts.add(pageOf(id));
  const pagesBefore = before.pages ?? {
    nodes: pageIdsOf(before.tree.nodes.keys()),
    facts: pageIdsOf(before.tree.facts.keys()),
  };
  const pages = {
    nodes: withPageChanges(
      pagesBefore.nodes,
      diff.putNodes.filter((n) => !before.tree.nodes.has(n.id)).map((n) => n.id),
      diff.deleteNodes,
    ),
    facts: withPageChanges(
      pagesBefore.facts,
      diff.putFacts.filter((f) => !before.tree.facts.has(f.id)).map((f) => f.id),
      diff.deleteFacts,
    ),
  };
  // Each touched page's items in the tree's order (their position keys ascend along it).
  const onPages = <T>(
    touched: Set<number>,
    ids: PageIds,
    map: ReadonlyMap<string, T>,
    keys: ReadonlyMap<string, number>,
  ): T[] => {
    const chosen = [...touched].flatMap((page) => ids.get(page) ?? []);
    chosen.sort((a, b) => (keys.get(a) ?? 0) - (keys.get(b) ?? 0));
    return chosen.flatMap((id) => {
      const item = map.get(id);
      return item === undefined ? [] : [item];
    });
  };
  const nodeRows = nodePages(
    profileId,
    version,
    (known
      ? onPages(touchedNodes, pages.nodes, after.nodes, order.node)
      : [...after.nodes.values()]
    ).map((n) => nodeToCell(n, order)),
  );
  const factRows = factPages(
    profileId,
    version,
    (known
      ? onPages(touchedFacts, pages.facts, after.facts, order.fact)
      : [...after.facts.values()]
    ).map((f) => factToCell(f, order)),
  );
  const emptied = (touched: Set<number>, written: readonly { page: number }[]) => {
    const kept = new Set(written.map((p) => p.page));
    return [...touched].filter((p) => !kept.has(p)).map((p) => [profileId, version, p]);
  };
  await db.treeNodePages.bulkPut(nodeRows);
  await db.treeNodePages.bulkDelete(emptied(touchedNodes, nodeRows));
  await db.treeFactPages.bulkPut(factRows);
  await db.treeFactPages.bulkDelete(emptied(touchedFacts, factRows));
  const revision = before.revision + 1;
  await db.treeMeta.put(metaOf(profileId, version, after, revision));
  const stamp = before.version === 0 ? newStamp() : (before.stamp ?? newStamp());
  await db.treeHeads.put(headOf(profileId, { version, revision, stamp }));
  return { tree: after, version, revision, stamp, order, pages };
}

export async function deleteTreeVersion(
  db: GroveDb,
  profileId: string,
  version: number,
): Promise<void> {
  const pages = pagesOf(db, profileId, version);
  await pages.nodes.delete();
  await pages.facts.delete();
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
): Promise<LiveTree> {
  const metaKeys = await db.treeMeta.where('profileId').equals(profileId).primaryKeys();
  const versions = metaKeys.map((key) => (key as unknown as [string, number])[1]);
  const version = Math.max(before.version, ...versions) + 1;
  const rows = treeToRows(profileId, version, tree);
  for (let i = 0; i < rows.nodePages.length; i += WRITE_CHUNK) {
    await db.treeNodePages.bulkPut(rows.nodePages.slice(i, i + WRITE_CHUNK));
  }
  for (let i = 0; i < rows.factPages.length; i += WRITE_CHUNK) {
    await db.treeFactPages.bulkPut(rows.factPages.slice(i, i + WRITE_CHUNK));
  }
  await db.treeMeta.put(rows.meta);
  await hooks.beforeSwitch?.();
  const live: LiveTree = {
    tree,
    version,
    revision: rows.meta.revision,
    stamp: newStamp(),
    order: rows.order,
  };
  await db.transaction('rw', TREE_TABLES(db), async () => {
    await assertUnchanged(db, profileId, before);
    await db.treeHeads.put(headOf(profileId, live));
  });
  if (before.version !== 0) {
    await db.transaction('rw', TREE_TABLES(db), () =>
      deleteTreeVersion(db, profileId, before.version),
    );
  }
  return live;
}

/** Deletes tree versions the head does not point at (left by a rebuild that never switched). */
export async function collectOrphanTrees(db: GroveDb, profileId: string): Promise<number[]> {
  return db.transaction('rw', TREE_TABLES(db), async () => {
    const head = await db.treeHeads.get(profileId);
    const metaKeys = await db.treeMeta.where('profileId').equals(profileId).primaryKeys();
    const versions = new Set(metaKeys.map((key) => (key as unknown as [string, number])[1]));
    for (const table of [db.treeNodePages, db.treeFactPages]) {
      for (const key of await table.where('profileId').equals(profileId).primaryKeys()) {
        versions.add((key as [string, number, number])[1]);
      }
    }
    const orphans = [...versions].filter((v) => v !== head?.version).sort((a, b) => a - b);
    for (const v of orphans) await deleteTreeVersion(db, profileId, v);
    return orphans;
  });
}

/**
 * The live tree, read once and kept while it is live: a read checks the head (its fingerprint)
 * or else the live version's meta row (its revision, bumped on every write) and loads the nodes
 * again only when they changed. Trees are immutable, so the one kept can be shared, and
 * caches keyed on the tree object (the no-LLM judge's lexicon) keep working across reads.
 */
export class LiveTreeCache {
  private kept: LiveTree | undefined;
  private reading: Promise<unknown> | undefined;
  private write: Promise<unknown> | undefined;

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

  /**
   * Keeps a tree just committed (the caller's write transaction is done), so the next read only
   * checks its head and revision instead of loading it again. Every read still checks: a tree
   * kept here that is no longer live is simply loaded afresh.
   */
  keep(live: LiveTree): void {
    this.kept = live;
  }

  /**
   * Writes the live tree's image (tree-image.ts) unless the kept tree is imaged already; `pause`
   * runs between slices of the work. Returns whether it wrote one. An image whose tree was
   * replaced meanwhile is harmless: it names the tree it copies, and only that tree reads it.
   */
  async keepImage(pause?: () => Promise<void>): Promise<boolean> {
    const live = await this.load();
    const { stamp, order } = live;
    if (live.imaged || live.version === 0 || stamp === undefined || order === undefined) {
      return false;
    }
    const identity = { version: live.version, revision: live.revision, stamp };
    const image = await treeImageOf(this.profileId, identity, live.tree, order, pause);
    await this.db.treeImages.put(image);
    if (this.kept === live) this.kept = { ...live, imaged: true };
    return true;
  }

  /**
   * Runs a write of the live tree made in this worker (`work` keeps what it made live). Reads
   * wait for it: one that checked the head between the commit and the keep would find a tree it
   * does not hold and read all of it again (a second at 30,000 facts, and every cache keyed on
   * the tree's objects lost). `work` must not read the live tree through this cache.
   */
  async writing<T>(work: () => Promise<T>): Promise<T> {
    const done = work();
    this.write = done;
    try {
      return await done;
    } finally {
      if (this.write === done) this.write = undefined;
    }
  }

  private async read(): Promise<LiveTree> {
    while (this.write) await this.write.catch(() => undefined);
    const { db, profileId } = this;
    const kept = this.kept;
    if (kept && kept.version !== 0) {
      const same = await db.transaction('r', [db.treeHeads, db.treeMeta], async () => {
        const head = await db.treeHeads.get(profileId);
        const matches = fingerprintMatches(head, kept);
        if (matches !== undefined) return matches;
        if (head?.version !== kept.version) return false;
        const meta = await db.treeMeta.get([profileId, head.version]);
        return meta?.revision === kept.revision;
      });
      if (same) return kept;
    }
    const live = await loadLiveTree(db, profileId);
    this.keep(live);
    return live;
  }
}
