/**
 * Labels for the summaries no LLM wrote: each gets keywords (c-TF-IDF of its member facts against
 * its siblings) and its most central member fact (`formatLabel`). A summary an LLM wrote is left
 * as it is; one whose text is a member fact (the central-member stand-in written while building,
 * inserting or editing without an LLM, or an LLM summary that failed) or an earlier label is
 * relabelled. Pure and cheap (one pass over the facts per level): run after every change, so
 * labels follow inserts, splits, edits and deletions, and siblings' keywords stay distinct. The
 * app's inserts leave theirs for `labelPending` (the worker writes them once idle): the tree lists
 * the summaries waiting as `unlabelled`.
 */
import type { FactId, MemoryTree, NodeId, TreeNode, Vector } from '../types.ts';
import { cosine, meanDirection } from '../vector.ts';
import { classCounts, classTfIdf, classWeights, pickKeywords } from './c-tf-idf.ts';
import { factNodeId } from './draft.ts';
import { formatLabel, parseLabel } from './label-format.ts';
import { factTerms, prepareLabels, type FactTerms } from './label-terms.ts';
import { centralMember } from './summarise.ts';
import { LayeredMap } from '../layered-map.ts';

/** Keywords a label has; more (up to the maximum) while they name too few member facts. */
export const LABEL_KEYWORDS = { min: 3, max: 5, coverage: 0.8 } as const;

/** Whether a summary's text was written without an LLM (and so may be rewritten). */
export function isMachineText(text: string, memberTexts: ReadonlySet<string>): boolean {
  return memberTexts.has(text) || parseLabel(text) !== undefined;
}

/** The fact ids under a node, in tree order, worked out when first asked for. */
interface Members {
  get(id: NodeId): readonly FactId[];
  /**
   * How many facts are under a node: `get(id).length` without the lists (a heavy user's upper
   * groups span every fact, and listing them all on each insert cost more than the labels).
   */
  count(id: NodeId): number;
}

/**
 * A leaf's facts, kept per leaf object across labellings: a leaf's children are fact nodes, and a
 * fact node stands for one fact while it lives, so they change only with the leaf's children,
 * which make a new leaf object. Each labelling after an insert listed the facts under every
 * group it weighed, one node look-up per fact (60 ms at 30,000 facts); now per changed leaf.
 */
const leafFacts = new WeakMap<TreeNode, readonly FactId[]>();

function lazyMembers(tree: MemoryTree): Members {
  const known = new Map<NodeId, readonly FactId[]>();
  const factsOf = (node: TreeNode): readonly FactId[] =>
    node.level === 0
      ? node.factId === undefined
        ? []
        : [node.factId]
      : node.children.flatMap((c) => get(c));
  const get = (id: NodeId): readonly FactId[] => {
    const kept = known.get(id);
    if (kept) return kept;
    const node = tree.nodes.get(id);
    let facts: readonly FactId[] = [];
    if (node?.level === 1) {
      const kept = leafFacts.get(node);
      facts = kept ?? factsOf(node);
      if (!kept) leafFacts.set(node, facts);
    } else if (node) facts = factsOf(node);
    known.set(id, facts);
    return facts;
  };
  const counted = new Map<NodeId, number>();
  const count = (id: NodeId): number => {
    const listed = known.get(id);
    if (listed) return listed.length;
    const kept = counted.get(id);
    if (kept !== undefined) return kept;
    const node = tree.nodes.get(id);
    let n = 0;
    if (node?.level === 0) n = node.factId === undefined ? 0 : 1;
    else if (node?.level === 1) n = get(id).length;
    else if (node) for (const child of node.children) n += count(child);
    counted.set(id, n);
    return n;
  };
  return { get, count };
}

/** The nodes a node's keywords are weighed against: its siblings, else its whole level. */
function comparisonGroups(tree: MemoryTree, level: readonly NodeId[]): NodeId[][] {
  const byParent = new Map<string, NodeId[]>();
  for (const id of level) {
    const key = tree.nodes.get(id)?.parent ?? '';
    const group = byParent.get(key);
    if (group) group.push(id);
    else byParent.set(key, [id]);
  }
  const groups = [...byParent.values()];
  const lonely = groups.filter((g) => g.length === 1).flat();
  return [...groups.filter((g) => g.length > 1), ...(lonely.length > 0 ? [[...level]] : [])];
}

/**
 * An insert relabels a comparison group over more facts than this only where it holds a node
 * still showing a stand-in: a few new facts barely move the keywords of thousands, and
 * relabelling a heavy user's upper summaries (10,000 facts each) on every insert cost about a
 * second. They are relabelled at the next full labelling (every rebuild, which drift triggers).
 */
