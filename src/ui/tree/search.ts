/** Search over the memory tree: nodes whose text contains every word of the query. */
import type { TreeOutline, NodeId } from '../../engine/types.ts';

export const MIN_QUERY_LENGTH = 2;

export function searchNodes(tree: TreeOutline | null, query: string): Set<NodeId> {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  const out = new Set<NodeId>();
  if (!tree || query.trim().length < MIN_QUERY_LENGTH || words.length === 0) return out;
  for (const [id, node] of tree.nodes) {
    const text = node.text.toLowerCase();
    if (words.every((w) => text.includes(w))) out.add(id);
  }
  return out;
}
