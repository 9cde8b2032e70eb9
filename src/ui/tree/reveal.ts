/** Revealing a node in the tree view: the collapsed ancestors that hide it are opened. */
import type { TreeOutline, NodeId } from '../../engine/types.ts';

/** The node's ancestors, its parent first, up to its root. */
export function ancestorsOf(tree: TreeOutline, id: NodeId): NodeId[] {
  const out: NodeId[] = [];
  for (
    let p = tree.nodes.get(id)?.parent ?? null;
    p !== null;
    p = tree.nodes.get(p)?.parent ?? null
  )
    out.push(p);
  return out;
}

/** `collapsed` without the ancestors of `id`; the same set when none of them was collapsed. */
export function expandTo(
  tree: TreeOutline,
  collapsed: ReadonlySet<string>,
  id: NodeId,
): ReadonlySet<string> {
  const hiding = ancestorsOf(tree, id).filter((a) => collapsed.has(a));
  if (hiding.length === 0) return collapsed;
  const next = new Set(collapsed);
  for (const a of hiding) next.delete(a);
  return next;
}
