/**
 * The conversation's topic forest: one small drawing per topic tree (SVG links under HTML
 * buttons for the rounds, so each round is focusable). Hovering or focusing a round shows its
 * one-sentence summary; the active root-to-node path is highlighted and dashed arrows show where
 * a branch switch or a new branch came from.
 */
import { useState } from 'react';
import { TOPIC_LAYOUT, type ForestNode, type ForestTree } from './topic-layout.ts';

const ACTION_MARK = { CONTINUE: '', CREATE_BRANCH: 'new branch', SWITCH_BRANCH: 'switch' } as const;

function nodeLabel(node: ForestNode): string {
  const parts = [`Round ${node.round}`];
  if (node.action && node.action !== 'CONTINUE') parts.push(ACTION_MARK[node.action]);
  if (node.current) parts.push('current');
  else if (node.onPath) parts.push('on the active path');
  return `${parts.join(', ')}: ${node.summary}`;
}

/** A jump bulges out to the right of both rounds and ends on the target's rim, from the right. */
function curve(a: ForestNode, b: ForestNode): string {
  const r = TOPIC_LAYOUT.radius;
  const side = Math.max(a.x, b.x) + TOPIC_LAYOUT.column * 0.8;
  const start = `${a.x + r},${a.y}`;
  const end = `${b.x + r + 2},${b.y}`;
  return `M${start} C${side},${a.y} ${side},${b.y} ${end}`;
}

function TreeDrawing({
  tree,
  onHover,
  onFocus,
}: {
  tree: ForestTree;
  onHover: (node: ForestNode | null) => void;
  onFocus: (node: ForestNode | null) => void;
}) {
  const r = TOPIC_LAYOUT.radius;
  return (
    <div className="topic-canvas" style={{ width: tree.width, height: tree.height }}>
      <svg width={tree.width} height={tree.height} aria-hidden="true" focusable="false">
        <defs>
          <marker
            id={`jump-head-${tree.id}`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="6"
            markerHeight="6"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" className="topic-jump-head" />
          </marker>
        </defs>
        {tree.edges.map((e) => (
          <line
            key={`${e.from.id}-${e.to.id}`}
            x1={e.from.x}
            y1={e.from.y}
            x2={e.to.x}
            y2={e.to.y}
            className={`topic-edge${e.onPath ? ' on-path' : ''}${e.fork ? ' fork' : ''}`}
          />
        ))}
        {tree.jumps.map((j) => (
          <path
            key={`jump-${j.from.id}-${j.to.id}`}
            d={curve(j.from, j.to)}
            className="topic-jump"
            data-testid="topic-jump"
            data-action={j.action}
            markerEnd={`url(#jump-head-${tree.id})`}
          />
        ))}
      </svg>
      {tree.nodes.map((n) => (
        <button
          key={n.id}
          type="button"
          className={`topic-node${n.onPath ? ' on-path' : ''}${n.current ? ' current' : ''}${
            n.action && n.action !== 'CONTINUE' ? ' switched' : ''
          }`}
          style={{ left: n.x - r, top: n.y - r, width: r * 2, height: r * 2 }}
          data-testid="topic-node"
          data-branch={n.branchId}
          data-on-path={n.onPath}
          data-action={n.action ?? ''}
          aria-label={nodeLabel(n)}
          title={n.summary}
          onMouseEnter={() => onHover(n)}
          onMouseLeave={() => onHover(null)}
          onFocus={() => onFocus(n)}
          onBlur={() => onFocus(null)}
        >
          {n.round}
        </button>
      ))}
    </div>
  );
}

export function TopicForest({ trees }: { trees: readonly ForestTree[] }) {
  const [hovered, setHovered] = useState<ForestNode | null>(null);
  const [focused, setFocused] = useState<ForestNode | null>(null);
  const shown = hovered ?? focused;
  return (
    <>
      <p className="topic-caption small" aria-live="polite" data-testid="topic-caption">
        {shown
          ? `Round ${shown.round}: ${shown.summary}`
          : 'Hover or focus a round to read its summary.'}
      </p>
      <ol className="topic-trees">
        {trees.map((tree) => (
          <li
            key={tree.id}
            className={`topic-tree${tree.active ? ' active' : ''}`}
            data-testid="topic-tree"
            data-branches={tree.branches}
            aria-label={`Topic ${tree.number}${tree.active ? ' (active)' : ''}: ${tree.nodes.length} rounds, ${tree.branches} branch${tree.branches === 1 ? '' : 'es'}`}
          >
            <h3 className="topic-tree-title">
              Topic {tree.number}
              {tree.active && <span className="tag">active</span>}
              <span className="muted">
                {' '}
                · {tree.nodes.length} round{tree.nodes.length === 1 ? '' : 's'} · {tree.branches}{' '}
                branch{tree.branches === 1 ? '' : 'es'}
              </span>
            </h3>
            <p className="topic-tree-label muted small" title={tree.label}>
              {tree.label}
            </p>
            <div className="topic-scroll">
              <TreeDrawing tree={tree} onHover={setHovered} onFocus={setFocused} />
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
