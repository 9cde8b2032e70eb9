/**
 * Schema 3 → 4: tree nodes and facts move from one record each into pages (tree-pages.ts), and
 * turns from one record each into one record per session, in their order. No value changes.
 */
import type { Transaction } from 'dexie';
import { turnsBySession } from './session-turns.ts';
import type {
  TreeFactPageRow,
  TreeFactRow,
  TreeNodePageRow,
  TreeNodeRow,
  TurnRow,
} from './rows.ts';
import { pageOf } from './tree-pages.ts';

/** Rows grouped by profile, version and page, each page's cells in the rows' order. */
function paged<R extends { profileId: string; version: number; id: string }, C>(
  rows: readonly R[],
  cell: (row: R) => C,
): { profileId: string; version: number; page: number; cells: C[] }[] {
  const pages = new Map<string, { profileId: string; version: number; page: number; cells: C[] }>();
  for (const row of rows) {
    const page = pageOf(row.id);
    const key = JSON.stringify([row.profileId, row.version, page]);
    let entry = pages.get(key);
    if (!entry) {
      entry = { profileId: row.profileId, version: row.version, page, cells: [] };
      pages.set(key, entry);
    }
    entry.cells.push(cell(row));
  }
  return [...pages.values()];
}

export async function upgradeV3ToV4(tx: Transaction): Promise<void> {
  const nodes = (await tx.table('treeNodes').toArray()) as TreeNodeRow[];
  await tx
    .table('treeNodePages')
    .bulkPut(
      paged(nodes, ({ profileId: _p, version: _v, ...cell }) => cell).map(
        ({ cells, ...key }): TreeNodePageRow => ({ ...key, nodes: cells }),
      ),
    );
  const turns = (await tx.table('turns').toArray()) as TurnRow[];
  await tx.table('sessionTurns').bulkPut(turnsBySession(turns));
  const facts = (await tx.table('treeFacts').toArray()) as TreeFactRow[];
  await tx
    .table('treeFactPages')
    .bulkPut(
      paged(facts, ({ profileId: _p, version: _v, ...cell }) => cell).map(
        ({ cells, ...key }): TreeFactPageRow => ({ ...key, facts: cells }),
      ),
    );
}
