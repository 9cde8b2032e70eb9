/**
 * `grove bench turn-cost`: what a chat turn costs on the device, call by call. A real benchmark
 * memory (conversations added until it holds `facts` facts, extractive, the bundled embedder) and
 * a topic forest seeded to `forestTrees` trees; then the benchmark's questions as chat turns,
 * through the code the chat runs: task classification (app/chat/task-classify.ts), topic routing (engine/discourse: the reply's context chosen with
 * no LLM call, the model's placement of the round after the reply, reply-first.ts), the memory search of each
 * effort (engine/tree/memory-effort.ts, what the memory worker runs), the reply prompt
 * (app/chat/reply.ts and discourse-context.ts) and the round summary. The LLM stand-in
 * (oracle-judge-llm.ts) judges relevance perfectly and writes scripted text elsewhere; every
 * call is recorded with its purpose and tokens and turned into time with the device profiles.
 *
 * Retention: of the gold sessions the paper's per-node walk keeps with a perfect judge (no call
 * cap, no context cut), the share an effort's judged set keeps, and the share left after the set
 * is cut to the context budget (what the answerer gets).
 */
import { answerMessages, REPLY_MAX_TOKENS } from '../../src/app/chat/reply.ts';
import { withSelectedContext } from '../../src/app/chat/discourse-context.ts';
import { classifyRequest, TASK_CLASSIFY_PURPOSE } from '../../src/app/chat/task-classify.ts';
import {
  callMs,
  DEVICE_PROFILE_NAMES,
  DEVICE_PROFILES,
  quantile,
  recordingLlm,
  totalsByPurpose,
  turnTime,
  type CallRecord,
  type DeviceProfileName,
} from '../../src/engine/cost/index.ts';
import type { EvalDataset, EvalQuestion } from '../../src/engine/datasets/eval-model.ts';
import {
  commitRound,
  discourseDeps,
  emptyDiscourse,
  routeForReply,
  routeTurn,
  settleTurn,
  type DiscourseState,
} from '../../src/engine/discourse/index.ts';
import { timeAwareItems } from '../../src/engine/lifetime/time-context.ts';
import { memorySessions } from '../../src/engine/eval/memory-sessions.ts';
import { LLM_PURPOSES } from '../../src/engine/llm-purposes.ts';
import {
  addSessions,
  buildMemory,
  DEFAULT_SEED,
  embeddedFactsOf,
  rebuildMemory,
} from '../../src/engine/pipeline.ts';
import { buildTree } from '../../src/engine/tree/build.ts';
import { keywordSummariser } from '../../src/engine/tree/summarise.ts';
import type { EmbedderPort } from '../../src/engine/ports.ts';
import { ScriptedLlm } from '../../src/engine/testing/index.ts';
import { llmListwiseJudge, llmNodeJudge } from '../../src/engine/tree/judges.ts';
import { sessionTexts } from '../../src/engine/tree/lexicon.ts';
import {
  CHAT_FALLBACK_K,
  DEFAULT_MEMORY_EFFORT,
  MEMORY_EFFORTS,
  memorySearch,
  rankedByHybrid,
  THOROUGH_MAX_CALLS,
} from '../../src/engine/tree/memory-effort.ts';
import { createTreeRetriever } from '../../src/engine/tree/retrieve.ts';
import type { RetrievalResult } from '../../src/engine/retrieval.ts';
import { asFactId, type MemoryTree, type Session, type SessionId } from '../../src/engine/types.ts';
import { oracleJudgeLlm, type OracleJudgeLlm } from './oracle-judge-llm.ts';

/**
 * Completion lengths a real model writes where the scripted text is one short line: a chat reply
 * of about a paragraph, one-sentence summaries. Structured answers keep their real length.
 */
export const ASSUMED_COMPLETION_TOKENS: Readonly<Record<string, number>> = {
  [LLM_PURPOSES.answer]: 150,
  [LLM_PURPOSES.summarise]: 30,
  [LLM_PURPOSES.summariseRound]: 30,
  [LLM_PURPOSES.summariseSession]: 60,
};

/** The chat's memory efforts, and the paper's listwise walk beside them. */
const SEARCHES = [...MEMORY_EFFORTS, 'listwise'] as const;
type SearchName = (typeof SEARCHES)[number];

