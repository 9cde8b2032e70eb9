/**
 * Incremental insert: a new session's facts join the tree without a rebuild. Each fact is merged
 * into a near-duplicate, routed to the closest leaf cluster, or opens a new leaf; a leaf that
 * grows past 2k is split in two; only the summaries above changed leaves are rewritten. Keyword
 * labels (written without an LLM) are redone for the changed summaries and their siblings, now or,
 * with `deferLabels`, by a later `labelPending` (the tree lists them as `unlabelled`).
 */
import type { EmbedderPort } from '../ports.ts';
import { mergeSources } from '../facts/dedup.ts';
import type { EmbeddedFact, Fact, MemoryTree, NodeId, Vector } from '../types.ts';
import { DUPLICATE_COSINE, MAX_LEAF_SIZE, MAX_ROOTS } from './constants.ts';
import { factNodeId, TreeDraft } from './draft.ts';
import { InsertIndex, keepInsertLayout, takeInsertLayout } from './insert-index.ts';
import { labelListed, labelTree, withUnlabelled } from './label-tree.ts';
import { splitInTwo } from './split.ts';
import type { Summariser } from './summarise.ts';

export interface InsertOptions {
  readonly summariser: Summariser;
  readonly embedder: EmbedderPort;
  readonly signal?: AbortSignal;
  /** Rebuilds a flat tree (all facts are roots) that outgrows L; the caller passes its build. */
  readonly rebuild: (facts: readonly EmbeddedFact[]) => Promise<MemoryTree>;
  /**
   * Leaves the changed summaries' keyword labels to `labelPending` (listed in the tree's
   * `unlabelled`) instead of writing them now: the app's insert commits its facts first and
   * labels them in the background (a tenth of a second at 30,000 facts).
   */
  readonly deferLabels?: boolean;
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

  // The index reads the draft without taking copies of the nodes it reads.
  const index = new InsertIndex(
    {
      get levels() {
        return draft.levels;
      },
      node: (id) => draft.peek(id),
    },
    takeInsertLayout(tree),
    tree.nodes,
  );
  draft.onChildrenChanged = (id) => index.childrenChanged(id);
  // Every new fact's first near-duplicate among the tree's facts, in one pass; during the loop
  // only the facts this insert adds (appended to level 0) are searched again.
  const before = index.firstAtLeastEach(
    newFacts.map((f) => f.embedding),
    DUPLICATE_COSINE,
  );
  // The facts no near-duplicate holds yet are placed: their cosines to every leaf, in one pass.
  if (draft.height > 1) {
    index.scoreLeavesAhead(newFacts.flatMap((f, i) => (before.found[i] ? [] : [f.embedding])));
  }
  for (const [i, fact] of newFacts.entries()) {
    options.signal?.throwIfAborted();
    const duplicate = findDuplicate(
      draft,
      before.found[i] ?? index.firstAtLeast(fact.embedding, DUPLICATE_COSINE, before.rows),
    );
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
    const leaf = routeToLeaf(index, fact.embedding, admission);
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
      placeUnderClosestParent(draft, index, created.id);
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
  const frozen = withUnlabelled(draft.freeze(tree.build, tree.insertedSinceBuild + added), [
    ...(tree.unlabelled ?? []),
    ...dirty,
  ]);
  const next = options.deferLabels ? frozen : labelListed(frozen, tree);
  // The next insert starts from what this one laid out: its centres but those of the nodes
  // resummarised since (their embeddings changed), which are all dirty.
  draft.onChildrenChanged = undefined;
  keepInsertLayout(next, index.layout, dirty);
  return {
    tree: next,
    report: { added, merged, newLeaves, splits, resummarised, rebuilt: false },
  };
}

/** The fact of fact node `id`, if any. */
function findDuplicate(draft: TreeDraft, id: NodeId | undefined): Fact | undefined {
  const factId = id === undefined ? undefined : draft.peek(id).factId;
  return factId === undefined ? undefined : draft.facts.get(factId);
}

/**
 * The leaf whose centre is closest, if the fact would sit in it about as tightly as facts sat in
 * their leaves at build time (within two standard deviations); otherwise undefined: a new leaf.
 */
function routeToLeaf(index: InsertIndex, embedding: Vector, admission: number): NodeId | undefined {
  const { leaf, score } = index.closestLeaf(embedding);
  return score >= admission ? leaf : undefined;
}

/** Attaches a new node under the closest node one level up (none when it is a root now). */
function placeUnderClosestParent(draft: TreeDraft, index: InsertIndex, id: NodeId): void {
  const node = draft.node(id);
  const { node: best } = index.closestAt(node.level + 1, node.embedding);
  if (best === undefined) return;
  draft.attach(id, best);
}

function splitLeaf(draft: TreeDraft, leaf: NodeId): NodeId {
  const children = draft.node(leaf).children;
  const [, moved] = splitInTwo(children.map((id) => draft.peek(id).embedding));
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
    const members = node.children.map((child) => draft.peek(child));
    const summary = await options.summariser.summarise(members, options.signal);
    const embedding =
      summary.embedding ?? (await options.embedder.embed([summary.text], options.signal))[0];
    if (!embedding) throw new Error('The embedder returned no vector for a summary');
    node.text = summary.text;
    node.embedding = embedding;
  }
  return order;
}
