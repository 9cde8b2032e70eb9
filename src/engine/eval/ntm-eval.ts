/**
 * NTM replay (Context-Agent's benchmark): each dialogue's user turns are fed one by one through
 * the discourse forest (routeTurn → reply → commitRound). Per turn it measures the tokens of the
 * selected context against the linear history (both without the query itself, as the reference
 * counts them); at the final turn it measures goal coverage: the share of the checkpoint's
 * numbered goals whose key terms are present in the selected context (and, for comparison, in the
 * linear history), see goal-terms.ts. With a reply LLM every turn gets a generated reply; without
 * one the assistant side stays empty (rounds hold the user turn only, and both contexts are user
 * turns only). With a judge LLM the final reply is judged against the checkpoint (satisfied goals /
 * goals: the paper's task completion). The linear history of a run is the same rounds in order,
 * so both token counts see the same replies.
 */
import { z } from 'zod';
import type { EvalConversation, EvalDataset } from '../datasets/eval-model.ts';
import { messageTokens, roundMessages } from '../discourse/context.ts';
import { emptyDiscourse } from '../discourse/forest.ts';
import { commitRound, routeTurn, type DiscourseDeps, type RoutedTurn } from '../discourse/turn.ts';
import { throwIfAborted } from '../errors.ts';
import { callStructured, throwIfCallFailed } from '../json-output.ts';
import type { ChatMessage, LlmPort, Tokenizer } from '../ports.ts';
import { approximateTokenizer } from '../tokens.ts';
import { goalCoverage, goalKeyTerms, parseGoals } from './goal-terms.ts';
import { goalTurns, type GoalTurns, type PlacedTurn } from './goal-turns.ts';
import { mean } from '../scores.ts';

export const NTM_REPLY_PURPOSE = 'ntm-reply';
export const NTM_JUDGE_PURPOSE = 'ntm-judge';

export interface NtmDialogue {
  readonly id: string;
  readonly turns: readonly string[];
  readonly checkpoint: string;
}

/** NTM dialogues back from the shared loader (which splits off the final turn as its question). */
export function ntmDialogues(dataset: EvalDataset): NtmDialogue[] {
  return dataset.conversations.map((c: EvalConversation) => {
    const question = c.questions[0];
    return {
      id: c.id,
      turns: [
        ...c.sessions.flatMap((s) => s.turns.map((t) => t.text)),
        ...(question ? [question.question] : []),
      ],
      checkpoint: question?.answer ?? '',
    };
  });
}

export interface DecisionCounts {
  new_tree: number;
  same_tree: number;
  other_tree: number;
  continue: number;
  create_branch: number;
  switch_branch: number;
  /** LLM answers that could not be used (branch → CONTINUE, topic → embedding rule). */
  fallback: number;
}

export const emptyDecisionCounts = (): DecisionCounts => ({
  new_tree: 0,
  same_tree: 0,
  other_tree: 0,
  continue: 0,
  create_branch: 0,
  switch_branch: 0,
  fallback: 0,
});

/**
 * Topic and branch decisions that asked the LLM (one call each, plus one correction when a reply
 * was unusable), and the most of them in one turn.
 */
export interface LlmDecisions {
  readonly topic: number;
  readonly branch: number;
  readonly most_in_a_turn: number;
}

export interface NtmRow {
  readonly conversation_id: string;
  readonly turns: number;
  readonly goals: number;
  readonly context_tokens_mean: number;
  readonly linear_tokens_mean: number;
  readonly goals_covered: number;
  readonly linear_goals_covered: number;
  readonly goal_coverage: number;
  readonly linear_goal_coverage: number;
  readonly missed_goals: readonly string[];
  readonly linear_missed_goals: readonly string[];
  readonly trees: number;
  readonly branches: number;
  /** Where the main task's goal-bearing turns went (goal-turns.ts). */
  readonly goal_turns: GoalTurns;
  readonly decisions: DecisionCounts;
  readonly llm_decisions: LlmDecisions;
  /** Goals the judge found satisfied in the final reply / goals (null without a judge). */
  readonly judged: { readonly satisfied: number; readonly total: number } | null;
  readonly final_reply?: string;
}

export interface NtmReplayOptions {
  readonly deps: DiscourseDeps;
  /** Generates the replies; without it the assistant side is empty. */
  readonly replyLlm?: LlmPort;
  /** Judges the final reply against the checkpoint (needs replyLlm). */
  readonly judgeLlm?: LlmPort;
  readonly maxReplyTokens?: number;
  readonly tokenizer?: Tokenizer;
  readonly signal?: AbortSignal;
}

const judgeSchema = z.object({
  satisfied: z.number().int().min(0),
  total: z.number().int().min(1),
});

