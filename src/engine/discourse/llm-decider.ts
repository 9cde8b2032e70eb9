/**
 * Context-Agent's LLM decisions (the paper's prompts), at most one of each per turn.
 *
 * Topic: the embedding chooses first (embedding-decider.ts); when the margin rule finds that
 * choice clear (topic-margin.ts) it stands and no call is made. Otherwise ONE call lists the
 * `topicChoices` best-scoring trees (the current tree always among them), each as its closest
 * path's summaries, plus "none of these: a new topic", and asks which one the query continues.
 * A reply that cannot be used (call error, no JSON, a number not listed) falls back to the
 * embedding's choice (source 'fallback'), so a failing model neither opens a tree per turn nor
 * stalls the chat.
 * Branch: the dialogue-flow controller's JSON decision, asked only when the similar-node step
 * found a plausible branch change (similarity.ts); any failure (call error, no JSON, schema
 * mismatch, an unknown action, a CREATE_BRANCH without a usable fork node) falls back to CONTINUE.
 * As in the reference, ids the model invents are replaced: a fork node must be a candidate or on
 * the current path (else the best candidate), a target branch must exist (else the best
 * candidate's branch).
 *
 * So a turn makes at most two decisions, each of at most `maxAttempts` calls (a correction after
 * an unreadable reply), whatever the forest holds: MAX_DECISION_CALLS_PER_TURN.
 */
import { errorMessage, isAbortError } from '../errors.ts';
import { callStructured } from '../json-output.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import type { LlmPort } from '../ports.ts';
import type {
  BranchQuestion,
  DiscourseDecider,
  TopicCandidate,
  TopicQuestion,
  TopicVerdict,
} from './decider.ts';
import { embeddingTopicChoice } from './embedding-decider.ts';
import {
  DECIDE_MAX_TOKENS,
  TOPIC_MAX_TOKENS,
  decidePrompt,
  decisionSchema,
  prepareDecision,
  prepareTopicChoice,
  topicChoicePrompt,
  topicChoiceSchema,
} from './prompts.ts';
import type { DiscourseSettings } from './settings.ts';
import { topicClarity } from './topic-margin.ts';
import type { BranchDecision } from './types.ts';

/** Attempts per structured decision, corrections included: decisions must stay cheap. */
export const DECISION_ATTEMPTS = 2;
/** One topic decision and one branch decision per turn, each at most DECISION_ATTEMPTS calls. */
export const MAX_DECISION_CALLS_PER_TURN = 2 * DECISION_ATTEMPTS;

export interface LlmDeciderOptions {
  /** Attempts per structured call, corrections included (default DECISION_ATTEMPTS). */
  readonly maxAttempts?: number;
}

/** The `count` best candidates, the current tree always among them (in place of the weakest). */
export function listedTopics(
  candidates: readonly TopicCandidate[],
  count: number,
): TopicCandidate[] {
  const listed = candidates.slice(0, count);
  const current = candidates.find((c) => c.current);
  if (current && !listed.includes(current)) listed[listed.length - 1] = current;
  return listed;
}

export function llmDecider(
  llm: LlmPort,
  settings: DiscourseSettings,
  options: LlmDeciderOptions = {},
): DiscourseDecider {
  const maxAttempts = options.maxAttempts ?? DECISION_ATTEMPTS;
  return {
    mode: 'llm',
    async chooseTopic(question: TopicQuestion, signal?: AbortSignal): Promise<TopicVerdict> {
      const choice = embeddingTopicChoice(question, settings);
      const clarity = topicClarity(question, choice, settings);
      if (clarity.clear) return { ...choice, reason: `${choice.reason}; ${clarity.reason}` };
      const listed = listedTopics(question.candidates, settings.topicChoices);
      let why: string;
      try {
        const result = await callStructured(llm, {
          messages: topicChoicePrompt(question.query, listed),
          schema: topicChoiceSchema(listed.length),
          maxTokens: TOPIC_MAX_TOKENS,
          purpose: LLM_PURPOSES.discourseTopic,
          maxAttempts,
          temperature: 0,
          prepare: prepareTopicChoice,
          ...(signal ? { signal } : {}),
        });
        if (result.ok) {
          const picked = result.value.topic === 0 ? undefined : listed[result.value.topic - 1];
          return {
            treeId: picked?.treeId ?? null,
            source: 'llm',
            reason: `${clarity.reason}; the LLM chose ${picked ? `topic ${picked.treeId}` : 'a new topic'} of ${listed.length} listed`,
          };
        }
        why = result.error;
      } catch (error) {
        if (isAbortError(error)) throw error;
        why = errorMessage(error);
      }
      return { ...choice, source: 'fallback', reason: `${why} Embedding choice: ${choice.reason}` };
    },

    async decideBranch(question: BranchQuestion, signal?: AbortSignal): Promise<BranchDecision> {
      try {
        const result = await callStructured(llm, {
          messages: decidePrompt(question),
          schema: decisionSchema,
          maxTokens: DECIDE_MAX_TOKENS,
          purpose: LLM_PURPOSES.discourseDecide,
          maxAttempts,
          temperature: 0,
          prepare: prepareDecision,
          ...(signal ? { signal } : {}),
        });
        if (!result.ok) return continueFallback(result.error);
        return resolveIds(question, result.value);
      } catch (error) {
        if (isAbortError(error)) throw error;
        return continueFallback(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

function continueFallback(why: string): BranchDecision {
  return { action: 'CONTINUE', source: 'fallback', reason: `fell back to CONTINUE: ${why}` };
}

function resolveIds(
  question: BranchQuestion,
  value: {
    action: BranchDecision['action'];
    fork_node_id?: string | null | undefined;
    target_branch_id?: string | null | undefined;
    reason: string;
  },
): BranchDecision {
  const best = question.candidates[0];
  if (value.action === 'CONTINUE')
    return { action: 'CONTINUE', source: 'llm', reason: value.reason };
  if (value.action === 'CREATE_BRANCH') {
    const allowed = new Set([
      ...question.candidates.map((c) => c.node.id),
      ...question.currentPath.map((n) => n.id),
    ]);
    const fork =
      value.fork_node_id && allowed.has(value.fork_node_id) ? value.fork_node_id : best?.node.id;
    if (!fork) return continueFallback('CREATE_BRANCH without a node to fork from');
    return { action: 'CREATE_BRANCH', forkNodeId: fork, source: 'llm', reason: value.reason };
  }
  const known = new Set(question.branches.map((b) => b.id));
  const target =
    value.target_branch_id && known.has(value.target_branch_id)
      ? value.target_branch_id
      : best?.node.branchId;
  if (!target) return continueFallback('SWITCH_BRANCH without a branch to switch to');
  return { action: 'SWITCH_BRANCH', targetBranchId: target, source: 'llm', reason: value.reason };
}