export const SCOPED_RELABEL_MAX_FACTS = 2000;

/**
 * An insert relabels the siblings of a summary it changed (weighed against the same group) only
 * in a group over at most this many facts: there a new fact moves the group's counts enough to
 * change a sibling's keywords. In a larger group (a heavy user's summaries over a thousand facts)
 * it relabels the changed summaries and any stand-in; relabelling every sibling of each changed
 * summary was half of an insert's labelling (0.1 s at 30,000 facts). The next full labelling
 * redoes them all.
 */
export const SIBLING_RELABEL_MAX_FACTS = 200;

/**
 * The tree with every machine-written summary relabelled (and none left `unlabelled`); the same
 * tree when nothing changed. With `changed` (the summaries an insert touched, and any it left
 * unlabelled), only those and their siblings are relabelled, in groups of at most
 * SCOPED_RELABEL_MAX_FACTS facts (and wherever a stand-in waits for its label): the labels such
 * a change can move. Siblings only in groups of at most SIBLING_RELABEL_MAX_FACTS facts. A term
 * crossing the tree-wide frequency limit is picked up by the next full labelling.
 */
export function labelTree(
  tree: MemoryTree,
  changed?: ReadonlySet<NodeId>,
  /** The tree `tree` was changed from, if any: its term counts are carried over. */
  from?: MemoryTree,
): MemoryTree {
  const steps = labelling(tree, changed, from);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The labels the tree lists as `unlabelled`, written at once (`labelTree` scoped to them); the
 * same tree when none are. `from`: the tree it was changed from (see `labelTree`).
 */
export function labelListed(tree: MemoryTree, from?: MemoryTree): MemoryTree {
  return tree.unlabelled === undefined ? tree : labelTree(tree, new Set(tree.unlabelled), from);
}

/**
 * The labels an insert left for later (`unlabelled`), written: `labelTree` scoped to them, a
 * comparison group at a time with `pause` between two (a worker's background work lets a
 * question go first). The same tree when none are pending.
 */
export async function labelPending(
  tree: MemoryTree,
  pause: () => Promise<void> = async () => undefined,
): Promise<MemoryTree> {
  if (tree.unlabelled === undefined) return tree;
  await prepareLabels(tree, pause);
  const steps = labelling(tree, new Set(tree.unlabelled), undefined);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** `tree` with `ids` (those it holds, once each) listed as waiting for their labels. */
export function withUnlabelled(tree: MemoryTree, ids: Iterable<NodeId>): MemoryTree {
  const pending = [...new Set(ids)].filter((id) => tree.nodes.has(id));
  if (pending.length > 0) return { ...tree, unlabelled: pending };
  if (tree.unlabelled === undefined) return tree;
  const { unlabelled: _, ...rest } = tree;
  return rest;
}

/** `labelTree`'s work, yielding after each comparison group it labelled. */
function* labelling(
  tree: MemoryTree,
  changed: ReadonlySet<NodeId> | undefined,
  from: MemoryTree | undefined,
): Generator<void, MemoryTree> {
  if (tree.levels.length <= 1) return withUnlabelled(tree, []);
  const members = lazyMembers(tree);
  const terms = factTerms(tree, from);
  const termsOf = (id: FactId) => terms.get(id) ?? [];
  const texts = new Map<NodeId, string>();
  const inScope = changed && withSiblings(tree, changed);
  for (const level of tree.levels.slice(1)) {
    const candidates = new Set(inScope ? level.filter((id) => inScope.has(id)) : level);
    if (candidates.size === 0) continue;
    for (const group of comparisonGroups(tree, level)) {
      let wanted = group.filter((id) => candidates.has(id));
      if (wanted.length === 0) continue;
      if (changed) {
        const facts = memberCount(group, members);
        const standIn = (id: NodeId) => parseLabel(tree.nodes.get(id)?.text ?? '') === undefined;
        if (facts > SCOPED_RELABEL_MAX_FACTS) wanted = wanted.filter(standIn);
        else if (facts > SIBLING_RELABEL_MAX_FACTS)
          wanted = wanted.filter((id) => changed.has(id) || standIn(id));
      }
      wanted = wanted.filter((id) => needsLabel(tree, id, members));
      if (wanted.length === 0) continue;
      const weightsOf = groupWeights(tree, level, group, members, terms);
      for (const id of wanted) {
        const byCentrality = centralFirst(tree, members.get(id)).map(termsOf);
        const chosen = pickKeywords(weightsOf(id), byCentrality, LABEL_KEYWORDS);
        texts.set(id, formatLabel({ keywords: chosen, quote: quoteOf(tree, members, terms, id) }));
      }
      yield;
    }
  }
  return withUnlabelled(withTexts(tree, texts), []);
}

const memberCount = (group: readonly NodeId[], members: Members) =>
  group.reduce((sum, id) => sum + members.count(id), 0);

/**
 * The c-TF-IDF weights of each node of `group` against the group (`classTfIdf`), worked out for
 * the nodes asked for. A group that is its whole level holds every fact once, so the counts
 * across it are the tree's own (kept across inserts): only the asked nodes' facts are read, not
 * the 30,000 facts under a heavy user's 5,000 leaves (0.15–0.2 s an insert). The weights are
 * the same numbers either way.
 */
function groupWeights(
  tree: MemoryTree,
  level: readonly NodeId[],
  group: readonly NodeId[],
  members: Members,
  terms: FactTerms,
): (id: NodeId) => Map<string, number> {
  const termsOf = (id: FactId) => terms.get(id) ?? [];
  const wholeLevel =
    group.length === level.length && memberCount(group, members) === tree.facts.size;
  if (wholeLevel && group.length > 0) {
    const meanWords = terms.allWords() / group.length;
    return (id) => classWeights(classCounts(members.get(id).map(termsOf)), terms.total, meanWords);
  }
  const weights = classTfIdf(group.map((id) => members.get(id).map(termsOf)));
  return (id) => weights[group.indexOf(id)] ?? new Map();
}

/** The nodes and every child of their parents. */
function withSiblings(tree: MemoryTree, ids: ReadonlySet<NodeId>): Set<NodeId> {
  const out = new Set(ids);
  for (const id of ids) {
    const parent = tree.nodes.get(id)?.parent;
    const siblings = parent == null ? [] : (tree.nodes.get(parent)?.children ?? []);
    for (const sibling of siblings) out.add(sibling);
  }
  return out;
}

function needsLabel(tree: MemoryTree, id: NodeId, members: Members): boolean {
  const node = tree.nodes.get(id);
  if (!node || node.level === 0) return false;
  const memberTexts = new Set<string>();
  for (const factId of members.get(id)) {
    const text = tree.facts.get(factId)?.text;
    if (text !== undefined) memberTexts.add(text);
  }
  return isMachineText(node.text, memberTexts);
}

/** Fact ids ordered by cosine to the direction of all of them, the most central first. */
function centralFirst(tree: MemoryTree, facts: readonly FactId[]): FactId[] {
  const vectors = facts.map((f) => tree.nodes.get(factNodeId(f))?.embedding);
  const present = vectors.filter((v): v is Vector => v !== undefined);
  if (present.length === 0) return [...facts];
  const centre = meanDirection(present);
  const score = (i: number) => {
    const v = vectors[i];
    return v ? cosine(v, centre) : Number.NEGATIVE_INFINITY;
  };
  return facts
    .map((id, i) => ({ id, s: score(i), i }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.id);
}

/** A fact quoted in a label names at least this many candidate keywords, where one does. */
const QUOTE_MIN_TERMS = 3;

/**
 * The member fact closest to the direction of all the node's facts, among those with something
 * to say (a fragment such as "It says 76%." is quoted only when every member is one).
 */
function quoteOf(
  tree: MemoryTree,
  members: Members,
  terms: Pick<FactTerms, 'get'>,
  id: NodeId,
): string {
  const facts = members.get(id).flatMap((factId) => {
    const node = tree.nodes.get(factNodeId(factId));
    const fact = tree.facts.get(factId);
    const rich = (terms.get(factId)?.length ?? 0) >= QUOTE_MIN_TERMS;
    return node && fact ? [{ text: fact.text, embedding: node.embedding, rich }] : [];
  });
  const rich = facts.filter((f) => f.rich);
  const pool = rich.length > 0 ? rich : facts;
  return pool.length === 0 ? (tree.nodes.get(id)?.text ?? '') : centralMember(pool).text;
}

function withTexts(tree: MemoryTree, texts: ReadonlyMap<NodeId, string>): MemoryTree {
  let changed = false;
  const nodes = LayeredMap.edit(tree.nodes);
  for (const [id, text] of texts) {
    const node = tree.nodes.get(id);
    if (!node || text === node.text) continue;
    nodes.set(id, { ...node, text });
    changed = true;
  }
  return changed ? { ...tree, nodes: nodes.freeze() } : tree;
}
