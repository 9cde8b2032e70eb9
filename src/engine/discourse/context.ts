/**
 * f_select (paper §3.1): what the LLM sees for a query. The full messages of the active
 * root-to-node path, plus ONE short system message listing the summaries of the other topic trees
 * and of the active tree's inactive branches (nodes already on the path are not repeated; one line
 * per tree or branch, its rounds' summaries in order, no labels: ids mean nothing to the model),
 * then the query. The system message comes first: chat templates (web-llm's among them) accept a system
 * message only at the start. Empty messages (a round without a reply) are left out.
 */
import type { ChatMessage } from '../ports.ts';
import type { Tokenizer } from '../ports.ts';
import { approximateTokenizer } from '../tokens.ts';
import { activeTree, getBranch, getNode, pathTo, treeNodes } from './forest.ts';
import type { DiscourseNodeId, DiscourseState } from './types.ts';

export interface ContextSelection {
  /** What to send: [system?] + path messages + the query. */
  readonly messages: readonly ChatMessage[];
  /** The summaries system message (null when there is nothing else to list). */
  readonly system: string | null;
  readonly pathNodeIds: readonly DiscourseNodeId[];
  readonly summarisedNodeIds: readonly DiscourseNodeId[];
  /** Tokens of everything sent before the query (the paper's context tokens). */
  readonly contextTokens: number;
}

export function roundMessages(node: { user: string; assistant: string }): ChatMessage[] {
  const out: ChatMessage[] = [];
  if (node.user.trim() !== '') out.push({ role: 'user', content: node.user });
  if (node.assistant.trim() !== '') out.push({ role: 'assistant', content: node.assistant });
  return out;
}

export function messageTokens(messages: readonly ChatMessage[], tokenizer: Tokenizer): number {
  let n = 0;
  for (const m of messages) n += tokenizer.count(m.content);
  return n;
}

export function selectContext(
  state: DiscourseState,
  query: string,
  tokenizer: Tokenizer = approximateTokenizer,
): ContextSelection {
  const tree = activeTree(state);
  const path = tree ? pathTo(state, tree.currentNodeId) : [];
  const onPath = new Set(path.map((n) => n.id));
  const summarised: DiscourseNodeId[] = [];
  const topicLines: string[] = [];
  for (const other of state.trees) {
    if (other.id === tree?.id) continue;
    const nodes = treeNodes(state, other.id);
    if (nodes.length === 0) continue;
    summarised.push(...nodes.map((n) => n.id));
    topicLines.push(nodes.map((n) => n.summary).join(' '));
  }
  const branchLines: string[] = [];
  for (const branchId of tree?.branchIds ?? []) {
    if (branchId === tree?.activeBranchId) continue;
    const nodes = getBranch(state, branchId)
      .nodeIds.filter((id) => !onPath.has(id))
      .map((id) => getNode(state, id));
    if (nodes.length === 0) continue;
    summarised.push(...nodes.map((n) => n.id));
    branchLines.push(nodes.map((n) => n.summary).join(' '));
  }
  const sections: string[] = [];
  if (topicLines.length > 0) sections.push(`Other topics:\n${topicLines.join('\n')}`);
  if (branchLines.length > 0) {
    sections.push(`Set-aside branches:\n${branchLines.join('\n')}`);
  }
  const system = sections.length > 0 ? sections.join('\n') : null;
  const history: ChatMessage[] = [
    ...(system === null ? [] : [{ role: 'system' as const, content: system }]),
    ...path.flatMap(roundMessages),
  ];
  return {
    messages: [...history, { role: 'user', content: query }],
    system,
    pathNodeIds: path.map((n) => n.id),
    summarisedNodeIds: summarised,
    contextTokens: messageTokens(history, tokenizer),
  };
}
