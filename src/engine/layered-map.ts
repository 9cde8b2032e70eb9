/**
 * A map kept as a flat base plus the changes made on top of it, read and iterated exactly as the
 * `Map` the same calls would have made (a replaced value stays in its key's place, a deleted key
 * is gone, a key set anew goes last). A heavy user's tree holds maps of 36,000 nodes and 30,000
 * facts; an insert that changed a few dozen entries copied each of them several times (the
 * draft, its frozen tree, the labels, the write's diff and orders), each copy about 10 ms. Here a
 * copy costs its changes (`edit`), and two maps over one base tell where they may differ
 * (`changedBetween`). The changes are folded into a new flat base once they outgrow an eighth of
 * it, so a read looks in at most two small maps before the base.
 */

/** Marks a base key deleted in the changes. */
const GONE: unique symbol = Symbol('gone');

/**
 * Each base's keys in order and their indexes, worked out once per base when first asked (a base,
 * or a plain map given to `tailOf` or `positions`, never changes: every tree map is frozen).
 */
const baseOrders = new WeakMap<object, { keys: unknown[]; index: Map<unknown, number> }>();

function baseOrder<K>(base: ReadonlyMap<K, unknown>): { keys: K[]; index: Map<K, number> } {
  let order = baseOrders.get(base) as { keys: K[]; index: Map<K, number> } | undefined;
  if (!order) {
    const keys = [...base.keys()];
    order = { keys, index: new Map(keys.map((key, i) => [key, i])) };
    baseOrders.set(base, order);
  }
  return order;
}

/** Changes are folded into a new base once they outnumber the base's entries over this. */
const FOLD_SHARE = 8;
/** …or this many, for a small base. */
const FOLD_MIN = 64;

export class LayeredMap<K, V> implements ReadonlyMap<K, V> {
  private frozen = false;

  private constructor(
    /** Never changed: shared by every map layered over it. */
    private readonly base: ReadonlyMap<K, V>,
    /** Base keys given another value, or deleted (GONE). */
    private readonly over: Map<K, V | typeof GONE>,
    /** Keys the base does not hold (or deleted there and set again), in the order they were set. */
    private readonly added: Map<K, V>,
    private count: number,
  ) {}

  /** A changeable copy of `from`, costing the changes `from` holds over its base (none for a `Map`). */
  static edit<K, V>(from: ReadonlyMap<K, V>): LayeredMap<K, V> {
    if (from instanceof LayeredMap) {
      const layered = from as LayeredMap<K, V>;
      return new LayeredMap(layered.base, new Map(layered.over), new Map(layered.added), from.size);
    }
    return new LayeredMap(from, new Map(), new Map(), from.size);
  }

