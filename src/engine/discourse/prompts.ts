/**
 * Context-Agent's prompts, after the reference implementation: a topic-consistency check
 * (same core object, and does the query depend on the history?) asked once over a numbered list
 * of candidate topics instead of once per root-to-leaf path, the dialogue-flow controller's
 * CONTINUE / CREATE_BRANCH / SWITCH_BRANCH decision as one JSON object, and the one-sentence
 * third-person round summary that keeps numbers. Inputs sit in labelled sections (see
 * ../prompt-sections.ts) so the scripted test LLM can read them back.
 */
import { z } from 'zod';
import { DISCOURSE_SECTIONS } from '../llm-purposes.ts';
import type { ChatMessage } from '../ports.ts';
import { section } from '../prompt-sections.ts';
import type { BranchQuestion, TopicCandidate } from './decider.ts';
import type { DiscourseNode } from './types.ts';

/** `{"topic": 12}` and a little slack: the reply carries no reason, nothing would read it. */
export const TOPIC_MAX_TOKENS = 16;
export const DECIDE_MAX_TOKENS = 200;
export const ROUND_SUMMARY_MAX_TOKENS = 90;

/** How many summaries of a candidate's path the topic prompt shows: its root and its latest rounds. */
export const TOPIC_PATH_SUMMARIES = 4;

/** 0: none of the `listed` topics (a new one); 1..listed: that topic. */
export function topicChoiceSchema(listed: number) {
  return z.object({ topic: z.number().int().min(0).max(listed) });
}

/** Reads `"3"` as 3 before validation (small models quote numbers). */
export function prepareTopicChoice(json: unknown): unknown {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return json;
  const topic = (json as { topic?: unknown }).topic;
  if (typeof topic !== 'string' || !/^\s*\d+\s*$/.test(topic)) return json;
  return { ...json, topic: Number(topic) };
}

export const decisionSchema = z.object({
  action: z.enum(['CONTINUE', 'CREATE_BRANCH', 'SWITCH_BRANCH']),
  fork_node_id: z.string().nullish(),
  target_branch_id: z.string().nullish(),
  reason: z.string().default(''),
});

/** Upper-cases the action and maps common spellings ("create branch") before validation. */
export function prepareDecision(json: unknown): unknown {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return json;
  const action = (json as { action?: unknown }).action;
  if (typeof action !== 'string') return json;
  return {
    ...json,
    action: action
      .trim()
      .toUpperCase()
      .replace(/[\s-]+/g, '_'),
  };
}

function pathSummary(path: readonly DiscourseNode[]): string {
  const summaries = path.map((n) => n.summary);
  if (summaries.length <= TOPIC_PATH_SUMMARIES) return summaries.join(' ');
  return [summaries[0], '…', ...summaries.slice(1 - TOPIC_PATH_SUMMARIES)].join(' ');
}

/** The candidates numbered from 1 in the given order, then "0. none of these". */
export function topicChoicePrompt(
  query: string,
  candidates: readonly TopicCandidate[],
): ChatMessage[] {
  const topics = [
    ...candidates.map(
      (c, i) => `${i + 1}. ${c.current ? '(current topic) ' : ''}${pathSummary(c.path)}`,
    ),
    '0. None of these: a new topic.',
  ].join('\n');
  return [
    {
      role: 'system',
      content:
        'You judge which earlier conversation topic a new user query continues, if any. ' +
        'A query continues a topic only if both hold: (1) it is about the same core object or ' +
        'task as that topic (a different city, tool or product is a different object), and (2) ' +
        'it depends on or builds on that topic (pronouns, refinements, "go back to ...", ' +
        'logical next steps). Reply with one JSON object: {"topic": N}, where N is the number ' +
        'of the topic the query continues, or 0 when it continues none of them.',
    },
    {
      role: 'user',
      content:
        section(DISCOURSE_SECTIONS.topics, topics) +
        section(DISCOURSE_SECTIONS.query, query) +
        'Reply with only the JSON object.',
    },
  ];
}

/**
 * Rounds of the current path, and node ids per branch, the branch prompt shows (the latest ones):
 * the decision is about where the query goes next, and a long conversation must not make every
 * turn's call longer (the call is on the reply's critical path).
 */
export const DECIDE_RECENT_NODES = 6;

const recent = <T>(items: readonly T[]) => items.slice(-DECIDE_RECENT_NODES);

export function decidePrompt(question: BranchQuestion): ChatMessage[] {
  const path = recent(question.currentPath)
    .map((n) => `[${n.id}] ${n.summary}`)
    .join('\n');
  const candidates = question.candidates
    .map(
      (c) =>
        `[${c.node.id}] (branch ${c.node.branchId}, similarity ${c.similarity.toFixed(2)}) ${c.node.summary}`,
    )
    .join('\n');
  const branches = question.branches
    .map(
      (b) =>
        `[${b.id}]${b.id === question.activeBranchId ? ' (current)' : ''} ` +
        `${b.forkNodeId === null ? 'main branch' : `forks from ${b.forkNodeId}`}: ${b.nodeIds.length > DECIDE_RECENT_NODES ? '… → ' : ''}${recent(b.nodeIds).join(' → ') || '(no rounds yet)'}`,
    )
    .join('\n');
  return [
    {
      role: 'system',
      content:
        'You are a dialogue flow controller. Decide how the new user query moves through the ' +
        'conversation tree, comparing the retrieved history nodes with the current path:\n' +
        '- CONTINUE: the query follows on from the last turn of the current path, and that path ' +
        'helps answer it.\n' +
        '- CREATE_BRANCH: the query goes back to an earlier decision point and diverges from it ' +
        '(a refinement or a backtrack: "make it 9000 instead", "forget that, let us ..."); the ' +
        'current path no longer helps. Give fork_node_id, the retrieved node to fork from.\n' +
        '- SWITCH_BRANCH: the query returns to another existing branch whose context clearly helps. ' +
        'Give target_branch_id.\n' +
        'Reply with one JSON object: {"action": "CONTINUE" | "CREATE_BRANCH" | "SWITCH_BRANCH", ' +
        '"fork_node_id": "...", "target_branch_id": "..."}.',
    },
    {
      role: 'user',
      content:
        section(DISCOURSE_SECTIONS.branches, branches) +
        section(DISCOURSE_SECTIONS.currentPath, path) +
        section(DISCOURSE_SECTIONS.candidates, candidates) +
        section(DISCOURSE_SECTIONS.query, question.query) +
        'Reply with only the JSON object.',
    },
  ];
}

export function roundSummaryPrompt(user: string, assistant: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'Summarise one round of a conversation in ONE declarative sentence in the third person ' +
        '("The user asked ..., and the assistant ..."), joining what the user wanted and what the ' +
        'assistant did. Keep every number, amount, size, date and named item exactly. ' +
        'Reply with the sentence only.',
    },
    {
      role: 'user',
      content:
        section(DISCOURSE_SECTIONS.user, user) +
        section(DISCOURSE_SECTIONS.assistant, assistant === '' ? '(no reply)' : assistant),
    },
  ];
}
