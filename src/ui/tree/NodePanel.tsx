/**
 * The side panel for one node: its text, the judge's verdict, member facts and their provenance;
 * with `onOpenFact`, each fact links to its row in the memory inspector.
 */
import type { Ref } from 'react';
import type { TraversalEvent } from '../../engine/retrieval.ts';
import { factsUnder } from '../../engine/tree/subtree.ts';
import type { Fact, TreeOutline, NodeId } from '../../engine/types.ts';
import { FactDates } from './FactDates.tsx';

const MAX_FACTS = 120;

interface Props {
  readonly tree: TreeOutline;
  readonly id: NodeId;
  readonly traversal: readonly TraversalEvent[];
  readonly collapsed: boolean;
  readonly onToggle: () => void;
  readonly onClose: () => void;
  readonly onOpenFact?: (factId: string) => void;
  /** Focused when the node is revealed from elsewhere ("Show in tree"). */
  readonly ref?: Ref<HTMLElement>;
}

function kind(level: number, isRoot: boolean): string {
  if (level === 0) return isRoot ? 'Fact (a root: too few facts for summaries)' : 'Fact';
  return `${isRoot ? 'Root summary' : 'Summary'} · level ${level}`;
}

function verdictOf(traversal: readonly TraversalEvent[], id: NodeId) {
  for (let i = traversal.length - 1; i >= 0; i--) {
    const e = traversal[i];
    if (e && (e.type === 'keep' || e.type === 'prune') && e.node === id) return e;
  }
  return undefined;
}

function OpenInInspector(props: {
  fact: Fact;
  onOpen: (factId: string) => void;
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      className={
        props.compact ? 'open-in-inspector open-in-inspector-compact' : 'open-in-inspector'
      }
      aria-label={`Open in inspector: ${props.fact.text}`}
      onClick={() => props.onOpen(props.fact.id)}
    >
      Open in inspector
    </button>
  );
}

function Provenance({ fact }: { fact: Fact }) {
  return (
    <ul className="provenance">
      {fact.sources.map((s, i) => (
        <li key={i}>
          session <code>{s.sessionId}</code>
          {s.turnIds.length > 0 ? (
            <> · turns {s.turnIds.map((t) => t.replace(`${s.sessionId}:`, '')).join(', ')}</>
          ) : null}
          {s.time ? <> · {s.time}</> : null}
        </li>
      ))}
    </ul>
  );
}

export function NodePanel(props: Props) {
  const { tree, id, traversal, collapsed, onToggle, onClose, onOpenFact, ref } = props;
  const node = tree.nodes.get(id);
  if (!node) return null;
  const isRoot = node.parent === null;
  const facts = factsUnder(tree, id);
  const verdict = verdictOf(traversal, id);
  const ownFact = node.factId !== undefined ? tree.facts.get(node.factId) : undefined;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="node-panel"
      aria-label="Selected memory node"
      data-testid="node-panel"
      data-node-id={id}
    >
      <header>
        <h3>{kind(node.level, isRoot)}</h3>
        <button type="button" onClick={onClose} aria-label="Close node details">
          ×
        </button>
      </header>
      <p
        className={
          ownFact?.supersededBy === undefined ? 'node-text' : 'node-text node-text-replaced'
        }
      >
        {node.text}
      </p>
      {ownFact ? (
        <p className="node-dates">
          <FactDates fact={ownFact} />
        </p>
      ) : null}
      {ownFact && onOpenFact ? <OpenInInspector fact={ownFact} onOpen={onOpenFact} /> : null}
      {verdict ? (
        <p className={`node-verdict node-verdict-${verdict.type}`}>
          Judge: <strong>{verdict.type === 'keep' ? 'kept' : 'pruned'}</strong>
          {verdict.score !== undefined ? ` (score ${verdict.score.toFixed(3)})` : ''} —{' '}
          {verdict.reason || 'no reason given'}
        </p>
      ) : null}
      {node.children.length > 0 ? (
        <button type="button" onClick={onToggle}>
          {collapsed ? 'Expand' : 'Collapse'} subtree ({node.children.length} children)
        </button>
      ) : null}
      <h4>
        {facts.length} member fact{facts.length === 1 ? '' : 's'}
      </h4>
      <ol className="member-facts">
        {facts.slice(0, MAX_FACTS).map((f) => (
          <li key={f.id}>
            <span className={f.supersededBy === undefined ? undefined : 'member-replaced'}>
              {f.text}
            </span>{' '}
            <span className="category">{f.category}</span> <FactDates fact={f} />
            {onOpenFact && !ownFact ? (
              <OpenInInspector fact={f} onOpen={onOpenFact} compact />
            ) : null}
            <Provenance fact={f} />
          </li>
        ))}
      </ol>
      {facts.length > MAX_FACTS ? <p>… and {facts.length - MAX_FACTS} more.</p> : null}
    </section>
  );
}
