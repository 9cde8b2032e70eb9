/**
 * The per-turn state transition (paper §3.3). `routeTurn` runs before the reply: one topic
 * decision over every tree scored by its closest root-to-leaf path (the current tree, another
 * tree, or a new one), the tree's top-k similar nodes, the threshold and position test, the branch decision, then the
 * context selection. `commitRound` runs after the reply: the round becomes a node (summary and
 * embedding) on the active branch. Both are pure in the state (a new state is returned) and emit
 * one event per step.
 */
import { cosine, normalize } from '../vector.ts';
import type { EmbedderPort, LlmPort, Tokenizer } from '../ports.ts';
import { throwIfAborted } from '../errors.ts';
import { approximateTokenizer } from '../tokens.ts';
import { selectContext, type ContextSelection } from './context.ts';
import type { DiscourseDecider } from './decider.ts';
import { dialogueShape } from './dialogue-shape.ts';
import { embeddingDecider } from './embedding-decider.ts';
import type { DiscourseEvent, TopicCheck } from './events.ts';
import {
  activateTree,
  activeTree,
  addRound,
  forkBranch,
  getBranch,
  getNode,
  openTree,
  pathTo,
  switchBranch,
} from './forest.ts';
import { llmDecider } from './llm-decider.ts';
import { replyContextDecider } from './reply-context-decider.ts';
import {
  extractiveRoundSummariser,
  llmRoundSummariser,
  type RoundSummariser,
} from './round-summary.ts';
import { discourseSettings, summaryBudget, type DiscourseSettings } from './settings.ts';
import { shouldConsult, topSimilar } from './similarity.ts';
import { topicCandidates } from './topic-candidates.ts';
import type {
  BranchDecision,
  DecisionSource,
  DiscourseNode,
  DiscourseState,
  TopicOutcome,
  TopicTree,
} from './types.ts';

/** The embedder answered without a vector: Context-Agent cannot place the turn. */
export class DiscourseEmbeddingError extends Error {
  override readonly name = 'DiscourseEmbeddingError';
}

export interface DiscourseDeps {
  readonly embedder: EmbedderPort;
  /** Places the round: the LLM's decisions when a model is loaded (the paper's). */
  readonly decider: DiscourseDecider;
  /**
   * Chooses the reply's context before the reply without any LLM call (reply-first.ts): with a
   * model, reply-context-decider.ts; without one, `decider` itself.
   */
  readonly replyDecider: DiscourseDecider;
  readonly summariser: RoundSummariser;
  readonly settings: DiscourseSettings;
  /** Counts context tokens (default: the model-free estimate). */
  readonly tokenizer?: Tokenizer;
}

/** The paper's setup with an LLM; the embedding-only variant of every decision without one. */
export function discourseDeps(options: {
  embedder: EmbedderPort;
  llm?: LlmPort | undefined;
  settings?: Partial<DiscourseSettings>;
  tokenizer?: Tokenizer;
}): DiscourseDeps {
  const settings = discourseSettings(options.settings);
  const embedding = embeddingDecider(settings);
  return {
    embedder: options.embedder,
    settings,
    decider: options.llm ? llmDecider(options.llm, settings) : embedding,
    replyDecider: options.llm ? replyContextDecider(settings) : embedding,
    summariser: options.llm
      ? llmRoundSummariser(options.llm, summaryBudget(settings))
      : extractiveRoundSummariser(summaryBudget(settings)),
    ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}),
  };
}

export interface RoutedTurn {
  /** The state with the active tree, branch and current node chosen (the round not yet added). */
  readonly state: DiscourseState;
  readonly query: string;
  readonly queryEmbedding: readonly number[];
  readonly topic: TopicOutcome;
  readonly decision: BranchDecision;
  readonly context: ContextSelection;
  readonly events: readonly DiscourseEvent[];
}

async function embedOne(embedder: EmbedderPort, text: string, signal?: AbortSignal) {
  const [vector] = await embedder.embed([text], signal);
  if (!vector) {
    throw new DiscourseEmbeddingError(
      `The embedder ${embedder.id} returned no vector for a conversation turn; check that the embedding model loaded.`,
    );
  }
  return Array.from(normalize(vector));
}

interface TopicStep {
  readonly state: DiscourseState;
  readonly outcome: TopicOutcome;
  readonly checks: TopicCheck[];
  readonly source: DecisionSource;
  readonly reason: string;
}

/** One topic decision over every tree at once (at most one LLM call, see llm-decider.ts). */
async function chooseTree(
  state: DiscourseState,
  query: string,
  queryEmbedding: readonly number[],
  deps: Pick<DiscourseDeps, 'decider' | 'settings'>,
  signal?: AbortSignal,
): Promise<TopicStep> {
  const current = activeTree(state);
  if (!current) {
    return {
      state: openTree(state),
      outcome: 'first',
      checks: [],
      source: 'rule',
      reason: 'the first turn',
    };
  }
  if (current.rootId === null) {
    return {
      state,
      outcome: 'same-tree',
      checks: [],
      source: 'rule',
      reason: 'the current topic has no round yet',
    };
  }
  const { settings } = deps;
  const candidates = topicCandidates(state, current.id, queryEmbedding, query, settings.wordWeight);
  const shape = dialogueShape(query, settings.followUpWords);
  const checks = candidates.map((c) => ({
    treeId: c.treeId,
    leafId: c.path.at(-1)?.id ?? '',
    score: c.score,
  }));
  const verdict = await deps.decider.chooseTopic(
    { query, queryEmbedding, candidates, shape },
    signal,
  );
  const { source, reason } = verdict;
  const chosen = candidates.find((c) => c.treeId === verdict.treeId);
  if (!chosen) return { state: openTree(state), outcome: 'new-tree', checks, source, reason };
  if (chosen.current) return { state, outcome: 'same-tree', checks, source, reason };
  return {
    state: activateTree(state, chosen.treeId),
    outcome: 'other-tree',
    checks,
    source,
    reason,
  };
}