function judgePrompt(reply: string, checkpoint: string, goals: readonly string[]): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        "You are a strict evaluator. Check each atomic goal of the checkpoint against ONLY the assistant's final reply; " +
        'a goal that is unclear or unspecified in the reply is NOT satisfied. ' +
        'Reply with one JSON object: {"satisfied": <goals clearly satisfied>, "total": <number of goals>}.',
    },
    {
      role: 'user',
      content:
        `### FINAL REPLY\n${reply}\n### CHECKPOINT\n${checkpoint}\n` +
        `### GOALS\n${goals.map((g, i) => `(${i + 1}) ${g}`).join('\n')}\n`,
    },
  ];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export async function replayNtmDialogue(
  dialogue: NtmDialogue,
  options: NtmReplayOptions,
): Promise<NtmRow> {
  const { deps, replyLlm, signal } = options;
  const tokenizer = options.tokenizer ?? approximateTokenizer;
  const goals = parseGoals(dialogue.checkpoint).map(goalKeyTerms);
  const decisions = emptyDecisionCounts();
  const llmDecisions = { topic: 0, branch: 0, most_in_a_turn: 0 };
  const contextTokens: number[] = [];
  const linearTokens: number[] = [];
  const linear: ChatMessage[] = [];
  let state = emptyDiscourse();
  let coverage = { covered: 0, total: goals.length, missed: [] as string[] };
  let linearCoverage = coverage;
  let finalReply = '';
  const placed: PlacedTurn[] = [];
  let final = { treeId: '', pathNodeIds: [] as readonly string[] };
  for (const [index, query] of dialogue.turns.entries()) {
    throwIfAborted(signal);
    const routed = await routeTurn(state, query, deps, signal);
    count(decisions, routed);
    countLlm(llmDecisions, routed);
    contextTokens.push(routed.context.contextTokens);
    linearTokens.push(messageTokens(linear, tokenizer));
    if (index === dialogue.turns.length - 1) {
      coverage = goalCoverage(goals, routed.context.messages.map((m) => m.content).join('\n'));
      linearCoverage = goalCoverage(goals, [...linear.map((m) => m.content), query].join('\n'));
      final = {
        treeId: routed.state.activeTreeId ?? '',
        pathNodeIds: routed.context.pathNodeIds,
      };
    }
    const reply = replyLlm
      ? (
          await replyLlm.complete({
            messages: routed.context.messages,
            maxTokens: options.maxReplyTokens ?? 512,
            purpose: NTM_REPLY_PURPOSE,
            ...(signal ? { signal } : {}),
          })
        ).text.trim()
      : '';
    finalReply = reply;
    const committed = await commitRound(routed, reply, deps, signal);
    state = committed.state;
    placed.push({ text: query, treeId: committed.node.treeId, nodeId: committed.node.id });
    linear.push(...roundMessages({ user: query, assistant: reply }));
  }
  let judged: NtmRow['judged'] = null;
  if (options.judgeLlm && replyLlm && goals.length > 0) {
    // A failed judge call fails the dialogue (its row is not scored); unreadable output scores 0.
    const result = throwIfCallFailed(
      await callStructured(options.judgeLlm, {
        messages: judgePrompt(
          finalReply,
          dialogue.checkpoint,
          goals.map((g) => g.goal),
        ),
        schema: judgeSchema,
        maxTokens: 60,
        purpose: NTM_JUDGE_PURPOSE,
        temperature: 0,
        ...(signal ? { signal } : {}),
      }),
    );
    judged = result.ok
      ? {
          satisfied: Math.min(result.value.satisfied, result.value.total),
          total: result.value.total,
        }
      : { satisfied: 0, total: goals.length };
  }
  const ratio = (c: { covered: number; total: number }) =>
    c.total === 0 ? 1 : c.covered / c.total;
  return {
    conversation_id: dialogue.id,
    turns: dialogue.turns.length,
    goals: goals.length,
    context_tokens_mean: round2(mean(contextTokens)),
    linear_tokens_mean: round2(mean(linearTokens)),
    goals_covered: coverage.covered,
    linear_goals_covered: linearCoverage.covered,
    goal_coverage: round2(ratio(coverage)),
    linear_goal_coverage: round2(ratio(linearCoverage)),
    missed_goals: coverage.missed,
    linear_missed_goals: linearCoverage.missed,
    trees: state.trees.length,
    branches: Object.keys(state.branches).length,
    goal_turns: goalTurns(placed.slice(0, -1), final, goals),
    decisions,
    llm_decisions: llmDecisions,
    judged,
    ...(replyLlm ? { final_reply: finalReply } : {}),
  };
}

function count(decisions: DecisionCounts, routed: RoutedTurn): void {
  if (routed.topic === 'first' || routed.topic === 'new-tree') decisions.new_tree++;
  else if (routed.topic === 'same-tree') decisions.same_tree++;
  else decisions.other_tree++;
  const action = routed.decision.action;
  if (action === 'CONTINUE') decisions.continue++;
  else if (action === 'CREATE_BRANCH') decisions.create_branch++;
  else decisions.switch_branch++;
  if (routed.decision.source === 'fallback') decisions.fallback++;
  for (const event of routed.events) {
    if (event.type === 'topic' && event.source === 'fallback') decisions.fallback++;
  }
}

const askedLlm = (source: string) => source === 'llm' || source === 'fallback';