/** The budget: p95 time to the first reply token per profile, and retention. */
export const TURN_BUDGET = { fastP95Ms: 1500, typicalP95Ms: 4500, retention: 0.95 } as const;

export interface TurnCostOptions {
  readonly dataset: EvalDataset;
  readonly embedder: EmbedderPort;
  /** Conversations are added until the memory holds at least this many facts. */
  readonly facts: number;
  /** Questions asked, spread evenly over the included conversations. */
  readonly questions: number;
  /** Topic trees the forest is seeded to before the questions. */
  readonly forestTrees: number;
  /** Fact counts to time a full background rebuild at. */
  readonly rebuildSizes: readonly number[];
  readonly seed?: number;
  readonly onStage?: (stage: string) => void;
}

interface Percentiles {
  readonly p50: number;
  readonly p95: number;
}

export interface EffortCost {
  readonly calls_per_turn: Record<string, PerTurnTotals>;
  readonly ttft_ms: Record<DeviceProfileName, Percentiles>;
  readonly end_ms: Record<DeviceProfileName, Percentiles>;
  /** Of the reference walk's gold sessions, the share this effort's judged set keeps. */
  readonly retention: number;
  /** The same share after the set is cut to the context budget the answerer gets. */
  readonly retention_in_context: number;
}

interface PerTurnTotals {
  readonly calls: number;
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
}

const withAssumedLengths = (records: readonly CallRecord[]): CallRecord[] =>
  records.map((r) => ({
    ...r,
    completionTokens: ASSUMED_COMPLETION_TOKENS[r.purpose] ?? r.completionTokens,
  }));

const round = (x: number) => Math.round(x);
const share = (part: number, whole: number) =>
  whole === 0 ? 1 : Math.round((10000 * part) / whole) / 10000;

function perTurn(records: readonly CallRecord[], turns: number): Record<string, PerTurnTotals> {
  const out: Record<string, PerTurnTotals> = {};
  const mean = (x: number) => Math.round((100 * x) / Math.max(1, turns)) / 100;
  for (const [purpose, t] of Object.entries(totalsByPurpose(records)))
    out[purpose] = {
      calls: mean(t.calls),
      prompt_tokens: mean(t.promptTokens),
      completion_tokens: mean(t.completionTokens),
    };
  return out;
}

/** A list of calls' count and time on each device profile. */
function profileCost(records: readonly CallRecord[]) {
  const out = {} as Record<DeviceProfileName, { calls: number; ms: number }>;
  for (const name of DEVICE_PROFILE_NAMES) {
    const ms = records.reduce(
      (sum, r) => sum + callMs(DEVICE_PROFILES[name], r.promptTokens, r.completionTokens),
      0,
    );
    out[name] = { calls: records.length, ms: round(ms) };
  }
  return out;
}

/** Conversations in file order until the facts target is reached; one memory over all of them. */
async function buildBenchMemory(options: TurnCostOptions) {
  const sessions: Session[] = [];
  const questions: EvalQuestion[] = [];
  const used: string[] = [];
  let memory: Awaited<ReturnType<typeof buildMemory>> | undefined;
  for (const conversation of options.dataset.conversations) {
    sessions.push(...memorySessions(conversation.sessions));
    questions.push(...conversation.questions.filter((q) => q.evidenceSessions.length > 0));
    used.push(conversation.id);
    memory = await buildMemory(sessions, {
      embedder: options.embedder,
      seed: options.seed ?? DEFAULT_SEED,
    });
    if (memory.tree.facts.size >= options.facts) break;
  }
  if (!memory) throw new Error('The dataset holds no conversation');
  return { memory, sessions, questions, conversations: used };
}

function spread<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);
}

/**
 * The topic forest the questions meet: the opening user turns of the newest sessions, each made
 * a new topic (a topic floor no tree reaches: no LLM call is needed), until the forest holds
 * `trees` trees.
 */
async function seedForest(sessions: readonly Session[], trees: number, embedder: EmbedderPort) {
  const deps = discourseDeps({
    embedder,
    llm: new ScriptedLlm(),
    settings: { topicThreshold: 1, topicFloor: 1, topicCeiling: 1 },
  });
  let state: DiscourseState = emptyDiscourse();
  for (const session of [...sessions].reverse()) {
    if (state.trees.length >= trees) break;
    const opening = session.turns.find((t) => t.speaker === 'user') ?? session.turns[0];
    if (!opening) continue;
    const routed = await routeTurn(state, opening.text, deps);
    state = (await commitRound(routed, '', deps)).state;
  }
  return state;
}

