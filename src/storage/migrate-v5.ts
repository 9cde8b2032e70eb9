/**
 * Schema 5 → 6: the orders of a tree version (its nodes, each level, its facts) move from id
 * lists in the meta row into its pages, as position keys on each cell (tree-order.ts): a write
 * then rewrites a small meta row instead of 66,000 ids at 30,000 facts. Cells of a version with
 * no meta row (an orphan, collected at the next open) are numbered in the order they are read.
 */
import type { Transaction } from 'dexie';
import type {
  LegacyTreeFactCell,
  LegacyTreeMetaRow,
  LegacyTreeNodeCell,
  TreeFactPageRow,
  TreeMetaRow,
  TreeNodePageRow,
} from './rows.ts';

type LegacyPage<K extends 'nodes' | 'facts', C> = Omit<TreeNodePageRow, 'nodes'> & {
  readonly [key in K]: readonly C[];
};

const positions = (ids: readonly string[] | undefined) =>
  new Map((ids ?? []).map((id, i) => [id, i]));

export async function upgradeV5ToV6(tx: Transaction): Promise<void> {
  const metas = (await tx.table('treeMeta').toArray()) as LegacyTreeMetaRow[];
  const metaOf = new Map(metas.map((m) => [JSON.stringify([m.profileId, m.version]), m]));
  const orders = new Map<
    string,
    { node: Map<string, number>; level: Map<string, number>; fact: Map<string, number> }
  >();
  const orderOf = (profileId: string, version: number) => {
    const key = JSON.stringify([profileId, version]);
    let order = orders.get(key);
    if (!order) {
      const meta = metaOf.get(key);
      const level = new Map<string, number>();
      for (const ids of meta?.levels ?? []) ids.forEach((id, i) => level.set(id, i));
      order = { node: positions(meta?.nodeOrder), level, fact: positions(meta?.factOrder) };
      orders.set(key, order);
    }
    return order;
  };
  let unlisted = 0;
  await tx
    .table('treeNodePages')
    .toCollection()
    .modify((row: LegacyPage<'nodes', LegacyTreeNodeCell>) => {
      const order = orderOf(row.profileId, row.version);
      (row as unknown as TreeNodePageRow as { nodes: unknown }).nodes = row.nodes.map((cell) => ({
        ...cell,
        seq: order.node.get(cell.id) ?? order.node.size + unlisted++,
        levelSeq: order.level.get(cell.id) ?? order.level.size + unlisted++,
      }));
    });
  await tx
    .table('treeFactPages')
    .toCollection()
    .modify((row: LegacyPage<'facts', LegacyTreeFactCell>) => {
      const order = orderOf(row.profileId, row.version);
      (row as unknown as TreeFactPageRow as { facts: unknown }).facts = row.facts.map((cell) => ({
        ...cell,
        seq: order.fact.get(cell.id) ?? order.fact.size + unlisted++,
      }));
    });
  for (const meta of metas) {
    const { levels, nodeOrder: _nodes, factOrder: _facts, ...rest } = meta;
    const next: TreeMetaRow = { ...rest, height: Math.max(1, levels.length) };
    await tx.table('treeMeta').put(next);
  }
}
