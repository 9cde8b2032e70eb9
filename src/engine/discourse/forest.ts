/**
 * Pure operations on the discourse forest: reading paths, leaves and branches, and the
 * structural steps of a transition (new tree, fork, switch, add a round). Each returns a new
 * state; the input is never mutated.
 */
import type {
  Branch,
  BranchId,
  DiscourseNode,
  DiscourseNodeId,
  DiscourseState,
  TopicTree,
  TreeId,
} from './types.ts';

/** A node, branch or tree id that the state does not hold (a corrupted or foreign state). */
export class DiscourseStateError extends Error {
  override readonly name = 'DiscourseStateError';
}

export function emptyDiscourse(): DiscourseState {
  return {
    version: 1,
    trees: [],
    branches: {},
    nodes: {},
    activeTreeId: null,
    rounds: 0,
    nextIds: { tree: 1, branch: 1, node: 1 },
  };
}

export function getNode(state: DiscourseState, id: DiscourseNodeId): DiscourseNode {
  const node = state.nodes[id];
  if (!node) throw new DiscourseStateError(`Node ${id} is not in this conversation's forest.`);
  return node;
}

export function getBranch(state: DiscourseState, id: BranchId): Branch {
  const branch = state.branches[id];
  if (!branch) throw new DiscourseStateError(`Branch ${id} is not in this conversation's forest.`);
  return branch;
}

export function getTree(state: DiscourseState, id: TreeId): TopicTree {
  const tree = state.trees.find((t) => t.id === id);
  if (!tree)
    throw new DiscourseStateError(`Topic tree ${id} is not in this conversation's forest.`);
  return tree;
}

export function activeTree(state: DiscourseState): TopicTree | undefined {
  return state.activeTreeId === null ? undefined : getTree(state, state.activeTreeId);
}

/** Nodes from the root down to `id` (empty for null). */
export function pathTo(state: DiscourseState, id: DiscourseNodeId | null): DiscourseNode[] {
  const path: DiscourseNode[] = [];
  for (let at = id; at !== null;) {
    const node = getNode(state, at);
    path.push(node);
    at = node.parentId;
  }
  return path.reverse();
}

/** Every node of a tree, in the order they were added. */
export function treeNodes(state: DiscourseState, treeId: TreeId): DiscourseNode[] {
  return Object.values(state.nodes)
    .filter((n) => n.treeId === treeId)
    .sort((a, b) => a.turn - b.turn);
}

/** Nodes of a tree with no child, in the order they were added. */
export function leaves(state: DiscourseState, treeId: TreeId): DiscourseNode[] {
  const nodes = treeNodes(state, treeId);
  const parents = new Set(nodes.map((n) => n.parentId));
  return nodes.filter((n) => !parents.has(n.id));
}

/** The last node of a branch, or its fork node while it has none of its own. */
export function branchTip(state: DiscourseState, branchId: BranchId): DiscourseNodeId | null {
  const branch = getBranch(state, branchId);
  return branch.nodeIds.at(-1) ?? branch.forkNodeId;
}

function replaceTree(state: DiscourseState, tree: TopicTree): DiscourseState {
  return { ...state, trees: state.trees.map((t) => (t.id === tree.id ? tree : t)) };
}

/** Opens a new, empty topic tree (with its main branch) and makes it active. */
export function openTree(state: DiscourseState): DiscourseState {
  const treeId = `t${state.nextIds.tree}`;
  const branchId = `b${state.nextIds.branch}`;
  const tree: TopicTree = {
    id: treeId,
    rootId: null,
    branchIds: [branchId],
    activeBranchId: branchId,
    currentNodeId: null,
  };
  return {
    ...state,
    trees: [...state.trees, tree],
    branches: {
      ...state.branches,
      [branchId]: { id: branchId, treeId, forkNodeId: null, nodeIds: [] },
    },
    activeTreeId: treeId,
    nextIds: { ...state.nextIds, tree: state.nextIds.tree + 1, branch: state.nextIds.branch + 1 },
  };
}

export function activateTree(state: DiscourseState, treeId: TreeId): DiscourseState {
  getTree(state, treeId);
  return { ...state, activeTreeId: treeId };
}

/** CREATE_BRANCH: a new branch of the fork node's tree; the next round attaches to the fork node. */
export function forkBranch(state: DiscourseState, forkNodeId: DiscourseNodeId): DiscourseState {
  const fork = getNode(state, forkNodeId);
  const tree = getTree(state, fork.treeId);
  const branchId = `b${state.nextIds.branch}`;
  const next: DiscourseState = {
    ...state,
    branches: {
      ...state.branches,
      [branchId]: { id: branchId, treeId: tree.id, forkNodeId, nodeIds: [] },
    },
    activeTreeId: tree.id,
    nextIds: { ...state.nextIds, branch: state.nextIds.branch + 1 },
  };
  return replaceTree(next, {
    ...tree,
    branchIds: [...tree.branchIds, branchId],
    activeBranchId: branchId,
    currentNodeId: forkNodeId,
  });
}

/** SWITCH_BRANCH: back to an existing branch, continuing from its last node. */
export function switchBranch(state: DiscourseState, branchId: BranchId): DiscourseState {
  const branch = getBranch(state, branchId);
  const tree = getTree(state, branch.treeId);
  return replaceTree(
    { ...state, activeTreeId: tree.id },
    { ...tree, activeBranchId: branchId, currentNodeId: branchTip(state, branchId) },
  );
}

/** Appends a round to the active tree's active branch, under its current node. */
export function addRound(
  state: DiscourseState,
  round: Pick<DiscourseNode, 'user' | 'assistant' | 'summary' | 'embedding'>,
): { state: DiscourseState; node: DiscourseNode } {
  const tree = activeTree(state);
  if (!tree)
    throw new DiscourseStateError('No active topic tree: route the turn before committing it.');
  const branch = getBranch(state, tree.activeBranchId);
  const node: DiscourseNode = {
    id: `n${state.nextIds.node}`,
    treeId: tree.id,
    branchId: branch.id,
    parentId: tree.currentNodeId,
    turn: state.rounds,
    user: round.user,
    assistant: round.assistant,
    summary: round.summary,
    embedding: [...round.embedding],
  };
  const next: DiscourseState = {
    ...state,
    nodes: { ...state.nodes, [node.id]: node },
    branches: {
      ...state.branches,
      [branch.id]: { ...branch, nodeIds: [...branch.nodeIds, node.id] },
    },
    rounds: state.rounds + 1,
    nextIds: { ...state.nextIds, node: state.nextIds.node + 1 },
  };
  return {
    state: replaceTree(next, { ...tree, rootId: tree.rootId ?? node.id, currentNodeId: node.id }),
    node,
  };
}