function countLlm(counts: { -readonly [K in keyof LlmDecisions]: number }, routed: RoutedTurn) {
  const topic = routed.events.some((e) => e.type === 'topic' && askedLlm(e.source)) ? 1 : 0;
  const branch = askedLlm(routed.decision.source) ? 1 : 0;
  counts.topic += topic;
  counts.branch += branch;
  counts.most_in_a_turn = Math.max(counts.most_in_a_turn, topic + branch);
}

/** A dialogue that could not be replayed (a model call failed): recorded, retried on resume. */
export interface NtmFailedRow {
  readonly conversation_id: string;
  readonly error: string;
}

export interface NtmSummary {
  readonly dataset: 'ntm';
  readonly method: 'context-agent';
  readonly conversations: number;
  /** Dialogues that failed this time (a model call failed): not in the figures, retried on resume. */
  readonly failed_questions: number;
  /** Model outputs given up on as unreadable, per purpose (watched-llm.ts). */
  readonly unreadable_outputs: Readonly<Record<string, number>>;
  /** Mean over dialogues of the mean context tokens per turn (the query itself not counted). */
  readonly context_tokens_mean: number;
  readonly linear_tokens_mean: number;
  /** context_tokens_mean / linear_tokens_mean. */
  readonly token_ratio: number;
  /** Share of all checkpoint goals whose key terms are in the final turn's selected context. */
  readonly goal_coverage: number;
  readonly linear_goal_coverage: number;
  /**
   * Where the main task's goal-bearing turns went, over all dialogues: how many there were, the
   * share that landed outside the main task's tree (the error that loses goals), the share off the
   * final turn's path, and the dialogues whose final turn left the main task's tree.
   */
  readonly goal_turns: {
    readonly total: number;
    readonly outside_main_tree: number;
    readonly off_final_path: number;
    readonly finals_outside_main_tree: number;
  };
  readonly decisions: DecisionCounts;
  /** LLM decisions per turn (topic, branch: means over all turns) and the most in one turn. */
  readonly llm_decisions_per_turn: LlmDecisions;
  /** Mean per-dialogue share of goals the judge found satisfied (null without a judge). */
  readonly task_completion: number | null;
  readonly embedder: string;
  readonly llm: string;
  readonly decider: string;
  readonly notes: readonly string[];
}

export function summariseNtm(
  rows: readonly NtmRow[],
  labels: { embedder: string; llm: string; decider: string; notes: readonly string[] },
  failures: {
    readonly failed?: number;
    readonly unreadable?: Readonly<Record<string, number>>;
  } = {},
): NtmSummary {
  const decisions = emptyDecisionCounts();
  for (const row of rows) {
    for (const key of Object.keys(decisions) as (keyof DecisionCounts)[])
      decisions[key] += row.decisions[key];
  }
  const goals = rows.reduce((a, r) => a + r.goals, 0);
  const covered = (pick: (r: NtmRow) => number) =>
    goals === 0 ? 0 : rows.reduce((a, r) => a + pick(r), 0) / goals;
  const context = mean(rows.map((r) => r.context_tokens_mean));
  const linear = mean(rows.map((r) => r.linear_tokens_mean));
  const judged = rows.filter((r) => r.judged !== null && r.judged.total > 0);
  const round3 = (x: number) => Math.round(x * 1000) / 1000;
  const turns = rows.reduce((a, r) => a + r.turns, 0);
  const sumRows = (pick: (r: NtmRow) => number) => rows.reduce((a, r) => a + pick(r), 0);
  const goalTurnCount = sumRows((r) => r.goal_turns.total);
  const share = (n: number) => (goalTurnCount === 0 ? 0 : round3(n / goalTurnCount));
  const perTurn = (pick: (r: NtmRow) => number) =>
    turns === 0 ? 0 : round3(rows.reduce((a, r) => a + pick(r), 0) / turns);
  return {
    dataset: 'ntm',
    method: 'context-agent',
    conversations: rows.length,
    failed_questions: failures.failed ?? 0,
    unreadable_outputs: failures.unreadable ?? {},
    context_tokens_mean: round2(context),
    linear_tokens_mean: round2(linear),
    token_ratio: linear === 0 ? 0 : round3(context / linear),
    goal_coverage: round3(covered((r) => r.goals_covered)),
    linear_goal_coverage: round3(covered((r) => r.linear_goals_covered)),
    goal_turns: {
      total: goalTurnCount,
      outside_main_tree: share(goalTurnCount - sumRows((r) => r.goal_turns.in_main_tree)),
      off_final_path: share(goalTurnCount - sumRows((r) => r.goal_turns.on_final_path)),
      finals_outside_main_tree: rows.filter((r) => !r.goal_turns.final_in_main_tree).length,
    },
    decisions,
    llm_decisions_per_turn: {
      topic: perTurn((r) => r.llm_decisions.topic),
      branch: perTurn((r) => r.llm_decisions.branch),
      most_in_a_turn: Math.max(0, ...rows.map((r) => r.llm_decisions.most_in_a_turn)),
    },
    task_completion:
      judged.length === 0
        ? null
        : round3(mean(judged.map((r) => (r.judged ? r.judged.satisfied / r.judged.total : 0)))),
    ...labels,
  };
}
