/**
 * `grove eval --dataset ntm`: replays NTM dialogues through Context-Agent (src/engine/eval/
 * ntm-eval.ts) and prints `{dataset, conversations, context_tokens_mean, linear_tokens_mean,
 * token_ratio, goal_coverage, linear_goal_coverage, decisions, ...}`; one row per dialogue goes to
 * `--out` (JSON Lines, resumable like the other eval rows). `--llm none` decides with embeddings
 * only and generates no replies (the assistant side stays empty); `--llm scripted` is the test
 * fake; `--llm openai:URL#model` generates the replies, makes the paper's LLM decisions and judges
 * the final reply against the checkpoint (task completion). Against a server, the serving options
 * of the other datasets (eval-serving.ts): `--concurrency N` dialogues at once (rows in dialogue
 * order), `--cache DIR` / `--no-cache`, `--max-attempts`.
 */
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { discourseDeps } from '../../src/engine/discourse/turn.ts';
import {
  DEFAULT_DISCOURSE_SETTINGS,
  type DiscourseSettings,
} from '../../src/engine/discourse/settings.ts';
import { readSection } from '../../src/engine/prompt-sections.ts';
import {
  NTM_JUDGE_PURPOSE,
  NTM_REPLY_PURPOSE,
  ntmDialogues,
  replayNtmDialogue,
  summariseNtm,
  type NtmFailedRow,
  type NtmRow,
  type NtmSummary,
} from '../../src/engine/eval/ntm-eval.ts';
import { goalCoverage, goalKeyTerms } from '../../src/engine/eval/goal-terms.ts';
import { mapLimitedInOrder } from '../../src/engine/concurrency/map-limited.ts';
import { errorMessage, isAbortError } from '../../src/engine/errors.ts';
import { throwIfCallsFailed, watchedLlm } from '../../src/engine/eval/watched-llm.ts';
import type { LlmPort } from '../../src/engine/ports.ts';
import { ScriptedLlm } from '../../src/engine/testing/index.ts';
import {
  argValue,
  choice,
  EVAL_RUN_OPTIONS,
  intOption,
  numberOption,
  parse,
  required,
  UsageError,
} from './args.ts';
import { readDataset, type EvalDeps } from './eval-command.ts';
import { EvalFailedError } from './eval-failures.ts';
import {
  isServerLlm,
  servedLlm,
  servingFrom,
  servingNotes,
  servingOptions,
  stoppingRun,
  stopWhenUnreachable,
} from './eval-serving.ts';
import { isNtmFoldsRun, runNtmFoldsCommand } from './eval-ntm-folds.ts';
import { modelsFrom } from './models.ts';
import { progressReporter } from './progress-bar.ts';

export const ntmOptions = {
  ...EVAL_RUN_OPTIONS,
  ...servingOptions,
  out: { type: 'string' },
  'top-k': { type: 'string' },
  'branch-threshold': { type: 'string' },
  'topic-threshold': { type: 'string' },
  'word-weight': { type: 'string' },
  'return-threshold': { type: 'string' },
  'follow-up-words': { type: 'string' },
  'topic-floor': { type: 'string' },
  'topic-ceiling': { type: 'string' },
  'topic-margin': { type: 'string' },
  'topic-choices': { type: 'string' },
  'branch-margin': { type: 'string' },
  'summary-share': { type: 'string' },
  'question-share': { type: 'string' },
  'max-reply-tokens': { type: 'string' },
} as const;

