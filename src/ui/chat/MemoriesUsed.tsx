/**
 * Under a reply: the facts retrieved and how the tree walk found them (kept / pruned + why), with
 * the model calls and judge tokens the search spent, their estimated model time (this device's
 * measured speed, or a typical laptop's) and the time the search took. A
 * task reply is written from the task memory (its card), so its facts are shown as related.
 */
import { useEffect } from 'react';
import { DEVICE_PROFILES, estimatedSearchMs } from '../../engine/cost/index.ts';
import type { MemoriesUsed as Memories } from '../../state/chat-types.ts';
import { thisDeviceEstimate, type DeviceEstimate } from '../../state/runtime-slice.ts';
import { useGrove, useServices } from '../app-context.tsx';
import { duration } from '../duration.ts';
import { summariseTraversal, walkShown, type JudgedNode } from './traversal-summary.ts';

const MAX_LISTED = 12;

/** The judge calls' time on this device when it is known, else on a typical laptop. */
function estimatedTime(calls: number, tokens: number, here: DeviceEstimate | null): string {
  if (calls === 0) return '';
  const { profile, where } = here ?? {
    profile: DEVICE_PROFILES.typical,
    where: 'on a typical laptop',
  };
  return ` · est. ${duration(estimatedSearchMs(calls, tokens, profile))} of model time ${where}`;
}

function JudgedList({ nodes, verdict }: { nodes: readonly JudgedNode[]; verdict: string }) {
  if (nodes.length === 0) return null;
  return (
    <ul className={`judged judged-${verdict}`}>
      {nodes.slice(0, MAX_LISTED).map((n) => (
        <li key={`${n.node}-${verdict}`}>
          <span className="verdict">{verdict}</span> <span className="level">L{n.level}</span>{' '}
          <span className="node-text">{n.text}</span>
          <span className="reason"> — {n.reason || 'no reason given'}</span>
        </li>
      ))}
      {nodes.length > MAX_LISTED && (
        <li className="muted">… and {nodes.length - MAX_LISTED} more</li>
      )}
    </ul>
  );
}

export function MemoriesUsed({
  memories,
  related = false,
}: {
  memories: Memories;
  /** The facts relate to the reply (a task reply) rather than being what it was written from. */
  related?: boolean;
}) {
  const tree = useGrove((s) => s.tree);
  const runtime = useGrove((s) => s.runtime);
  const measured = useGrove((s) => s.measuredProfile);
  const { store, memoryActions } = useServices();
  // The walk judged facts the page does not hold yet (a large forest's summaries came first).
  const missing =
    tree?.partial !== undefined &&
    memories.status !== 'failed' &&
    memories.events.some(
      (e) => (e.type === 'keep' || e.type === 'prune') && !tree.nodes.has(e.node),
    );
  useEffect(() => {
    if (missing) void memoryActions.loadWholeTree();
  }, [missing, memoryActions]);
  if (memories.status === 'failed') {
    return (
      <p className="memories-error" data-testid="memories-error">
        {memories.error}
      </p>
    );
  }
  const summary = summariseTraversal(memories.events, tree);
  const searching = memories.status === 'retrieving';
  const walkKept = walkShown(memories);
  return (
    <details className="memories" data-testid="memories-used">
      <summary>
        {searching
          ? `Searching memory… ${summary.visited} nodes visited`
          : `${related ? 'Related memories' : 'Memories used'}: ${memories.items.length}`}
        {!searching && !walkKept && (
          <span className="muted" data-testid="walk-not-kept">
            {' '}
            · how the walk found them is not kept after a reload ({memories.judge})
            {memories.searchMs === undefined ? '' : ` · searched in ${duration(memories.searchMs)}`}
          </span>
        )}
        {!searching && walkKept && (
          <span className="muted">
            {' '}
            · {summary.kept.length} kept, {summary.pruned.length} pruned · {summary.calls} LLM call
            {summary.calls === 1 ? '' : 's'}
            {summary.calls > 0 ? `, ${summary.tokens} judge tokens` : ''} ({memories.judge})
            {estimatedTime(summary.calls, summary.tokens, thisDeviceEstimate(runtime, measured))}
            {memories.searchMs === undefined ? '' : ` · searched in ${duration(memories.searchMs)}`}
          </span>
        )}
      </summary>
      {memories.items.length > 0 ? (
        <ul className="memory-items" aria-label="Retrieved facts">
          {memories.items.map((item) => (
            <li key={item.id}>{item.text}</li>
          ))}
        </ul>
      ) : (
        !searching && (
          <p className="muted">
            {related ? 'No related memory was found.' : 'No memory was used for this reply.'}
          </p>
        )
      )}
      {summary.fallback && <p className="muted">Fallback: {summary.fallback}</p>}
      {summary.trimmed && <p className="muted">Trimmed: {summary.trimmed}</p>}
      {summary.budgetExhausted && (
        <p className="muted">The LLM call budget ran out; the rest of the walk used embeddings.</p>
      )}
      <h4 className="traversal-heading">How the tree walk found them</h4>
      {memories.events.length > 0 && (
        <button
          type="button"
          className="secondary replay"
          onClick={() => {
            store.getState().setLastTraversal(memories.events);
            store.getState().setView('memory');
          }}
        >
          Watch this walk in the memory tree
        </button>
      )}
      <JudgedList nodes={summary.kept} verdict="kept" />
      <JudgedList nodes={summary.pruned} verdict="pruned" />
      {summary.kept.length + summary.pruned.length === 0 && (
        <p className="muted">
          {memories.events.length === 0
            ? 'The walk’s details are not kept after a reload.'
            : 'The tree is empty: nothing to walk yet.'}
        </p>
      )}
    </details>
  );
}
