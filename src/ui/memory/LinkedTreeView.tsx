/**
 * The Memory view's tree, linked to the inspector through the store: its selection is the
 * store's, it reveals what "Show in tree" asks for, and its node panel opens facts in the
 * inspector.
 */
import type { TraversalEvent } from '../../engine/retrieval.ts';
import type { TreeOutline } from '../../engine/types.ts';
import { useGrove, useServices } from '../app-context.tsx';
import { TreeView } from '../tree/TreeView.tsx';

export function LinkedTreeView(props: {
  readonly tree: TreeOutline | null;
  readonly traversal: readonly TraversalEvent[];
}) {
  const { store } = useServices();
  const selected = useGrove((s) => s.treeSelection);
  const reveal = useGrove((s) => (s.linkRequest?.target === 'tree' ? s.linkRequest : null));
  const { selectTreeNode, finishLinkRequest, openFactInInspector } = store.getState();
  return (
    <TreeView
      tree={props.tree}
      traversal={props.traversal}
      selection={{ id: selected, onChange: selectTreeNode }}
      reveal={reveal}
      onRevealed={finishLinkRequest}
      onOpenFact={openFactInInspector}
    />
  );
}