/** The Context-Agent settings these options give (defaults: DEFAULT_DISCOURSE_SETTINGS). */
export function ntmSettings(
  values: Partial<Record<keyof typeof ntmOptions, unknown>>,
): DiscourseSettings {
  const str = (key: keyof typeof ntmOptions) =>
    typeof values[key] === 'string' ? (values[key] as string) : undefined;
  return {
    topK: intOption(str('top-k'), 'top-k', DEFAULT_DISCOURSE_SETTINGS.topK),
    branchThreshold: numberOption(
      str('branch-threshold'),
      'branch-threshold',
      DEFAULT_DISCOURSE_SETTINGS.branchThreshold,
    ),
    topicThreshold: numberOption(
      str('topic-threshold'),
      'topic-threshold',
      DEFAULT_DISCOURSE_SETTINGS.topicThreshold,
    ),
    wordWeight: numberOption(
      str('word-weight'),
      'word-weight',
      DEFAULT_DISCOURSE_SETTINGS.wordWeight,
      { min: 0, max: 1 },
    ),
    returnThreshold: numberOption(
      str('return-threshold'),
      'return-threshold',
      DEFAULT_DISCOURSE_SETTINGS.returnThreshold,
    ),
    followUpWords: intOption(
      str('follow-up-words'),
      'follow-up-words',
      DEFAULT_DISCOURSE_SETTINGS.followUpWords,
    ),
    topicFloor: numberOption(
      str('topic-floor'),
      'topic-floor',
      DEFAULT_DISCOURSE_SETTINGS.topicFloor,
    ),
    topicCeiling: numberOption(
      str('topic-ceiling'),
      'topic-ceiling',
      DEFAULT_DISCOURSE_SETTINGS.topicCeiling,
    ),
    topicMargin: numberOption(
      str('topic-margin'),
      'topic-margin',
      DEFAULT_DISCOURSE_SETTINGS.topicMargin,
      { min: 0, max: 2 },
    ),
    topicChoices: intOption(
      str('topic-choices'),
      'topic-choices',
      DEFAULT_DISCOURSE_SETTINGS.topicChoices,
    ),
    branchMargin: numberOption(
      str('branch-margin'),
      'branch-margin',
      DEFAULT_DISCOURSE_SETTINGS.branchMargin,
    ),
    summaryShare: numberOption(
      str('summary-share'),
      'summary-share',
      DEFAULT_DISCOURSE_SETTINGS.summaryShare,
      { min: 0, max: 1 },
    ),
    questionShare: numberOption(
      str('question-share'),
      'question-share',
      DEFAULT_DISCOURSE_SETTINGS.questionShare,
      { min: 0, max: 1 },
    ),
  };
}

/** Whether these `grove eval` arguments ask for the NTM replay. */
export function isNtmRun(argv: readonly string[]): boolean {
  return argValue(argv, 'dataset') === 'ntm';
}

/**
 * Test mode (`--llm scripted`, and the fake server of the CLI tests): replies echo the request;
 * the judge counts goals whose key terms the reply holds.
 */
export const NTM_TEST_RULES: Readonly<Record<string, (prompt: string) => string>> = {
  [NTM_REPLY_PURPOSE]: (prompt) => `Noted: ${prompt.split('\n\n').at(-1) ?? ''}`,
  [NTM_JUDGE_PURPOSE]: (prompt) => {
    const reply = readSection(prompt, 'FINAL REPLY') ?? '';
    const goals = (readSection(prompt, 'GOALS') ?? '')
      .split('\n')
      .map((l) => goalKeyTerms(l.replace(/^\(\d+\)\s*/, '')));
    const { covered, total } = goalCoverage(goals, reply);
    return JSON.stringify({ satisfied: covered, total: Math.max(1, total) });
  },
};

const scriptedNtmLlm = (): ScriptedLlm => new ScriptedLlm({ rules: NTM_TEST_RULES });

interface RunKey {
  readonly dataset: 'ntm';
  readonly method: 'context-agent';
  readonly llm: string;
  readonly embedder: string;
  readonly settings: DiscourseSettings;
}

async function readNtmRows(path: string, run: RunKey): Promise<NtmRow[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const rows: NtmRow[] = [];
  for (const [i, line] of lines.entries()) {
    let stored: NtmRow & { run?: RunKey };
    try {
      stored = JSON.parse(line) as NtmRow & { run?: RunKey };
    } catch {
      if (i === lines.length - 1) {
        await writeFile(
          path,
          lines
            .slice(0, -1)
            .map((l) => `${l}\n`)
            .join(''),
        );
        break;
      }
      throw new UsageError(`${path}: row ${i + 1} is not JSON; pass another --out or delete it`);
    }
    if (JSON.stringify(stored.run) !== JSON.stringify(run)) {
      throw new UsageError(
        `${path} holds rows of another run (${JSON.stringify(stored.run ?? null)}); pass another --out to start this one, or delete the file`,
      );
    }
    const { run: _run, ...row } = stored;
    // A failed dialogue's row stays on record; the dialogue is done again.
    if (!('error' in row)) rows.push(row);
  }
  return rows;
}

