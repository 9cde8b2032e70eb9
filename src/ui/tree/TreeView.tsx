/**
 * The live tree view: the forest by level (roots → summaries → facts) on a canvas, zoom / pan /
 * collapse / search, a side panel for the clicked node, and the replay of a traversal.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TraversalEvent } from '../../engine/retrieval.ts';
import type { TreeOutline, NodeId } from '../../engine/types.ts';
import { Legend } from './Legend.tsx';
import { NodeList } from './NodeList.tsx';
import { NodePanel } from './NodePanel.tsx';
import { ReplayControls } from './ReplayControls.tsx';
import { TreeCanvas, type DrawStats, type TreeCanvasHandle } from './TreeCanvas.tsx';
import { FOREST_ROOT, defaultLayoutMode, layoutForest, type LayoutMode } from './layout.ts';
import { isLargeForest, openingCollapsed } from './level-of-detail.ts';
import { expandTo } from './reveal.ts';
import { searchNodes } from './search.ts';
import { useReplay } from './use-replay.ts';
import { useReveal, type RevealRequest } from './use-reveal.ts';
import { useTreeViewApi } from './use-tree-view-api.ts';
import { bruteForceCost, visualStates } from './visuals.ts';
import './tree-view.css';

export interface TreeViewProps {
  readonly tree: TreeOutline | null;
  readonly traversal?: readonly TraversalEvent[];
  readonly onSelectNode?: (id: string) => void;
  /** The selection kept outside (the Memory view keeps it in the store); local when absent. */
  readonly selection?: {
    readonly id: NodeId | null;
    readonly onChange: (id: NodeId | null) => void;
  };
  /** A node to bring into view and focus ("Show in tree"); `onRevealed` when done. */
  readonly reveal?: RevealRequest | null;
  readonly onRevealed?: (seq: number) => void;
  /** Given: the node panel offers "Open in inspector" for its facts. */
  readonly onOpenFact?: (factId: string) => void;
}

