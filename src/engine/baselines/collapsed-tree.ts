/**
 * RAPTOR's "collapsed tree" retrieval: every node of the memory tree, at every level, competes
 * on cosine with the query; the best are returned. No traversal and no LLM call — the baseline
 * the judged top-down walk has to beat.
 */
import type { EmbedderPort, Tokenizer } from '../ports.ts';
import type { Retriever, RetrievedItem } from '../retrieval.ts';
import type { FactId, MemoryTree, NodeId, SessionId, TreeNode } from '../types.ts';
import { approximateTokenizer } from '../tokens.ts';
import { cosine } from '../vector.ts';
import { throwIfAborted } from '../errors.ts';
import { checkK, selectionResult, type Selection } from './flat-result.ts';
import { EmbeddingCountError } from './flat-topk.ts';
import { TreeIntegrityError } from '../tree/tree-integrity-error.ts';

export interface NodeProvenance {
  readonly factIds: readonly FactId[];
  readonly sessionIds: readonly SessionId[];
}

/**
 * The facts under every node (its level-0 descendants' facts) and their sessions, in
 * depth-first order, computed once for the whole tree.
 */
export function nodeProvenance(tree: MemoryTree): Map<NodeId, NodeProvenance> {
  const facts = new Map<NodeId, readonly FactId[]>();
  const visiting = new Set<NodeId>();
  const factsUnder = (node: TreeNode): readonly FactId[] => {
    const known = facts.get(node.id);
    if (known) return known;
    if (visiting.has(node.id))
      throw new TreeIntegrityError(`Memory tree has a cycle at node ${node.id}; rebuild the tree.`);
    visiting.add(node.id);
    const own: FactId[] = node.factId ? [node.factId] : [];
    for (const childId of node.children) {
      const child = tree.nodes.get(childId);
      if (!child)
        throw new TreeIntegrityError(
          `Node ${node.id} lists a missing child ${childId}; rebuild the tree.`,
        );
      own.push(...factsUnder(child));
    }
    visiting.delete(node.id);
    const unique = [...new Set(own)];
    facts.set(node.id, unique);
    return unique;
  };
  const out = new Map<NodeId, NodeProvenance>();
  for (const node of tree.nodes.values()) {
    const factIds = factsUnder(node);
    const sessionIds = new Set<SessionId>();
    for (const id of factIds)
      for (const source of tree.facts.get(id)?.sources ?? []) sessionIds.add(source.sessionId);
    out.set(node.id, { factIds, sessionIds: [...sessionIds] });
  }
  return out;
}

export interface CollapsedTreeOptions {
  readonly name?: string;
  readonly tree: MemoryTree;
  /** Embeds the query: must be the embedder the tree was built with. */
  readonly embedder: EmbedderPort;
  /** At most this many nodes. */
  readonly k?: number;
  /**
   * At most this many context tokens: nodes are taken best-first and selection stops at the
   * first node that would exceed the budget (as RAPTOR does). With `k` too, whichever binds first.
   */
  readonly tokenBudget?: number;
  readonly tokenizer?: Tokenizer;
}

/** Top-k (or top-by-token-budget) over all nodes of every level; ties keep tree order (level 0 first). */
export function createCollapsedTreeRetriever(options: CollapsedTreeOptions): Retriever {
  const { tree, embedder } = options;
  if (options.k === undefined && options.tokenBudget === undefined) {
    throw new TypeError('The collapsed-tree retriever needs k, tokenBudget, or both.');
  }
  const k = options.k === undefined ? Infinity : checkK(options.k);
  const budget =
    options.tokenBudget === undefined ? Infinity : checkK(options.tokenBudget, 'tokenBudget');
  const tokenizer = options.tokenizer ?? approximateTokenizer;
  const provenance = nodeProvenance(tree);
  const nodes = tree.levels.flat().map((id) => {
    const node = tree.nodes.get(id);
    if (!node)
      throw new TreeIntegrityError(`Tree level lists a missing node ${id}; rebuild the tree.`);
    return node;
  });
  return {
    name: options.name ?? 'collapsed-tree',
    async retrieve(query, retrieveOptions = {}) {
      throwIfAborted(retrieveOptions.signal);
      const [q] = await embedder.embed([query], retrieveOptions.signal);
      throwIfAborted(retrieveOptions.signal);
      if (!q) throw new EmbeddingCountError(embedder.id, 1, 0);
      const ranked = nodes
        .map((node, index) => ({ node, index, score: cosine(node.embedding, q) }))
        .sort((a, b) => b.score - a.score || a.index - b.index);
      const selections: Selection[] = [];
      let tokens = 0;
      for (const { node, score } of ranked) {
        if (selections.length >= k) break;
        const cost = tokenizer.count(node.text);
        if (tokens + cost > budget) break;
        tokens += cost;
        const p = provenance.get(node.id);
        const item: RetrievedItem = {
          id: node.id,
          text: node.text,
          sessionIds: p?.sessionIds ?? [],
          factIds: p?.factIds ?? [],
          score,
        };
        selections.push({
          item,
          level: node.level,
          ...(node.factId ? { factId: node.factId } : {}),
        });
      }
      return selectionResult(selections, tokenizer, retrieveOptions);
    },
  };
}