  /**
   * The keys whose entries may differ between `a` and `b` (each key once), when both are layered
   * over the same base or one is the other's base; undefined when they share none (compare them
   * whole).
   */
  static changedBetween<K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): Iterable<K> | undefined {
    const baseOf = (m: ReadonlyMap<K, V>) => (m instanceof LayeredMap ? m.base : m);
    if (a === b) return [];
    if (baseOf(a) !== baseOf(b)) return undefined;
    const keys = new Set<K>();
    for (const m of [a, b]) {
      if (!(m instanceof LayeredMap)) continue;
      for (const key of (m as LayeredMap<K, V>).over.keys()) keys.add(key);
      for (const key of (m as LayeredMap<K, V>).added.keys()) keys.add(key);
    }
    return keys;
  }

  /**
   * How `map` runs in order: the last key of its base that it still holds (undefined when
   * none), then the keys set after the base (those of `added`). Iterating `map` gives the base's
   * keys it holds, in the base's order, then these.
   */
  static tailOf<K, V>(map: ReadonlyMap<K, V>): { lastOfBase: K | undefined; added: K[] } {
    const layered = map instanceof LayeredMap ? (map as LayeredMap<K, V>) : undefined;
    const { keys } = baseOrder(layered?.base ?? map);
    let at = keys.length - 1;
    while (at >= 0 && layered?.over.get(keys[at] as K) === GONE) at--;
    return { lastOfBase: keys[at], added: layered ? [...layered.added.keys()] : [] };
  }

  /**
   * Each key's place in `map`'s order, as a number that grows along it (undefined for a key it
   * does not hold): the base's index of a key in its base part, after them the order the rest were
   * set in. Sorting a few keys by it puts them in the map's order without walking the map (the
   * base's indexes are worked out once per base).
   */
  static positions<K, V>(map: ReadonlyMap<K, V>): (key: K) => number | undefined {
    const layered = map instanceof LayeredMap ? (map as LayeredMap<K, V>) : undefined;
    const base = layered?.base ?? map;
    const inBase = baseOrder(base).index;
    if (!layered) return (key) => inBase.get(key);
    const added = new Map<K, number>();
    for (const key of layered.added.keys()) added.set(key, base.size + added.size);
    return (key) => {
      const later = added.get(key);
      if (later !== undefined) return later;
      return layered.over.get(key) === GONE ? undefined : inBase.get(key);
    };
  }

  get size(): number {
    return this.count;
  }

  get(key: K): V | undefined {
    if (this.added.size > 0 && this.added.has(key)) return this.added.get(key);
    if (this.over.size > 0) {
      const value = this.over.get(key);
      if (value === GONE) return undefined;
      if (value !== undefined || this.over.has(key)) return value as V;
    }
    return this.base.get(key);
  }

  has(key: K): boolean {
    if (this.added.has(key)) return true;
    const value = this.over.get(key);
    if (value === GONE) return false;
    return this.over.has(key) || this.base.has(key);
  }

  set(key: K, value: V): this {
    this.assertOpen();
    if (this.added.has(key)) this.added.set(key, value);
    else if (this.over.get(key) !== GONE && this.base.has(key)) {
      // The base's own value again: no change to keep.
      if (this.base.get(key) === value) this.over.delete(key);
      else this.over.set(key, value);
    } else {
      this.added.set(key, value);
      this.count++;
    }
    return this;
  }

  delete(key: K): boolean {
    this.assertOpen();
    if (this.added.delete(key)) {
      this.count--;
      return true;
    }
    if (this.over.get(key) === GONE || !this.base.has(key)) return false;
    this.over.set(key, GONE);
    this.count--;
    return true;
  }

  /**
   * The map, no longer to be changed: this one, or a flat `Map` of it once its changes outgrow
   * the base (the base and changes are then let go).
   */
  freeze(): ReadonlyMap<K, V> {
    this.frozen = true;
    const changes = this.over.size + this.added.size;
    if (changes <= Math.max(FOLD_MIN, this.base.size / FOLD_SHARE)) return this;
    if (this.base.size === 0 && this.over.size === 0) return this.added;
    return new Map(this.entries());
  }

  *entries(): MapIterator<[K, V]> {
    if (this.over.size === 0) yield* this.base.entries();
    else {
      for (const [key, value] of this.base) {
        const now = this.over.get(key);
        if (now === GONE) continue;
        yield [key, now === undefined && !this.over.has(key) ? value : (now as V)];
      }
    }
    yield* this.added.entries();
  }

  // keys and values walk the maps themselves, not `entries` (a heavy user's 30,000 facts are
  // walked by several passes of an insert, and each pair made and taken apart cost there).
  *keys(): MapIterator<K> {
    if (this.over.size === 0) yield* this.base.keys();
    else for (const key of this.base.keys()) if (this.over.get(key) !== GONE) yield key;
    yield* this.added.keys();
  }

  *values(): MapIterator<V> {
    if (this.over.size === 0) yield* this.base.values();
    else {
      for (const [key, value] of this.base) {
        const now = this.over.get(key);
        if (now === GONE) continue;
        yield now === undefined && !this.over.has(key) ? value : (now as V);
      }
    }
    yield* this.added.values();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    this.base.forEach((value, key) => {
      const now = this.over.get(key);
      if (now === GONE) return;
      const current = now === undefined && !this.over.has(key) ? value : (now as V);
      callback.call(thisArg, current, key, this);
    });
    this.added.forEach((value, key) => callback.call(thisArg, value, key, this));
  }

  private assertOpen(): void {
    if (this.frozen) throw new TypeError('A frozen LayeredMap cannot be changed');
  }
}
