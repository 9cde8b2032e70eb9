/**
 * A view that shows lower levels or facts asks for the whole tree: a large forest reaches the
 * page with its summaries only (TreeOutline.partial, engine/tree/outline.ts `drawnOutline`).
 * Returns the tree once whole (null until then, and while there is none).
 */
import { useEffect } from 'react';
import type { TreeOutline } from '../../engine/types.ts';
import { useGrove, useServices } from '../app-context.tsx';

export function useWholeTree(): TreeOutline | null {
  const tree = useGrove((s) => s.tree);
  const { memoryActions } = useServices();
  const partial = tree?.partial !== undefined;
  useEffect(() => {
    // Asked on every mount, so a refresh while the view shows brings the whole tree too.
    void memoryActions.loadWholeTree();
  }, [memoryActions, partial]);
  return partial ? null : tree;
}