function goldKept(
  items: readonly { sessionIds: readonly SessionId[] }[],
  gold: ReadonlySet<SessionId>,
) {
  return new Set(items.flatMap((i) => i.sessionIds).filter((s) => gold.has(s)));
}

/** The gold sessions of every fact the walk selected, before its set was cut to budget. */
function goldJudged(tree: MemoryTree, result: RetrievalResult, gold: ReadonlySet<SessionId>) {
  const sessions = result.events.flatMap((e) =>
    e.type === 'select' && e.factId !== undefined
      ? (tree.facts.get(e.factId)?.sources.map((s) => s.sessionId) ?? [])
      : [],
  );
  return new Set(sessions.filter((s) => gold.has(s)));
}

export async function benchTurnCost(options: TurnCostOptions) {
  const stage = options.onStage ?? (() => undefined);
  stage('building the memory');
  const { memory, sessions, questions, conversations } = await buildBenchMemory(options);
  const tree = memory.tree;
  const transcripts = sessionTexts(sessions);
  const asked = spread(questions, options.questions);
  // The benchmark's questions are no task requests: a classification call, where one is made,
  // answers so.
  const oracle: OracleJudgeLlm = oracleJudgeLlm(tree, {
    rules: { [TASK_CLASSIFY_PURPOSE]: () => '{"kind": "none"}' },
  });
  const llm = recordingLlm(oracle);
  stage(`seeding a ${options.forestTrees}-tree topic forest`);
  const forest = await seedForest(sessions, options.forestTrees, options.embedder);

  stage('the reference: the per-node walk with a perfect judge, no call cap');
  const reference = new Map<string, Set<SessionId>>();
  for (const q of asked) {
    const gold = new Set(q.evidenceSessions);
    oracle.setGold(gold);
    const result = await createTreeRetriever(tree, {
      judge: llmNodeJudge(oracle),
      embedder: options.embedder,
      sessionTexts: transcripts,
    }).retrieve(q.question);
    reference.set(q.id, goldKept(result.items, gold));
  }
  const referenceKept = [...reference.values()].reduce((n, s) => n + s.size, 0);

  const searchFor = (name: SearchName) => {
    if (name !== 'listwise')
      return memorySearch(tree, {
        effort: name,
        llm,
        embedder: options.embedder,
        sessionTexts: transcripts,
      });
    // The paper's listwise walk, capped, ranked and cut like the thorough effort.
    return createTreeRetriever(tree, {
      judge: rankedByHybrid(llmListwiseJudge(llm)),
      maxCalls: THOROUGH_MAX_CALLS,
      embedder: options.embedder,
      fallbackK: CHAT_FALLBACK_K,
      sessionTexts: transcripts,
    });
  };
  const costs = {} as Record<SearchName, EffortCost>;
  for (const effort of SEARCHES) {
    stage(`chat turns, memory search ${effort}`);
    let state = forest;
    const turns: CallRecord[][] = [];
    let kept = 0;
    let inContext = 0;
    llm.take();
    for (const q of asked) {
      const gold = new Set(q.evidenceSessions);
      oracle.setGold(gold);
      // As the chat: is it a task? (a call only when the message holds a task cue word)
      await classifyRequest(q.question, llm);
      const deps = discourseDeps({ embedder: options.embedder, llm });
      const routed = await routeForReply(state, q.question, deps);
      const found = await searchFor(effort).retrieve(q.question);
      const referenceGold = reference.get(q.id) ?? new Set();
      for (const s of goldJudged(tree, found, gold)) if (referenceGold.has(s)) kept++;
      for (const s of goldKept(found.items, gold)) if (referenceGold.has(s)) inContext++;
      // Dated as the memory worker hands them to the chat (memory-retrieve.ts).
      const memories = timeAwareItems(q.question, found.items, { facts: tree.facts });
      const reply = await llm.complete({
        messages: withSelectedContext(answerMessages([], q.question, memories), routed),
        maxTokens: REPLY_MAX_TOKENS,
        purpose: LLM_PURPOSES.answer,
      });
      state = (await settleTurn(state, routed, reply.text, deps)).state;
      turns.push(withAssumedLengths(llm.take()));
    }
    const times = DEVICE_PROFILE_NAMES.map(
      (name) =>
        [
          name,
          turns.map((calls) => turnTime(calls, DEVICE_PROFILES[name], LLM_PURPOSES.answer)),
        ] as const,
    );
    const pct = (values: number[]): Percentiles => ({
      p50: round(quantile(values, 0.5)),
      p95: round(quantile(values, 0.95)),
    });
    costs[effort] = {
      calls_per_turn: perTurn(turns.flat(), turns.length),
      ttft_ms: Object.fromEntries(
        times.map(([name, t]) => [name, pct(t.map((x) => x.firstTokenMs))]),
      ) as Record<DeviceProfileName, Percentiles>,
      end_ms: Object.fromEntries(
        times.map(([name, t]) => [name, pct(t.map((x) => x.endMs))]),
      ) as Record<DeviceProfileName, Percentiles>,
      retention: share(kept, referenceKept),
      retention_in_context: share(inContext, referenceKept),
    };
  }

  stage('background work: one session, then full rebuilds');
  const background = await backgroundCost(tree, sessions, options, llm);
  const { listwise, ...efforts } = costs;
  const standard = efforts[DEFAULT_MEMORY_EFFORT];
  return {
    benchmark: 'turn-cost',
    dataset: options.dataset.dataset,
    file: options.dataset.file,
    conversations,
    facts: tree.facts.size,
    forest_trees: forest.trees.length,
    questions: asked.length,
    profiles: DEVICE_PROFILES,
    assumed_completion_tokens: ASSUMED_COMPLETION_TOKENS,
    reference: 'per-node walk (tacitree-llm) with a perfect judge, no call cap',
    efforts,
    comparison: { listwise },
    budget: {
      ...TURN_BUDGET,
      effort: DEFAULT_MEMORY_EFFORT,
      met:
        standard.ttft_ms.fast.p95 <= TURN_BUDGET.fastP95Ms &&
        standard.ttft_ms.typical.p95 <= TURN_BUDGET.typicalP95Ms &&
        standard.retention >= TURN_BUDGET.retention,
    },
    background,
  };
}

