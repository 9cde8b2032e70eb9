/**
 * Context-Agent's prompts, after the reference implementation: a topic-consistency check
 * (same core object, and does the query depend on the history?), the dialogue-flow controller's
 * CONTINUE / CREATE_BRANCH / SWITCH_BRANCH decision as one JSON object, and the one-sentence
 * third-person round summary that keeps numbers. Inputs sit in labelled sections (see
 * ../prompt-sections.ts) so the scripted test LLM can read them back.
 */
import { z } from 'zod';
import { DISCOURSE_SECTIONS } from '../llm-purposes.ts';
import type { ChatMessage } from '../ports.ts';
import { section } from '../prompt-sections.ts';
import type { BranchQuestion, TopicQuestion } from './decider.ts';

export const TOPIC_MAX_TOKENS = 120;
export const DECIDE_MAX_TOKENS = 200;
export const ROUND_SUMMARY_MAX_TOKENS = 90;

export const topicSchema = z.object({
  same_topic: z.boolean(),
  reason: z.string().default(''),
});

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

export function topicPrompt(question: TopicQuestion): ChatMessage[] {
  const history = question.path.map((n) => n.summary).join(' ');
  return [
    {
      role: 'system',
      content:
        'You judge whether a new user query continues an earlier conversation topic. ' +
        'Answer yes only if both hold: (1) the query is about the same core object or task as the ' +
        'history (a different city, tool or product is a different object), and (2) the query ' +
        'depends on or builds on that history (pronouns, refinements, "go back to ...", logical ' +
        'next steps). Reply with one JSON object: {"same_topic": true|false, "reason": "..."}.',
    },
    {
      role: 'user',
      content:
        section(DISCOURSE_SECTIONS.history, history) +
        section(DISCOURSE_SECTIONS.query, question.query) +
        'Reply with only the JSON object.',
    },
  ];
}

export function decidePrompt(question: BranchQuestion): ChatMessage[] {
  const path = question.currentPath.map((n) => `[${n.id}] ${n.summary}`).join('\n');
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
        `${b.forkNodeId === null ? 'main branch' : `forks from ${b.forkNodeId}`}: ${b.nodeIds.join(' → ') || '(no rounds yet)'}`,
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
        '"fork_node_id": "...", "target_branch_id": "...", "reason": "..."}.',
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
