/**
 * Changing a built tree on the user's behalf: edit a fact's text, delete facts, forget sessions.
 * Only the affected ancestors are re-summarised (bottom-up); summaries left with no children are
 * removed, up to the roots; a fact that loses some of its sources keeps the others. Keyword labels
 * (no LLM) are recomputed afterwards, for siblings too.
 */
import type { EmbedderPort } from '../ports.ts';
import type { FactId, MemoryTree, NodeId, SessionId } from '../types.ts';
import { factNodeId, TreeDraft } from './draft.ts';
import { labelTree } from './label-tree.ts';
import type { Summariser } from './summarise.ts';

export interface EditOptions {
  readonly embedder: EmbedderPort;
  readonly summariser: Summariser;
  readonly signal?: AbortSignal;
}

export interface EditResult {
  readonly tree: MemoryTree;
  /** Facts removed from the tree. */
  readonly removed: readonly FactId[];
  /** Facts kept with fewer sources. */
  readonly trimmed: readonly FactId[];
  /** Summary nodes rewritten (ancestors of what changed). */
  readonly resummarised: readonly NodeId[];
}

export class UnknownFactError extends Error {
  override readonly name = 'UnknownFactError';
  constructor(id: FactId) {
    super(`Fact ${id} is not in the memory tree (it may have been deleted already).`);
  }
}

async function embedOne(embedder: EmbedderPort, text: string, signal?: AbortSignal) {
  const [vector] = await embedder.embed([text], signal);
  if (!vector) throw new Error('The embedder returned no vector');
  return vector;
}

/** Rewrites the dirty summaries bottom-up, so each sees its children's new text. */
async function resummarise(draft: TreeDraft, dirty: Set<NodeId>, options: EditOptions) {
  const order = [...dirty].filter((id) => draft.nodes.has(id) && draft.node(id).level > 0);
  order.sort((a, b) => draft.node(a).level - draft.node(b).level);
  for (const id of order) {
    const node = draft.node(id);
    const members = node.children.map((child) => draft.node(child));
    const summary = await options.summariser.summarise(members, options.signal);
    node.text = summary.text;
    node.embedding =
      summary.embedding ?? (await embedOne(options.embedder, summary.text, options.signal));
  }
  return order;
}

/** Removes a node; a parent left childless goes too. Marks the surviving ancestors dirty. */
function removeNode(draft: TreeDraft, id: NodeId, dirty: Set<NodeId>): void {
  const node = draft.node(id);
  draft.nodes.delete(id);
  dirty.delete(id);
  const level = draft.levels[node.level];
  if (level) level.splice(level.indexOf(id), 1);
  if (node.parent === null) return;
  const parent = draft.node(node.parent);
  parent.children = parent.children.filter((c) => c !== id);
  if (parent.children.length === 0) removeNode(draft, parent.id, dirty);
  else for (const at of draft.ancestry(parent.id)) dirty.add(at);
}

function trimLevels(draft: TreeDraft): void {
  while (draft.levels.length > 1 && (draft.levels[draft.levels.length - 1]?.length ?? 0) === 0) {
    draft.levels.pop();
  }
}

function finish(
  tree: MemoryTree,
  draft: TreeDraft,
  removed: FactId[],
  trimmed: FactId[],
  resummarised: NodeId[],
): EditResult {
  return {
    tree: labelTree(draft.freeze(tree.build, tree.insertedSinceBuild)),
    removed,
    trimmed,
    resummarised,
  };
}

/** New text for a fact: re-embedded, and its ancestors' summaries rewritten. */
export async function editFact(
  tree: MemoryTree,
  factId: FactId,
  text: string,
  options: EditOptions,
): Promise<EditResult> {
  const fact = tree.facts.get(factId);
  if (!fact) throw new UnknownFactError(factId);
  const draft = TreeDraft.from(tree);
  draft.facts.set(factId, { ...fact, text });
  const node = draft.node(factNodeId(factId));
  node.text = text;
  node.embedding = await embedOne(options.embedder, text, options.signal);
  const dirty = new Set(draft.ancestry(node.id).slice(1));
  const resummarised = await resummarise(draft, dirty, options);
  return finish(tree, draft, [], [], resummarised);
}

async function dropFacts(
  tree: MemoryTree,
  draft: TreeDraft,
  ids: readonly FactId[],
  trimmed: FactId[],
  options: EditOptions,
): Promise<EditResult> {
  const dirty = new Set<NodeId>();
  for (const id of ids) {
    draft.facts.delete(id);
    removeNode(draft, factNodeId(id), dirty);
  }
  trimLevels(draft);
  const resummarised = await resummarise(draft, dirty, options);
  return finish(tree, draft, [...ids], trimmed, resummarised);
}

/** Deletes facts (and summaries left empty); unknown ids are an error, nothing is changed. */
export async function removeFacts(
  tree: MemoryTree,
  factIds: readonly FactId[],
  options: EditOptions,
): Promise<EditResult> {
  for (const id of factIds) if (!tree.facts.has(id)) throw new UnknownFactError(id);
  return dropFacts(tree, TreeDraft.from(tree), [...new Set(factIds)], [], options);
}

/**
 * Forgets sessions: a fact seen only in them is deleted; a fact also seen elsewhere keeps its
 * other sources (its text, embedding and place in the tree are unchanged).
 */
export async function forgetSessions(
  tree: MemoryTree,
  sessionIds: readonly SessionId[],
  options: EditOptions,
): Promise<EditResult> {
  const forget = new Set<string>(sessionIds);
  const draft = TreeDraft.from(tree);
  const removed: FactId[] = [];
  const trimmed: FactId[] = [];
  for (const fact of tree.facts.values()) {
    const kept = fact.sources.filter((s) => !forget.has(s.sessionId));
    if (kept.length === fact.sources.length) continue;
    if (kept.length === 0) removed.push(fact.id);
    else {
      trimmed.push(fact.id);
      draft.facts.set(fact.id, { ...fact, sources: kept });
    }
  }
  return dropFacts(tree, draft, removed, trimmed, options);
}
