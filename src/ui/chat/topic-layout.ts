/**
 * Layout of the conversation's topic forest for the chat's topic panel (pure, no DOM): one
 * drawing per topic tree, a column per branch (in the order they were made), a row per depth.
 * The active root-to-node path is marked, and so are the jumps a switch or a new branch made
 * from the round before it, and a decision log in words.
 */
import {
  pathTo,
  treeNodes,
  type BranchAction,
  type DiscourseNodeId,
  type DiscourseState,
  type TopicOutcome,
} from '../../engine/discourse/index.ts';
import { asPlaced, type TopicTurn } from '../../state/topics-slice.ts';

export const TOPIC_LAYOUT = { column: 46, row: 44, pad: 20, radius: 12 } as const;

export interface ForestNode {
  readonly id: DiscourseNodeId;
  /** 1-based round of the conversation. */
  readonly round: number;
  readonly summary: string;
  readonly branchId: string;
  readonly column: number;
  readonly depth: number;
  readonly x: number;
  readonly y: number;
  readonly onPath: boolean;
  readonly current: boolean;
  readonly action?: BranchAction;
  readonly topic?: TopicOutcome;
}

export interface ForestLink {
  readonly from: ForestNode;
  readonly to: ForestNode;
  readonly onPath: boolean;
}

export interface ForestJump extends ForestLink {
  readonly action: BranchAction;
}

export interface ForestTree {
  readonly id: string;
  /** 1-based position in the forest ("Topic 2"). */
  readonly number: number;
  /** The root round's summary. */
  readonly label: string;
  readonly active: boolean;
  readonly branches: number;
  readonly nodes: readonly ForestNode[];
  /** Parent → child; a child on another branch than its parent starts a branch (a fork). */
  readonly edges: readonly (ForestLink & { readonly fork: boolean })[];
  /** Where the conversation came from when it switched or forked within this tree. */
  readonly jumps: readonly ForestJump[];
  readonly width: number;
  readonly height: number;
}

function turnsByNode(turns: Readonly<Record<string, TopicTurn>>): Map<string, TopicTurn> {
  const out = new Map<string, TopicTurn>();
  for (const turn of Object.values(turns))
    if (turn.nodeId !== null) out.set(turn.nodeId, asPlaced(turn));
  return out;
}

export function layoutTopicForest(
  state: DiscourseState,
  turns: Readonly<Record<string, TopicTurn>> = {},
): ForestTree[] {
  const { column, row, pad } = TOPIC_LAYOUT;
  const byNode = turnsByNode(turns);
  const active = state.trees.find((t) => t.id === state.activeTreeId);
  const activePath = new Set(active ? pathTo(state, active.currentNodeId).map((n) => n.id) : []);
  return state.trees.flatMap((tree, index) => {
    const nodes = treeNodes(state, tree.id);
    if (nodes.length === 0) return [];
    const columns = new Map(tree.branchIds.map((id, i) => [id, i]));
    const laid = new Map<string, ForestNode>();
    for (const node of nodes) {
      const depth = node.parentId === null ? 0 : (laid.get(node.parentId)?.depth ?? 0) + 1;
      const col = columns.get(node.branchId) ?? 0;
      const turn = byNode.get(node.id);
      laid.set(node.id, {
        id: node.id,
        round: node.turn + 1,
        summary: node.summary,
        branchId: node.branchId,
        column: col,
        depth,
        x: pad + col * column,
        y: pad + depth * row,
        onPath: activePath.has(node.id),
        current: tree.id === active?.id && node.id === tree.currentNodeId,
        ...(turn ? { action: turn.action, topic: turn.topic } : {}),
      });
    }
    const all = [...laid.values()];
    const edges = all.flatMap((to) => {
      const parentId = state.nodes[to.id]?.parentId;
      const from = parentId ? laid.get(parentId) : undefined;
      return from
        ? [{ from, to, onPath: from.onPath && to.onPath, fork: from.branchId !== to.branchId }]
        : [];
    });
    const jumps = all.flatMap((to) => {
      const turn = byNode.get(to.id);
      const from = turn?.fromNodeId ? laid.get(turn.fromNodeId) : undefined;
      if (!turn || !from || turn.action === 'CONTINUE') return [];
      if (from.id === state.nodes[to.id]?.parentId) return [];
      return [{ from, to, onPath: to.onPath, action: turn.action }];
    });
    const maxCol = Math.max(...all.map((n) => n.column));
    const maxDepth = Math.max(...all.map((n) => n.depth));
    return [
      {
        id: tree.id,
        number: index + 1,
        label: nodes[0]?.summary ?? '',
        active: tree.id === active?.id,
        branches: tree.branchIds.filter((id) => (state.branches[id]?.nodeIds.length ?? 0) > 0)
          .length,
        nodes: all,
        edges,
        jumps,
        // Room on the right for the jumps' bulge.
        width: pad * 2 + maxCol * column + (jumps.length > 0 ? column : 0),
        height: pad * 2 + maxDepth * row,
      },
    ];
  });
}

const ACTION_WORDS: Record<BranchAction, string> = {
  CONTINUE: 'continued',
  CREATE_BRANCH: 'started a branch',
  SWITCH_BRANCH: 'switched back to a branch',
};

/** The rounds that changed topic or branch, in words (the panel's log). */
export function decisionLog(
  state: DiscourseState,
  turns: Readonly<Record<string, TopicTurn>>,
): string[] {
  const treeNumber = new Map(state.trees.map((t, i) => [t.id, i + 1]));
  const roundOf = (id: string | null | undefined) =>
    id ? (state.nodes[id]?.turn ?? -1) + 1 : undefined;
  return Object.values(turns)
    .map(asPlaced)
    .filter((t) => t.nodeId !== null && state.nodes[t.nodeId] !== undefined)
    .filter((t) => t.action !== 'CONTINUE' || t.topic === 'new-tree' || t.topic === 'other-tree')
    .sort((a, b) => a.turn - b.turn)
    .map((t) => {
      const node = state.nodes[t.nodeId ?? ''];
      const topic = `topic ${treeNumber.get(t.treeId) ?? '?'}`;
      const where =
        t.topic === 'new-tree'
          ? `opened ${topic}`
          : t.topic === 'other-tree'
            ? `returned to ${topic}`
            : `stayed in ${topic}`;
      const parent = roundOf(node?.parentId);
      const branch =
        t.action === 'CONTINUE'
          ? ''
          : `, ${ACTION_WORDS[t.action]}${parent === undefined ? '' : ` from round ${parent}`}`;
      const from = roundOf(t.fromNodeId);
      return `Round ${t.turn + 1}: ${where}${from === undefined ? '' : ` (after round ${from})`}${branch}.`;
    });
}
