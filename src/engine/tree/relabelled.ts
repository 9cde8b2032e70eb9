/**
 * A tree whose labels alone were written (`labelPending`) keeps what was worked out for the tree
 * it was labelled from and reads only its structure, embeddings and facts: the no-LLM judge's
 * lexicon, the nodes' centroids, the insert layout and the drift report. Working them out again
 * for new label texts would cost a heavy user's next question and insert about a second.
 */
import type { MemoryTree } from '../types.ts';
import { keepDriftFor } from './drift.ts';
import { keepInsertLayout, takeInsertLayout } from './insert-index.ts';
import { keepLexiconFor } from './lexicon.ts';
import { keepCentroidsFor } from './subtree.ts';

/** Whether `to` is `from` with other node texts at most: the same facts and levels, shared. */
export function isRelabelling(from: MemoryTree, to: MemoryTree): boolean {
  if (from.facts !== to.facts || from.levels !== to.levels) return false;
  if (from.nodes.size !== to.nodes.size) return false;
  for (const [id, node] of to.nodes) {
    const before = from.nodes.get(id);
    if (before === node) continue;
    if (
      !before ||
      before.embedding !== node.embedding ||
      before.children !== node.children ||
      before.parent !== node.parent ||
      before.level !== node.level ||
      before.factId !== node.factId
    ) {
      return false;
    }
  }
  return true;
}

/** Hands what `from` has worked out to `to`, when `to` is a relabelling of it; else nothing. */
export function keepDerivedForRelabelled(from: MemoryTree, to: MemoryTree): void {
  if (from === to || !isRelabelling(from, to)) return;
  keepLexiconFor(to, from);
  keepCentroidsFor(to, from);
  keepDriftFor(to, from);
  const layout = takeInsertLayout(from);
  if (layout) keepInsertLayout(to, layout);
}