export function TreeView(props: TreeViewProps) {
  const { tree, traversal, selection, onOpenFact } = props;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => openingCollapsed(tree));
  // A large forest opens on its roots and upper summaries (level-of-detail.ts), once per forest
  // that becomes large: later trees of it (an insert, a rebuild) keep what the user expanded.
  const [leveled, setLeveled] = useState(() => isLargeForest(tree));
  if (isLargeForest(tree) !== leveled) {
    setLeveled(!leveled);
    if (!leveled) setCollapsed(openingCollapsed(tree));
  }
  const [modeChoice, setModeChoice] = useState<LayoutMode | 'auto'>('auto');
  const [query, setQuery] = useState('');
  const [localSelection, setLocalSelection] = useState<NodeId | null>(null);
  const selectedId = selection ? selection.id : localSelection;
  const canvas = useRef<TreeCanvasHandle>(null);
  const stage = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);
  const [stats] = useState<DrawStats>(() => ({ draws: 0, lastMs: 0, totalMs: 0 }));

  const mode = modeChoice === 'auto' ? defaultLayoutMode(tree) : modeChoice;
  const layout = useMemo(() => layoutForest(tree, { mode, collapsed }), [tree, mode, collapsed]);
  const matches = useMemo(() => searchNodes(tree, query), [tree, query]);
  const replay = useReplay(traversal);
  const { frame } = replay;
  const codes = useMemo(() => visualStates(layout, frame.states), [layout, frame]);
  const brute = bruteForceCost(tree?.facts.size ?? 0, lastCalls(traversal), totalTokens(traversal));
  const selected = selectedId && tree?.nodes.has(selectedId) ? selectedId : null;
  const selectedIndex = selected ? (layout.index.get(selected) ?? -1) : -1;
  const currentIndex = frame.current ? (layout.index.get(frame.current) ?? -1) : -1;

  // Centres on a node once a re-layout has placed it (after opening its collapsed ancestors).
  const centering = useRef<NodeId | null>(null);
  useEffect(() => {
    const i = centering.current ? layout.index.get(centering.current) : undefined;
    if (i === undefined) return;
    centering.current = null;
    canvas.current?.centerOn(i);
  }, [layout]);
  const hiddenMatches = useMemo(
    () => [...matches].filter((id) => !layout.index.has(id)).length,
    [matches, layout],
  );

  const propsRef = useRef(props);
  useEffect(() => {
    propsRef.current = props;
  });
  // Stable, so the memoised outline does not re-render at every replay step.
  const select = useCallback((id: NodeId | null) => {
    const { selection: outside, onSelectNode } = propsRef.current;
    if (outside) outside.onChange(id);
    else setLocalSelection(id);
    if (id) onSelectNode?.(id);
  }, []);
  const toggle = (id: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const idAt = (index: number): NodeId | null => {
    const id = layout.nodes[index]?.id;
    return id && id !== FOREST_ROOT ? id : null;
  };

  useTreeViewApi({
    tree,
    layout,
    codes,
    replay,
    matches,
    stats,
    selected,
    select,
    search: setQuery,
    canvas,
  });
  useReveal({
    reveal: props.reveal,
    tree,
    layout,
    setCollapsed,
    canvas,
    stage,
    panel,
    onRevealed: props.onRevealed,
  });

  const facts = tree?.facts.size ?? 0;
  const summaries = tree ? tree.nodes.size - (tree.levels[0]?.length ?? 0) : 0;
  const label = tree
    ? `Memory forest: ${tree.levels.at(-1)?.length ?? 0} roots, ${summaries} summaries, ${facts} facts. ` +
      `Replay step ${frame.step} of ${frame.total}: ${frame.kept} kept, ${frame.pruned} pruned, ${frame.selected} facts selected. ` +
      'Use + and − to zoom, arrow keys to pan, 0 to fit; the outline beside lists the nodes.'
    : 'No memory tree yet.';

  return (
    <div className="tree-view" data-testid="tree-view">
      <div className="tree-toolbar" role="toolbar" aria-label="Tree view tools">
        <input
          type="search"
          placeholder="Search memory…"
          aria-label="Search memory"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            const first = [...matches][0];
            if (e.key === 'Enter' && first && tree) {
              const i = layout.index.get(first);
              if (i !== undefined) canvas.current?.centerOn(i);
              else {
                // A match under a collapsed summary: open the way to it, then centre on it.
                setCollapsed((prev) => expandTo(tree, prev, first));
                centering.current = first;
              }
              select(first);
            }
          }}
        />
        <span className="match-count" aria-live="polite">
          {query.trim().length >= 2 ? `${matches.size} match${matches.size === 1 ? '' : 'es'}` : ''}
          {query.trim().length >= 2 && hiddenMatches > 0
            ? `, ${hiddenMatches} inside collapsed summaries (Enter opens the first)`
            : ''}
        </span>
        <label>
          Layout
          <select
            value={modeChoice}
            onChange={(e) => setModeChoice(e.currentTarget.value as LayoutMode | 'auto')}
          >
            <option value="auto">auto ({defaultLayoutMode(tree)})</option>
            <option value="tidy">tidy (levels top-down)</option>
            <option value="radial">radial</option>
          </select>
        </label>
        <button type="button" onClick={() => canvas.current?.zoomBy(1.25)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => canvas.current?.zoomBy(0.8)} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={() => canvas.current?.fit()}>
          Fit
        </button>
        <button
          type="button"
          onClick={() => setCollapsed(new Set())}
          disabled={collapsed.size === 0}
        >
          Expand all
        </button>
      </div>
      <div className="tree-main">
        <div className="tree-stage" ref={stage}>
          {tree ? null : (
            <p className="tree-empty">No memory tree yet: build one to see it here.</p>
          )}
          <TreeCanvas
            ref={canvas}
            tree={tree}
            layout={layout}
            codes={codes}
            selected={selectedIndex}
            current={currentIndex}
            matches={matches}
            label={label}
            stats={stats}
            onSelect={(i) => select(idAt(i))}
            onToggle={(i) => {
              const id = idAt(i);
              if (id) toggle(id);
            }}
          />
          <Legend />
        </div>
        <aside className="tree-side" aria-label="Node details and outline">
          {tree && selected ? (
            <NodePanel
              ref={panel}
              tree={tree}
              id={selected}
              traversal={traversal ?? []}
              collapsed={collapsed.has(selected)}
              onToggle={() => toggle(selected)}
              onClose={() => select(null)}
              {...(onOpenFact ? { onOpenFact } : {})}
            />
          ) : (
            <p className="tree-hint">
              Click a node (or pick one in the outline) to see its summary, member facts and where
              they came from.
            </p>
          )}
          {tree ? (
            <details className="outline" open>
              <summary>Outline</summary>
              <NodeList tree={tree} matches={matches} onSelect={select} />
            </details>
          ) : null}
        </aside>
      </div>
      {traversal && traversal.length > 0 ? <ReplayControls replay={replay} brute={brute} /> : null}
    </div>
  );
}

function lastCalls(events: readonly TraversalEvent[] | undefined): number {
  const done = events?.findLast((e) => e.type === 'done');
  return done?.type === 'done' ? done.calls : 0;
}

function totalTokens(events: readonly TraversalEvent[] | undefined): number {
  const done = events?.findLast((e) => e.type === 'done');
  return done?.type === 'done' ? done.tokens : 0;
}