export async function runNtmEvalCommand(
  argv: string[],
  deps: EvalDeps = {},
): Promise<{ json: boolean; result: NtmSummary; text: string }> {
  if (isNtmFoldsRun(argv)) return (await runNtmFoldsCommand(argv, deps)) as never;
  const values = parse(argv, ntmOptions);
  choice(values.method, 'method', ['context-agent'] as const, 'context-agent');
  const file = required(values.file, 'file');
  const limit = values.limit === undefined ? undefined : intOption(values.limit, 'limit', 0);
  const llmArg = values.llm ?? 'none';
  if (llmArg === 'oracle') {
    throw new UsageError(
      '--llm oracle has no meaning on NTM (no retrieval ground truth); use none, scripted or openai:URL#model',
    );
  }
  const settings = ntmSettings(values);
  const maxReplyTokens = intOption(values['max-reply-tokens'], 'max-reply-tokens', 512);
  const serving = servingFrom(values, llmArg);
  const models = modelsFrom(
    { embedder: values.embedder, llm: llmArg === 'scripted' ? 'none' : llmArg },
    serving.retry,
  );
  const bare: LlmPort | undefined = llmArg === 'scripted' ? scriptedNtmLlm() : models.llm;
  const served = bare ? servedLlm(bare, serving, isServerLlm(llmArg)) : undefined;
  const stopping = served ? stopWhenUnreachable(served.llm) : undefined;
  const llm = stopping ? watchedLlm(stopping.llm) : undefined;
  const llmLabel =
    llmArg === 'scripted'
      ? 'scripted (TEST MODE: rule-based fake LLM)'
      : llm
        ? models.labels.llm
        : 'none (embedding-only decisions, extractive summaries, no replies: the assistant side is empty)';
  let engineDeps;
  try {
    engineDeps = discourseDeps({ embedder: models.embedder, llm, settings });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const dataset = await readDataset('ntm', file, false);
  const dialogues = ntmDialogues(dataset).slice(0, limit);
  const run: RunKey = {
    dataset: 'ntm',
    method: 'context-agent',
    llm: llmArg,
    embedder: models.embedder.id,
    settings,
  };
  const out = values.out;
  const previous = out ? await readNtmRows(out, run) : [];
  const done = new Map(previous.map((r) => [r.conversation_id, r]));
  const todo = dialogues.filter((d) => !done.has(d.id));
  const report = progressReporter(deps.progress ?? process.stderr, 'eval ntm');
  let progress = dialogues.length - todo.length;
  report(progress, dialogues.length);
  // Dialogues run `--concurrency` at a time (each one's turns in order); rows are written and
  // aggregated in dialogue order, as a one-at-a-time run gives them.
  const failed: NtmFailedRow[] = [];
  const fresh = await stoppingRun(stopping, out, (signal) =>
    mapLimitedInOrder(
      todo,
      serving.concurrency,
      async (dialogue): Promise<NtmRow | NtmFailedRow> => {
        const mark = llm?.mark() ?? 0;
        try {
          const row = await replayNtmDialogue(dialogue, {
            deps: engineDeps,
            ...(llm ? { replyLlm: llm, judgeLlm: llm } : {}),
            maxReplyTokens,
            ...(signal ? { signal } : {}),
          });
          // A failed decision or summary call fell back inside the engine: not a scored row.
          throwIfCallsFailed(llm, mark);
          return row;
        } catch (error) {
          if (signal?.aborted || isAbortError(error)) throw error;
          return { conversation_id: dialogue.id, error: errorMessage(error) };
        } finally {
          report(++progress, dialogues.length);
        }
      },
      (row) => {
        if ('error' in row) failed.push(row);
        return out ? appendFile(out, `${JSON.stringify({ run, ...row })}\n`) : undefined;
      },
      signal,
    ),
  );
  const freshRows = fresh.filter((r): r is NtmRow => !('error' in r));
  const byId = new Map([
    ...done,
    ...freshRows.map((r): [string, NtmRow] => [r.conversation_id, r]),
  ]);
  const rows = dialogues.flatMap((d) => byId.get(d.id) ?? []);
  if (failed.length > 0) {
    const first = failed[0] as NtmFailedRow;
    if (rows.length === 0)
      throw new EvalFailedError(
        `every dialogue failed (${failed.length} of ${failed.length}; first: ${first.conversation_id}: ${first.error})` +
          (out ? `; they are recorded in ${out}: run the same command again to retry them` : ''),
      );
  }
  const notes = [...dataset.notes.filter((n) => !n.startsWith('NTM has no retrieval'))];
  notes.push(
    'tokens: mean per turn of what is sent before the query (selected context vs the linear history of the same rounds)',
    'goal_coverage: share of checkpoint goals whose key terms (numbers, named items, half the content words) are in the final turn’s context',
  );
  if (!llm)
    notes.push('--llm none: no replies are generated, so both histories hold the user turns only');
  if (limit !== undefined)
    notes.push(`--limit ${limit}: the first ${dialogues.length} dialogues only`);
  if (previous.length > 0) notes.push(`resumed: ${done.size} rows read back from ${out}`);
  notes.push(
    ...servingNotes(
      serving,
      served,
      (n) =>
        `dialogues ran up to ${n} at once (each one's turns in order; with an LLM at most ${n} calls in flight)`,
    ),
  );
  const summary = summariseNtm(
    rows,
    {
      embedder: models.labels.embedder,
      llm: llmLabel,
      decider: llm
        ? 'llm (paper prompts; the embedding decides clear topics, one call lists the candidates ' +
          'otherwise; an unusable reply keeps the embedding topic or CONTINUE)'
        : 'embedding-only',
      notes: [
        ...notes,
        ...(failed.length > 0
          ? [
              `${failed.length} dialogue${failed.length === 1 ? '' : 's'} failed and left out of these figures (first: ${failed[0]?.conversation_id}: ${failed[0]?.error}); ` +
                (out
                  ? `they are recorded in ${out}: run the same command again to retry them`
                  : 'pass --out rows.jsonl to record them and retry only those'),
            ]
          : []),
      ],
    },
    { failed: failed.length, unreadable: llm?.unreadable() ?? {} },
  );
  return { json: values.json === true, result: summary, text: formatNtm(summary) };
}

const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);