/**
 * Ingesting one session into the memory (its extraction, then the summaries its insert rewrites),
 * and full rebuilds at the given sizes (every summary written again), with the LLM stand-in.
 */
async function backgroundCost(
  tree: MemoryTree,
  sessions: readonly Session[],
  options: TurnCostOptions,
  llm: ReturnType<typeof recordingLlm>,
) {
  const last = sessions[sessions.length - 1];
  const earlier = sessions.slice(0, -1);
  llm.take();
  const base = await buildMemory(earlier.slice(-20), { embedder: options.embedder, seed: 1 });
  llm.take();
  if (last) await addSessions(base.tree, [last], { embedder: options.embedder, llm });
  const ingest = withAssumedLengths(llm.take());
  const extraction = ingest.filter((r) => r.purpose === LLM_PURPOSES.extractFacts);
  const insert = ingest.filter((r) => r.purpose !== LLM_PURPOSES.extractFacts);
  const rebuild: Record<string, unknown> = {};
  for (const size of options.rebuildSizes) {
    const sized = await treeOfSize(tree, size, options);
    llm.take();
    await rebuildMemory(sized, { embedder: options.embedder, llm, seed: DEFAULT_SEED });
    const records = withAssumedLengths(llm.take());
    rebuild[String(size)] = {
      facts: sized.facts.size,
      ...profileCost(records),
      per_purpose: totalsByPurpose(records),
    };
  }
  return {
    ingest_session: { ...profileCost(ingest), per_purpose: totalsByPurpose(ingest) },
    extraction: profileCost(extraction),
    insert: profileCost(insert),
    rebuild,
  };
}

/** The memory's facts cut or repeated (with fresh ids) to `size`, as a tree to rebuild. */
async function treeOfSize(
  tree: MemoryTree,
  size: number,
  options: TurnCostOptions,
): Promise<MemoryTree> {
  const facts = embeddedFactsOf(tree);
  const sized = Array.from({ length: size }, (_, i) => {
    const fact = facts[i % facts.length]!;
    const copy = Math.floor(i / facts.length);
    return copy === 0 ? fact : { ...fact, id: asFactId(`${fact.id}~${copy}`) };
  });
  return (
    await buildTree(sized, {
      embedder: options.embedder,
      summariser: keywordSummariser,
      seed: DEFAULT_SEED,
    })
  ).tree;
}