function applyDecision(
  state: DiscourseState,
  tree: TopicTree,
  decision: BranchDecision,
): { state: DiscourseState; decision: BranchDecision } {
  const inTree = (treeId: string | undefined) => treeId === tree.id;
  if (decision.action === 'CREATE_BRANCH' && decision.forkNodeId !== undefined) {
    const fork = state.nodes[decision.forkNodeId];
    if (fork && inTree(fork.treeId)) return { state: forkBranch(state, fork.id), decision };
  } else if (decision.action === 'SWITCH_BRANCH' && decision.targetBranchId !== undefined) {
    const target = state.branches[decision.targetBranchId];
    if (target && inTree(target.treeId)) return { state: switchBranch(state, target.id), decision };
  } else if (decision.action === 'CONTINUE') {
    return { state, decision };
  }
  return {
    state,
    decision: {
      action: 'CONTINUE',
      source: 'fallback',
      reason: `fell back to CONTINUE: ${decision.action} named no node or branch of this tree`,
    },
  };
}

/** Routes a user query: topic, branch, context. Call `commitRound` with the reply afterwards. */
export async function routeTurn(
  input: DiscourseState,
  query: string,
  deps: DiscourseDeps,
  signal?: AbortSignal,
): Promise<RoutedTurn> {
  throwIfAborted(signal);
  const queryEmbedding = await embedOne(deps.embedder, query, signal);
  return routeEmbeddedTurn(input, query, queryEmbedding, deps, signal);
}

/** `routeTurn` for a query already embedded (unit length). */
export async function routeEmbeddedTurn(
  input: DiscourseState,
  query: string,
  queryEmbedding: readonly number[],
  deps: Pick<DiscourseDeps, 'decider' | 'settings' | 'tokenizer'>,
  signal?: AbortSignal,
): Promise<RoutedTurn> {
  throwIfAborted(signal);
  const turn = input.rounds;
  const events: DiscourseEvent[] = [];
  const topic = await chooseTree(input, query, queryEmbedding, deps, signal);
  let state = topic.state;
  let tree = activeTree(state) as TopicTree;
  events.push({
    type: 'topic',
    turn,
    outcome: topic.outcome,
    treeId: tree.id,
    checks: topic.checks,
    source: topic.source,
    reason: topic.reason,
  });

  const candidates = topSimilar(state, tree.id, queryEmbedding, deps.settings.topK);
  const check = shouldConsult(state, tree, candidates[0], deps.settings.branchThreshold);
  events.push({
    type: 'similar',
    turn,
    treeId: tree.id,
    candidates: candidates.map((c) => ({ nodeId: c.node.id, similarity: c.similarity })),
    consulted: check.consult,
    reason: check.reason,
  });
  let decision: BranchDecision = { action: 'CONTINUE', source: 'rule', reason: check.reason };
  if (check.consult && tree.currentNodeId !== null) {
    const current = getNode(state, tree.currentNodeId);
    decision = await deps.decider.decideBranch(
      {
        query,
        queryEmbedding,
        currentPath: pathTo(state, current.id),
        candidates,
        branches: tree.branchIds.map((id) => getBranch(state, id)),
        activeBranchId: tree.activeBranchId,
        currentSimilarity: cosine(current.embedding, queryEmbedding),
      },
      signal,
    );
  }
  const applied = applyDecision(state, tree, decision);
  state = applied.state;
  tree = activeTree(state) as TopicTree;
  events.push({
    type: 'branch',
    turn,
    treeId: tree.id,
    decision: applied.decision,
    branchId: tree.activeBranchId,
    parentId: tree.currentNodeId,
  });

  const context = selectContext(state, query, deps.tokenizer ?? approximateTokenizer);
  events.push({
    type: 'context',
    turn,
    pathNodeIds: context.pathNodeIds,
    summarisedNodeIds: context.summarisedNodeIds,
    tokens: context.contextTokens,
  });
  return {
    state,
    query,
    queryEmbedding,
    topic: topic.outcome,
    decision: applied.decision,
    context,
    events,
  };
}

export interface CommittedRound {
  readonly state: DiscourseState;
  readonly node: DiscourseNode;
  readonly events: readonly DiscourseEvent[];
}

/** Adds the answered round to the routed state: summary, embedding, node on the active branch. */
export async function commitRound(
  routed: RoutedTurn,
  reply: string,
  deps: DiscourseDeps,
  signal?: AbortSignal,
): Promise<CommittedRound> {
  throwIfAborted(signal);
  const summary = await deps.summariser.summarise(routed.query, reply, signal);
  const embedding =
    reply.trim() === ''
      ? routed.queryEmbedding
      : await embedOne(deps.embedder, `User: ${routed.query}\nAssistant: ${reply}`, signal);
  const { state, node } = addRound(routed.state, {
    user: routed.query,
    assistant: reply,
    summary: summary.text,
    embedding,
  });
  return {
    state,
    node,
    events: [
      {
        type: 'round',
        turn: node.turn,
        nodeId: node.id,
        treeId: node.treeId,
        branchId: node.branchId,
        parentId: node.parentId,
        summary: node.summary,
        summarySource: summary.source,
      },
    ],
  };
}
