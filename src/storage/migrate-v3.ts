/**
 * Schema 3 → 4: tree nodes and facts move from one record each into pages (tree-pages.ts), and
 * turns from one record each into one record per session, in their order. No value changes.
 */
import type { Transaction } from 'dexie';
import { turnsBySession } from './session-turns.ts';
import type { TreeFactRow, TreeNodeRow, TurnRow } from './rows.ts';
import { factPages, nodePages } from './tree-codec.ts';

/** Each tree version's rows as cells (the keys taken off), in the rows' order. */
function byVersion<R extends { profileId: string; version: number }>(
  rows: readonly R[],
): { profileId: string; version: number; cells: Omit<R, 'profileId' | 'version'>[] }[] {
  const versions = new Map<string, ReturnType<typeof byVersion<R>>[number]>();
  for (const { profileId, version, ...cell } of rows) {
    const key = JSON.stringify([profileId, version]);
    let entry = versions.get(key);
    if (!entry) versions.set(key, (entry = { profileId, version, cells: [] }));
    entry.cells.push(cell);
  }
  return [...versions.values()];
}

export async function upgradeV3ToV4(tx: Transaction): Promise<void> {
  const nodes = (await tx.table('treeNodes').toArray()) as TreeNodeRow[];
  await tx
    .table('treeNodePages')
    .bulkPut(byVersion(nodes).flatMap((v) => nodePages(v.profileId, v.version, v.cells)));
  const facts = (await tx.table('treeFacts').toArray()) as TreeFactRow[];
  await tx
    .table('treeFactPages')
    .bulkPut(byVersion(facts).flatMap((v) => factPages(v.profileId, v.version, v.cells)));
  const turns = (await tx.table('turns').toArray()) as TurnRow[];
  await tx.table('sessionTurns').bulkPut(turnsBySession(turns));
}
