/**
 * Incremental insert: a new session's facts join the tree without a rebuild. Each fact is merged
 * into a near-duplicate, routed to the closest leaf cluster, or opens a new leaf; a leaf that
 * grows past 2k is split in two; only the summaries above changed leaves are rewritten (keyword
 * labels, written without an LLM, are recomputed for the whole tree: siblings' keywords move too).
 */
import type { EmbedderPort } from '../ports.ts';
import { mergeSources } from '../facts/dedup.ts';
import type { EmbeddedFact, Fact, MemoryTree, NodeId, Vector } from '../types.ts';
import { cosine } from '../vector.ts';
import { centreOf } from './cohesion.ts';
import { DUPLICATE_COSINE, MAX_LEAF_SIZE, MAX_ROOTS } from './constants.ts';
import { factNodeId, TreeDraft } from './draft.ts';
import { labelTree } from './label-tree.ts';
import { splitInTwo } from './split.ts';
import type { Summariser } from './summarise.ts';

export interface InsertOptions {
  readonly summariser: Summariser;
  readonly embedder: EmbedderPort;
  readonly signal?: AbortSignal;
  /** Rebuilds a flat tree (all facts are roots) that outgrows L; the caller passes its build. */
  readonly rebuild: (facts: readonly EmbeddedFact[]) => Promise<MemoryTree>;
}

export interface InsertReport {
  readonly added: number;
  /** Facts folded into an existing near-duplicate (their provenance kept). */
  readonly merged: number;
  readonly newLeaves: number;
  readonly splits: number;
  /** Summary nodes whose text was rewritten: only ancestors of changed leaves. */
  readonly resummarised: readonly NodeId[];
  /** True when the tree was small and flat and was rebuilt whole instead. */
  readonly rebuilt: boolean;
}

export async function insertFacts(
  tree: MemoryTree,
  newFacts: readonly EmbeddedFact[],
  options: InsertOptions,
): Promise<{ tree: MemoryTree; report: InsertReport }> {
  const draft = TreeDraft.from(tree);
  const admission = tree.build.leafCohesion - 2 * tree.build.leafCohesionStd;
  const dirty = new Set<NodeId>();
  let added = 0;
  let merged = 0;
  let newLeaves = 0;
  let splits = 0;

  for (const fact of newFacts) {
    options.signal?.throwIfAborted();
    const duplicate = findDuplicate(draft, fact.embedding);
    if (duplicate) {
      draft.facts.set(duplicate.id, {
        ...duplicate,
        sources: mergeSources([duplicate.sources, fact.sources]),
      });
      merged++;
      continue;
    }
    const factNode = draft.addFact(fact, fact.embedding);
    added++;
    if (draft.height === 1) continue; // flat tree: the fact is a root
    const leaf = routeToLeaf(draft, fact.embedding, admission);
    if (leaf) {
      draft.attach(factNode.id, leaf);
      markAncestry(draft, leaf, dirty);
      if (draft.node(leaf).children.length > MAX_LEAF_SIZE) {
        const sibling = splitLeaf(draft, leaf);
        markAncestry(draft, sibling, dirty);
        splits++;
      }
    } else {
      const created = draft.addSummary(1, fact.text, fact.embedding, [factNode.id]);
      placeUnderClosestParent(draft, created.id);
      markAncestry(draft, created.id, dirty);
      newLeaves++;
    }
  }

  if (draft.height === 1 && (draft.levels[0]?.length ?? 0) > MAX_ROOTS) {
    const all = [...draft.facts.values()].map((f) => ({
      ...f,
      embedding: draft.node(factNodeId(f.id)).embedding,
    }));
    const rebuilt = labelTree(await options.rebuild(all));
    return {
      tree: rebuilt,
      report: { added, merged, newLeaves: 0, splits: 0, resummarised: [], rebuilt: true },
    };
  }

  const resummarised = await resummarise(draft, dirty, options);
  return {
    tree: labelTree(draft.freeze(tree.build, tree.insertedSinceBuild + added)),
    report: { added, merged, newLeaves, splits, resummarised, rebuilt: false },
  };
}

function findDuplicate(draft: TreeDraft, embedding: Vector): Fact | undefined {
  for (const id of draft.levels[0] ?? []) {
    const node = draft.node(id);
    if (node.factId !== undefined && cosine(node.embedding, embedding) >= DUPLICATE_COSINE) {
      return draft.facts.get(node.factId);
    }
  }
  return undefined;
}

/**
 * The leaf whose centre is closest, if the fact would sit in it about as tightly as facts sat in
 * their leaves at build time (within two standard deviations); otherwise undefined: a new leaf.
 */
function routeToLeaf(draft: TreeDraft, embedding: Vector, admission: number): NodeId | undefined {
  const lookup = (id: NodeId) => draft.node(id);
  let best: NodeId | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const leaf of draft.levels[1] ?? []) {
    const score = cosine(centreOf(lookup, leaf), embedding);
    if (score > bestScore) [best, bestScore] = [leaf, score];
  }
  return bestScore >= admission ? best : undefined;
}

/** Attaches a new node under the closest node one level up, recursively up to the roots. */
function placeUnderClosestParent(draft: TreeDraft, id: NodeId): void {
  const node = draft.node(id);
  const parents = draft.levels[node.level + 1];
  if (!parents || parents.length === 0) return; // it is a root now
  const lookup = (p: NodeId) => draft.node(p);
  let best = parents[0] as NodeId;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const parent of parents) {
    const score = cosine(centreOf(lookup, parent), node.embedding);
    if (score > bestScore) [best, bestScore] = [parent, score];
  }
  draft.attach(id, best);
}

function splitLeaf(draft: TreeDraft, leaf: NodeId): NodeId {
  const children = draft.node(leaf).children;
  const [, moved] = splitInTwo(children.map((id) => draft.node(id).embedding));
  const movedIds = moved.map((i) => children[i] as NodeId);
  const first = draft.node(movedIds[0] as NodeId);
  const sibling = draft.addSummary(1, first.text, first.embedding, movedIds);
  const parent = draft.node(leaf).parent;
  if (parent !== null) draft.attach(sibling.id, parent);
  return sibling.id;
}

function markAncestry(draft: TreeDraft, id: NodeId, dirty: Set<NodeId>): void {
  for (const at of draft.ancestry(id)) dirty.add(at);
}

/** Rewrites the dirty summaries bottom-up, so each sees its children's new text. */
async function resummarise(
  draft: TreeDraft,
  dirty: Set<NodeId>,
  options: InsertOptions,
): Promise<NodeId[]> {
  const order = [...dirty].filter((id) => draft.node(id).level > 0);
  order.sort((a, b) => draft.node(a).level - draft.node(b).level);
  for (const id of order) {
    const node = draft.node(id);
    const members = node.children.map((child) => draft.node(child));
    const summary = await options.summariser.summarise(members, options.signal);
    const embedding =
      summary.embedding ?? (await options.embedder.embed([summary.text], options.signal))[0];
    if (!embedding) throw new Error('The embedder returned no vector for a summary');
    node.text = summary.text;
    node.embedding = embedding;
  }
  return order;
}
