/**
 * Context-Agent's LLM decisions (the paper). Topic: one structured yes/no per root-to-leaf path;
 * when the model's reply cannot be used, that path is judged by the embedding rule instead
 * (source 'fallback'), so a failing model neither opens a tree per turn nor stalls the chat.
 * Branch: the dialogue-flow controller's JSON decision; any failure (call error, no JSON, schema
 * mismatch, an unknown action, a CREATE_BRANCH without a usable fork node) falls back to CONTINUE.
 * As in the reference, ids the model invents are replaced: a fork node must be a candidate or on
 * the current path (else the best candidate), a target branch must exist (else the best
 * candidate's branch).
 */
import { isAbortError } from '../errors.ts';
import { callStructured } from '../json-output.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import type { LlmPort } from '../ports.ts';
import type { BranchQuestion, DiscourseDecider, TopicQuestion, TopicVerdict } from './decider.ts';
import { embeddingTopicVerdict } from './embedding-decider.ts';
import {
  DECIDE_MAX_TOKENS,
  TOPIC_MAX_TOKENS,
  decidePrompt,
  decisionSchema,
  prepareDecision,
  topicPrompt,
  topicSchema,
} from './prompts.ts';
import type { DiscourseSettings } from './settings.ts';
import type { BranchDecision } from './types.ts';

export interface LlmDeciderOptions {
  /** Attempts per structured call, corrections included (default 2: decisions must stay cheap). */
  readonly maxAttempts?: number;
}

export function llmDecider(
  llm: LlmPort,
  settings: DiscourseSettings,
  options: LlmDeciderOptions = {},
): DiscourseDecider {
  const maxAttempts = options.maxAttempts ?? 2;
  return {
    mode: 'llm',
    async sameTopic(question: TopicQuestion, signal?: AbortSignal): Promise<TopicVerdict> {
      const result = await callStructured(llm, {
        messages: topicPrompt(question),
        schema: topicSchema,
        maxTokens: TOPIC_MAX_TOKENS,
        purpose: LLM_PURPOSES.discourseTopic,
        maxAttempts,
        temperature: 0,
        ...(signal ? { signal } : {}),
      });
      if (result.ok) {
        return { same: result.value.same_topic, source: 'llm', reason: result.value.reason };
      }
      const fallback = embeddingTopicVerdict(question, settings.topicThreshold);
      return {
        ...fallback,
        source: 'fallback',
        reason: `${result.error} Embedding rule: ${fallback.reason}`,
      };
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
