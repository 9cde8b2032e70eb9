/**
 * Context-Agent (guide §1.2): a conversation as a forest of topic trees with branches.
 *
 * Per user turn (the chat integration's whole contract):
 *
 *   const deps = discourseDeps({ embedder, llm });          // no llm: embedding-only decisions
 *   const routed = await routeTurn(state, query, deps, signal);
 *   const reply = await llm.complete({ messages: routed.context.messages, ... });
 *   const { state: next, events } = await commitRound(routed, reply.text, deps, signal);
 *
 * or, within a device's time budget (reply-first.ts: no LLM call before the reply),
 * `routeForReply(state, query, deps)` then `settleTurn(state, routed, reply.text, deps)`.
 *
 * `state` is plain JSON-serialisable data (persist it per conversation; start from
 * `emptyDiscourse()`); `routed.events` and `events` are the transitions for the forest view.
 */
export type * from './types.ts';
export type { DiscourseEvent, TopicCheck } from './events.ts';
export type {
  BranchCandidate,
  BranchQuestion,
  DiscourseDecider,
  TopicCandidate,
  TopicQuestion,
  TopicVerdict,
} from './decider.ts';
export {
  DiscourseStateError,
  activeTree,
  branchTip,
  emptyDiscourse,
  getBranch,
  getNode,
  getTree,
  leaves,
  pathTo,
  treeNodes,
} from './forest.ts';
export { DEFAULT_DISCOURSE_SETTINGS, discourseSettings } from './settings.ts';
export type { DiscourseSettings } from './settings.ts';
export {
  embeddingDecider,
  embeddingBranchDecision,
  embeddingTopicChoice,
} from './embedding-decider.ts';
export { MAX_DECISION_CALLS_PER_TURN, llmDecider } from './llm-decider.ts';
export { topicClarity } from './topic-margin.ts';
export { extractiveRoundSummariser, llmRoundSummariser } from './round-summary.ts';
export type { RoundSummariser, RoundSummary } from './round-summary.ts';
export { extractiveSummary } from './extractive-summary.ts';
export { messageTokens, roundMessages, selectContext } from './context.ts';
export type { ContextSelection } from './context.ts';
export {
  DiscourseEmbeddingError,
  commitRound,
  discourseDeps,
  routeEmbeddedTurn,
  routeTurn,
} from './turn.ts';
export { routeForReply, settleTurn } from './reply-first.ts';
export type { SettledTurn } from './reply-first.ts';
export type { CommittedRound, DiscourseDeps, RoutedTurn } from './turn.ts';
