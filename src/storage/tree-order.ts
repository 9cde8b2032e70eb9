/**
 * Where each node and fact sits in a tree's orders (its nodes map, each level, its facts map),
 * as numbers kept in the pages (schema 6: TreeNodeCell.seq / levelSeq, TreeFactCell.seq)
 * instead of id lists in the meta row. Only the order of the keys means anything, so a change
 * keeps every key that still sorts after the one before it and gives the others new ones: an
 * insert (new items appended, some removed) changes no kept item's key, and a write rewrites only
 * the pages of what it changed.
 */
import { LayeredMap } from '../engine/layered-map.ts';
import type { MemoryTree } from '../engine/types.ts';

export interface TreeOrder {
  /** Position key of each node in the nodes map's order. */
  readonly node: ReadonlyMap<string, number>;
  /** Position key of each node within its level. */
  readonly level: ReadonlyMap<string, number>;
  /** Position key of each fact in the facts map's order. */
  readonly fact: ReadonlyMap<string, number>;
}

/** What a tree's cells say of its orders: each node's and fact's position keys. */
export interface OrderCells {
  readonly nodes: readonly {
    readonly id: string;
    readonly seq: number;
    readonly levelSeq: number;
  }[];
  readonly facts: readonly { readonly id: string; readonly seq: number }[];
}

/** Map entries added between two pauses of `LazyTreeOrder.prepare`. */
const PREPARE_SLICE = 2000;

/** Fills the orders from the cells, yielding after every PREPARE_SLICE cells of each kind. */
function* fillOrders(cells: OrderCells): Generator<void, TreeOrder> {
  const node = new Map<string, number>();
  const level = new Map<string, number>();
  const fact = new Map<string, number>();
  for (let i = 0; i < cells.nodes.length; i++) {
    const cell = cells.nodes[i] as OrderCells['nodes'][number];
    node.set(cell.id, cell.seq);
    level.set(cell.id, cell.levelSeq);
    if (i % PREPARE_SLICE === PREPARE_SLICE - 1) yield;
  }
  for (let i = 0; i < cells.facts.length; i++) {
    const cell = cells.facts[i] as OrderCells['facts'][number];
    fact.set(cell.id, cell.seq);
    if (i % PREPARE_SLICE === PREPARE_SLICE - 1) yield;
  }
  return { node, level, fact };
}

/** The orders the cells' keys give. */
export function orderOfCells(cells: OrderCells): TreeOrder {
  const fill = fillOrders(cells);
  for (;;) {
    const step = fill.next();
    if (step.done) return step.value;
  }
}

/**
 * A tree's orders worked out from its cells on their first use, or ahead of it in slices
 * (`prepare`): a tree read from the store needs its position keys only at its next write, so an
 * open's first question does not wait for 100,000 map entries.
 */
export class LazyTreeOrder implements TreeOrder {
  private made: TreeOrder | undefined;
  /** Let go once the orders are made (a heavy user's cells are tens of megabytes). */
  private cells: OrderCells | undefined;

  constructor(cells: OrderCells) {
    this.cells = cells;
  }

  get node(): ReadonlyMap<string, number> {
    return this.order().node;
  }

  get level(): ReadonlyMap<string, number> {
    return this.order().level;
  }

  get fact(): ReadonlyMap<string, number> {
    return this.order().fact;
  }

  /** Works the orders out now, `pause` called between slices (done at once if asked meanwhile). */
  async prepare(pause: () => Promise<void>): Promise<void> {
    if (this.made || !this.cells) return;
    const fill = fillOrders(this.cells);
    for (;;) {
      const step = fill.next();
      if (step.done) {
        this.keep(step.value);
        return;
      }
      await pause();
      if (this.made) return;
    }
  }

  private order(): TreeOrder {
    if (!this.made) this.keep(orderOfCells(this.cells as OrderCells));
    return this.made as TreeOrder;
  }

  private keep(made: TreeOrder): void {
    this.made ??= made;
    this.cells = undefined;
  }
}

/**
 * Keys for `ids` in their order, in `into`: the key from `before` where it sorts after the key
 * before it, else a new one (the last key plus one), starting after `last`. Ids whose key is new
 * or changed go into `changed`. `into` may be `before` itself, changed in place (a kept key is
 * not written again).
 */
export function keepOrder(
  before: ReadonlyMap<string, number> | undefined,
  ids: Iterable<string>,
  into: { set(id: string, key: number): unknown },
  changed: Set<string>,
  last = Number.NEGATIVE_INFINITY,
): void {
  for (const id of ids) {
    const kept = before?.get(id);
    if (kept !== undefined && kept > last) {
      if ((into as unknown) !== before) into.set(id, kept);
      last = kept;
      continue;
    }
    last = last === Number.NEGATIVE_INFINITY ? 0 : Math.floor(last) + 1;
    into.set(id, last);
    changed.add(id);
  }
}

