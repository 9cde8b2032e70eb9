/**
 * The keyboard-reachable alternative to the canvas: the forest's summaries as a nested list of
 * buttons (facts too when the forest has no summaries). Selecting one opens the side panel.
 */
import { memo } from 'react';
import type { TreeOutline, NodeId } from '../../engine/types.ts';
import { replacedFactOf } from './replaced.ts';

const MAX_ITEMS = 600;

interface Props {
  readonly tree: TreeOutline;
  readonly matches: ReadonlySet<NodeId>;
  readonly onSelect: (id: NodeId) => void;
}

export const NodeList = memo(function NodeList({ tree, matches, onSelect }: Props) {
  const roots = tree.levels[tree.levels.length - 1] ?? [];
  const budget = { left: MAX_ITEMS };
  const showFacts = tree.levels.length <= 1;
  const render = (ids: readonly NodeId[]) => {
    const items = ids.flatMap((id) => {
      const node = tree.nodes.get(id);
      if (!node || (node.level === 0 && !showFacts) || budget.left <= 0) return [];
      budget.left--;
      const childSummaries = node.children.filter((c) => (tree.nodes.get(c)?.level ?? 0) > 0);
      return [
        <li key={id}>
          <button
            type="button"
            className={matches.has(id) ? 'match' : undefined}
            onClick={() => onSelect(id)}
          >
            {node.level > 0 ? `L${node.level} · ` : ''}
            {node.text}
            {node.level > 0 ? ` (${node.children.length})` : ''}
            {replacedFactOf(tree, id) ? ' (replaced)' : ''}
          </button>
          {childSummaries.length > 0 ? render(childSummaries) : null}
        </li>,
      ];
    });
    return items.length > 0 ? <ul>{items}</ul> : null;
  };
  return (
    <nav className="node-list" aria-label="Memory tree outline">
      {render(roots)}
      {budget.left <= 0 ? <p>Outline cut at {MAX_ITEMS} items: use search to find more.</p> : null}
    </nav>
  );
});