function formatNtm(s: NtmSummary): string {
  const d = s.decisions;
  return [
    `Dataset: ntm   Method: context-agent   Conversations: ${s.conversations}${s.failed_questions > 0 ? `   Failed: ${s.failed_questions}` : ''}`,
    `Embedder: ${s.embedder}`,
    `LLM: ${s.llm}   Decisions: ${s.decider}`,
    `Context tokens per turn: ${s.context_tokens_mean} vs linear ${s.linear_tokens_mean} (ratio ${s.token_ratio})`,
    `Goal coverage: ${pct(s.goal_coverage)} (linear history: ${pct(s.linear_goal_coverage)})   Task completion: ${pct(s.task_completion)}`,
    `Topic: ${d.new_tree} new trees, ${d.same_tree} same tree, ${d.other_tree} back to another tree   ` +
      `Branch: ${d.continue} continue, ${d.create_branch} create, ${d.switch_branch} switch, ${d.fallback} fallbacks`,
    `LLM decisions per turn: topic ${s.llm_decisions_per_turn.topic}, branch ${s.llm_decisions_per_turn.branch} ` +
      `(at most ${s.llm_decisions_per_turn.most_in_a_turn} in one turn)`,
    ...s.notes.map((n) => `Note: ${n}`),
  ].join('\n');
}