export interface OrderChange {
  readonly order: TreeOrder;
  /** Nodes whose `seq` or `levelSeq` is new or changed: their pages are written. */
  readonly nodes: ReadonlySet<string>;
  readonly facts: ReadonlySet<string>;
}

/** Ids to give keys to (`keepOrder`), and the key before the first of them. */
interface Walk {
  readonly ids: Iterable<string>;
  readonly last: number;
}

const whole = (ids: Iterable<string>): Walk => ({ ids, last: Number.NEGATIVE_INFINITY });

/**
 * The part of map `now` whose keys a walk must check: all of it, or, where `now` was made from
 * `then` (layered over the same base, layered-map.ts), only what it holds after its base, the
 * base's part keeping its keys (in the same order, less what was deleted, so each still sorts
 * after the one before it).
 */
function mapWalk(
  now: ReadonlyMap<string, unknown>,
  then: ReadonlyMap<string, unknown> | undefined,
  keys: ReadonlyMap<string, number>,
): Walk {
  if (!then || !LayeredMap.changedBetween(then, now)) return whole(now.keys());
  const { lastOfBase, added } = LayeredMap.tailOf(now);
  if (lastOfBase === undefined) return whole(added);
  const last = keys.get(lastOfBase);
  return last === undefined ? whole(now.keys()) : { ids: added, last };
}

/** The same for a level: only what follows `then` where `now` starts with all of it. */
function levelWalk(
  now: readonly string[],
  then: readonly string[] | undefined,
  keys: ReadonlyMap<string, number>,
): Walk {
  if (!then || then.length === 0 || then.length > now.length) return whole(now);
  for (let i = 0; i < then.length; i++) if (now[i] !== then[i]) return whole(now);
  const last = keys.get(then[then.length - 1] as string);
  return last === undefined ? whole(now) : { ids: now.slice(then.length), last };
}

/**
 * The orders of `tree`, keeping the keys `before.order` gave `before.tree` wherever they still
 * hold. The kept keys are not copied: the orders are layered over `before`'s (layered-map.ts),
 * with the new keys, and without the ids of `gone` (the nodes and facts `tree` no longer holds).
 * Where `tree` was made from `before.tree`, only what it added after the parts they share is
 * walked: the same keys as a walk of all of it (the orders of `before` are `before.tree`'s).
 */
export function orderOf(
  tree: MemoryTree,
  before?: { readonly tree: MemoryTree; readonly order: TreeOrder },
  gone: { readonly nodes: Iterable<string>; readonly facts: Iterable<string> } = {
    nodes: [],
    facts: [],
  },
): OrderChange {
  const nodes = new Set<string>();
  const facts = new Set<string>();
  const edit = (keys: ReadonlyMap<string, number> | undefined) =>
    LayeredMap.edit(keys ?? new Map<string, number>());
  const node = edit(before?.order.node);
  const level = edit(before?.order.level);
  const fact = edit(before?.order.fact);
  const walk = (map: typeof node, { ids, last }: Walk, changed: Set<string>) =>
    keepOrder(map, ids, map, changed, last);
  walk(node, mapWalk(tree.nodes, before?.tree.nodes, node), nodes);
  tree.levels.forEach((ids, i) =>
    walk(level, levelWalk(ids, before?.tree.levels[i], level), nodes),
  );
  walk(fact, mapWalk(tree.facts, before?.tree.facts, fact), facts);
  for (const id of gone.nodes) {
    node.delete(id);
    level.delete(id);
  }
  for (const id of gone.facts) fact.delete(id);
  return {
    order: { node: node.freeze(), level: level.freeze(), fact: fact.freeze() },
    nodes,
    facts,
  };
}

/**
 * Items in the order of their keys (ties in the order given). Keys are mostly a dense run of
 * integers (0, 1, 2 … after a build, a few more after each insert), so they are placed in slots
 * directly, with a sort only for keys that do not fit (a heavy user's 36,000 nodes sort slowly).
 */
export function inKeyOrder<T>(items: readonly T[], keyOf: (item: T) => number): T[] {
  const n = items.length;
  const slots: (T | undefined)[] = new Array<T | undefined>(2 * n + 16);
  const rest: { item: T; key: number; i: number }[] = [];
  let i = 0;
  for (const item of items) {
    const key = keyOf(item);
    if (Number.isInteger(key) && key >= 0 && key < slots.length && slots[key] === undefined) {
      slots[key] = item;
    } else rest.push({ item, key, i });
    i++;
  }
  const placed = slots.filter((item): item is T => item !== undefined);
  if (rest.length === 0) return placed;
  // Merge the placed items with the rest (sorted), by key; a placed item goes first on a tie.
  const all = [...placed.map((item, at) => ({ item, key: keyOf(item), i: -n + at })), ...rest];
  return all.sort((a, b) => a.key - b.key || a.i - b.i).map(({ item }) => item);
}
