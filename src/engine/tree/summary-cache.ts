/**
 * A summary cache for builds: a cluster whose inputs are exactly those of a summary written
 * before gets that summary back instead of an LLM call, so a background rebuild re-summarises
 * only the clusters whose members changed, and their ancestors.
 *
 * The key holds everything the summary depends on: the summary prompt's version, the
 * summariser's and the embedder's names (the cached embedding is of the text), the cluster's
 * member facts (sorted ids of every fact below it) and the texts its children hand the
 * summariser (sorted: the prompt's order does not change what the summary should say). A
 * changed fact text changes its leaf's key; a re-summarised child changes its parent's key.
 *
 * The cache needs no storage of its own: the previous tree's summary nodes are the cache
 * (`summaryCacheFrom`). Only summaries an LLM wrote are entries; a node of one member (which
 * stands for itself) or whose text is machine-written (the central-member stand-in, a keyword
 * label, a failed LLM summary) is written again, which costs no call, or retries the failed one. A tree does not record which
 * model wrote its summaries: they are taken as the current summariser's, as the live tree
 * already shows them.
 */
import type { FactId, MemoryTree, NodeId, TreeNode, Vector } from '../types.ts';
import { isMachineText } from './label-tree.ts';
import { SUMMARY_PROMPT_VERSION } from './prompts.ts';
import { centralMember, keywordSummariser } from './summarise.ts';

/** A summary written before: its text and that text's embedding. */
export interface CachedSummary {
  readonly text: string;
  readonly embedding: Vector;
}

/** Looks a summary up by `summaryKey` (a Map is one). */
export interface SummaryCache {
  get(key: string): CachedSummary | undefined;
}

/** Who writes and embeds the summaries. */
export interface SummaryIdentity {
  readonly summariser: string;
  readonly embedder: string;
}

export interface SummaryInputs extends SummaryIdentity {
  /** Every fact below the cluster. */
  readonly factIds: readonly FactId[];
  /** The texts the cluster's children hand the summariser. */
  readonly childTexts: readonly string[];
}

export function summaryKey(inputs: SummaryInputs): string {
  return JSON.stringify([
    SUMMARY_PROMPT_VERSION,
    inputs.summariser,
    inputs.embedder,
    [...inputs.factIds].sort(),
    [...inputs.childTexts].sort(),
  ]);
}

/**
 * The LLM summaries of `tree`, keyed as a fresh build by `identity` looks them up. Empty for the
 * keyword summariser: its summaries cost nothing and `labelTree` writes every label again.
 */
export function summaryCacheFrom(
  tree: MemoryTree,
  identity: SummaryIdentity,
): Map<string, CachedSummary> {
  const cache = new Map<string, CachedSummary>();
  if (identity.summariser === keywordSummariser.name) return cache;
  const factsBelow = new Map<NodeId, readonly FactId[]>();
  /** What a fresh build's summariser sees of a node: a machine-written node is its stand-in. */
  const handedUp = new Map<NodeId, string>();
  tree.levels.forEach((ids, level) => {
    for (const id of ids) {
      const node = tree.nodes.get(id);
      if (!node) continue;
      if (level === 0) {
        factsBelow.set(id, node.factId === undefined ? [] : [node.factId]);
        handedUp.set(id, node.text);
        continue;
      }
      const children = node.children.flatMap((c) => tree.nodes.get(c) ?? []);
      const factIds = children.flatMap((c) => factsBelow.get(c.id) ?? []);
      const inputs = children.map((c: TreeNode) => ({
        text: handedUp.get(c.id) ?? c.text,
        embedding: c.embedding,
      }));
      factsBelow.set(id, factIds);
      const memberTexts = new Set(factIds.flatMap((f) => tree.facts.get(f)?.text ?? []));
      // One member stands for itself, at no cost; a machine-written text was a stand-in.
      if (inputs.length <= 1 || isMachineText(node.text, memberTexts)) {
        if (inputs.length > 0) handedUp.set(id, centralMember(inputs).text);
        continue;
      }
      handedUp.set(id, node.text);
      const key = summaryKey({ ...identity, factIds, childTexts: inputs.map((i) => i.text) });
      cache.set(key, { text: node.text, embedding: node.embedding });
    }
  });
  return cache;
}
