import { LayeredMap } from '../layered-map.ts';
import type { MemoryTree } from '../types.ts';

const plain = <K, V>(map: ReadonlyMap<K, V>): ReadonlyMap<K, V> =>
  map instanceof LayeredMap ? new Map(map) : map;

/**
 * `tree` with plain `Map`s, as a structured clone (a message to or from a worker) needs: a tree
 * an insert or a relabel made holds LayeredMaps (layered-map.ts), which would arrive as bare
 * objects.
 */
export function cloneableTree(tree: MemoryTree): MemoryTree {
  return { ...tree, nodes: plain(tree.nodes), facts: plain(tree.facts) };
}
