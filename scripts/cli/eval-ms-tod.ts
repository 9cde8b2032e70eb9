/**
 * `grove eval --dataset ms-tod --method map-embedding|map-embedding-nojudge|bm25`: MAP's memory
 * activation on MS-TOD (Recall@1/3/5/10), with the task-memory engine (src/engine/task-memory)
 * and the pure evaluation in src/engine/eval/ms-tod-eval.ts. Needs the SGD schemas for the task
 * slots: `--sgd <folder>` (default: the `sgd` folder beside the MS-TOD folder).
 *
 * With `--llm scripted` (test mode) or `--llm openai:URL#model`, map-embedding judges with the LLM
 * (over the top `--judge-units` activated units, default 5) and every confirming session also
 * runs its confirmation dialogue with and without memory (eval-ms-tod-dialogue.ts): slot
 * accuracy, turns to completion and completion rate. `--out rows.jsonl` keeps one row per
 * question and resumes a run that stopped. Against a server, the serving options of the other
 * datasets (eval-serving.ts): `--concurrency N` questions at once (rows in question order),
 * `--cache DIR` / `--no-cache`, `--max-attempts`.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  MS_TOD_KS,
  MS_TOD_METHOD_NOTES,
  MS_TOD_METHODS,
  msTodQueries,
  msTodQuestionId,
  runMsTodEvalWithFailures,
  type MsTodMethod,
  type MsTodRow,
} from '../../src/engine/eval/ms-tod-eval.ts';
import {
  summariseMsTodDialogues,
  type MsTodDialogueSummary,
} from '../../src/engine/eval/ms-tod-dialogue-summary.ts';
import { parseMsTodPersonas, type MsTodPersona } from '../../src/engine/datasets/ms-tod.ts';
import { summarise, type EvalSummary } from '../../src/engine/eval/summary.ts';
import type { FailedRow } from '../../src/engine/eval/run-eval.ts';
import { watchedLlm } from '../../src/engine/eval/watched-llm.ts';
import {
  DEFAULT_SLOT_WEIGHT,
  createEmbeddingJudge,
  createLlmJudge,
  type TaskJudge,
} from '../../src/engine/task-memory/judge.ts';
import {
  DEFAULT_EMBEDDING_WEIGHT,
  DEFAULT_INTENT_WEIGHT,
} from '../../src/engine/task-memory/activate.ts';
import { DEFAULT_OPEN_TASK_WEIGHT } from '../../src/engine/task-memory/open-tasks.ts';
import { DEFAULT_TOP_UNITS } from '../../src/engine/task-memory/recall.ts';
import { DEFAULT_ALPHA, checkAlpha } from '../../src/engine/task-memory/rerank.ts';
import { sgdCatalogue, type SgdCatalogue } from '../../src/engine/task-memory/sgd-schema.ts';
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
import {
  countOrAll,
  dialogueKey,
  dialogueNotes,
  dialogueOptions,
  dialogueSettingsFrom,
  dialogueText,
} from './eval-ms-tod-dialogue.ts';
import { appendRow, readRows, type RunKey } from './eval-rows.ts';
import { failureNote, throwIfNothingSucceeded } from './eval-failures.ts';
import {
  isServerLlm,
  servedLlm,
  servingFrom,
  servingNotes,
  servingOptions,
  stoppingRun,
  stopWhenUnreachable,
} from './eval-serving.ts';
import { modelsFrom } from './models.ts';
import { progressReporter, type ProgressStream } from './progress-bar.ts';

export const msTodOptions = {
  ...EVAL_RUN_OPTIONS,
  ...servingOptions,
  k: { type: 'string' },
  alpha: { type: 'string' },
  sgd: { type: 'string' },
  'query-turns': { type: 'string' },
  'slot-weight': { type: 'string' },
  'judge-units': { type: 'string' },
  'embedding-weight': { type: 'string' },
  'open-task-weight': { type: 'string' },
  'intent-weight': { type: 'string' },
  out: { type: 'string' },
  ...dialogueOptions,
} as const;

const UNIT = { min: 0, max: 1 };

/** True when `argv` asks for MS-TOD with one of the task-memory methods (this module's route). */
export function isMsTodTaskMemoryRun(argv: readonly string[]): boolean {
  const method = argValue(argv, 'method');
  return (
    argValue(argv, 'dataset') === 'ms-tod' &&
    method !== undefined &&
    (MS_TOD_METHODS as readonly string[]).includes(method)
  );
}

async function jsonFiles(path: string): Promise<string[]> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`Cannot read ${path}: ${error.code ?? error.message}`);
  });
  if (!info.isDirectory()) return [path];
  const files = (await readdir(path))
    .filter((f) => f.endsWith('.json'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((f) => join(path, f));
  if (files.length === 0) throw new UsageError(`${path} holds no .json files`);
  return files;
}

export async function readPersonas(path: string): Promise<MsTodPersona[]> {
  const files = await jsonFiles(path);
  const parts = await Promise.all(
    files.map(async (f) => parseMsTodPersonas(await readFile(f, 'utf8'), f)),
  );
  return parts.flat();
}

/** The SGD schema files: `--sgd` (a file or folder) or the `sgd` folder beside the data. */
export async function readCatalogue(
  sgd: string | undefined,
  dataPath: string,
): Promise<SgdCatalogue> {
  const base = resolve(dataPath);
  const path =
    sgd ?? join((await stat(base)).isDirectory() ? dirname(base) : dirname(dirname(base)), 'sgd');
  if (!existsSync(path))
    throw new UsageError(
      `No SGD schemas at ${path}: pass --sgd <folder or schema.json> (the dstc8 schema files give the task slots).`,
    );
  const files = (await jsonFiles(path)).filter((f) => /schema[^/]*\.json$/.test(f));
  if (files.length === 0) throw new UsageError(`${path} holds no schema*.json file`);
  // Train first: SGD's schema files repeat services, and the first one read wins.
  files.sort(
    (a, b) => Number(!a.includes('train')) - Number(!b.includes('train')) || a.localeCompare(b),
  );
  return sgdCatalogue(
    await Promise.all(
      files.map(async (file) => ({
        file,
        json: JSON.parse(await readFile(file, 'utf8')) as unknown,
      })),
    ),
  );
}

export type MsTodSummary = EvalSummary & {
  /** Mean Recall@k for k = 1, 3, 5, 10 (and --k). */
  readonly recall_at: Readonly<Record<string, number>>;
  readonly alpha: number | null;
} & Partial<MsTodDialogueSummary & ReturnType<typeof dialogueKey>>;

export async function runMsTodCommand(
  argv: string[],
  deps: { readonly progress?: ProgressStream } = {},
): Promise<{ json: boolean; result: MsTodSummary; text: string }> {
  const values = parse(argv, msTodOptions);
  const method = choice(values.method, 'method', MS_TOD_METHODS, 'map-embedding') as MsTodMethod;
  const file = required(values.file, 'file');
  const k = intOption(values.k, 'k', 5);
  if (k < 1) throw new UsageError(`--k must be at least 1, got ${k}`);
  const limit = values.limit === undefined ? undefined : intOption(values.limit, 'limit', 0);
  const llmArg = values.llm ?? 'none';
  const alpha = checkAlpha(numberOption(values.alpha, 'alpha', DEFAULT_ALPHA, UNIT));
  const slotWeight = numberOption(values['slot-weight'], 'slot-weight', DEFAULT_SLOT_WEIGHT, UNIT);
  const queryTurns = choice(values['query-turns'], 'query-turns', ['user', 'all'] as const, 'user');
  const serving = servingFrom(values, llmArg);
  const models = modelsFrom({ embedder: values.embedder, llm: llmArg }, serving.retry);
  const served = models.llm ? servedLlm(models.llm, serving, isServerLlm(llmArg)) : undefined;
  const stopping = served ? stopWhenUnreachable(served.llm) : undefined;
  const llm = stopping ? watchedLlm(stopping.llm) : undefined;
  const dialogue = dialogueSettingsFrom(values, llm);
  const judgeUnitsArg = countOrAll(values['judge-units'], 'judge-units', 1);
  const judgeUnits = values['judge-units'] === undefined ? DEFAULT_TOP_UNITS : judgeUnitsArg;
  const activation = {
    embeddingWeight: numberOption(
      values['embedding-weight'],
      'embedding-weight',
      DEFAULT_EMBEDDING_WEIGHT,
      UNIT,
    ),
    openTaskWeight: numberOption(
      values['open-task-weight'],
      'open-task-weight',
      DEFAULT_OPEN_TASK_WEIGHT,
      { min: 0, max: 1000 },
    ),
    intentWeight: numberOption(values['intent-weight'], 'intent-weight', DEFAULT_INTENT_WEIGHT, {
      min: 0,
      max: 1000,
    }),
  };
  const [personas, catalogue] = await Promise.all([
    readPersonas(file),
    readCatalogue(values.sgd, file),
  ]);
  let judge: TaskJudge | undefined;
  if (method === 'map-embedding')
    judge = llm
      ? createLlmJudge({ llm })
      : createEmbeddingJudge({ embedder: models.embedder, slotWeight });
  const run: RunKey & Record<string, unknown> = {
    dataset: 'ms-tod',
    method,
    llm: llmArg,
    embedder: models.embedder.id,
    k,
    seed: 0,
    oracle_noise: 0,
    alpha,
    slot_weight: slotWeight,
    query_turns: queryTurns,
    judge_units: judgeUnits,
    embedding_weight: activation.embeddingWeight,
    open_task_weight: activation.openTaskWeight,
    intent_weight: activation.intentWeight,
    ...(dialogue ? dialogueKey(dialogue) : {}),
  };
  const out = values.out;
  const previous = out ? ((await readRows(out, run)) as MsTodRow[]) : [];
  const { rows: fresh, failed } = await stoppingRun(stopping, out, (signal) =>
    runMsTodEvalWithFailures({
      personas,
      catalogue,
      method,
      embedder: models.embedder,
      ...(judge ? { judge } : {}),
      alpha,
      ...(method === 'bm25' ? {} : activation),
      k,
      queryTurns,
      ...(limit === undefined ? {} : { limit }),
      ...(judgeUnits === 'all' ? {} : { judgeUnits }),
      ...(dialogue ? { dialogue } : {}),
      done: new Set(previous.map((r) => r.question_id)),
      concurrency: serving.concurrency,
      ...(llm ? { calls: llm } : {}),
      ...(out
        ? {
            onRow: (row: MsTodRow) => appendRow(out, run, row),
            onFailure: (failure: FailedRow) => appendRow(out, run, failure),
          }
        : {}),
      onProgress: progressReporter(deps.progress ?? process.stderr, `eval ${method}`),
      ...(signal ? { signal } : {}),
    }),
  );
  // Rows read back and rows done now, in question order (as a one-at-a-time run gives them).
  const byId = new Map([...previous, ...fresh].map((r) => [r.question_id, r]));
  const rows = msTodQueries(personas)
    .slice(0, limit)
    .flatMap((query) => byId.get(msTodQuestionId(query)) ?? []);
  const ks = [...new Set([...MS_TOD_KS, k])].sort((a, b) => a - b);
  const recallAt: Record<string, number> = {};
  for (const key of ks) {
    const mean =
      rows.length === 0
        ? 0
        : rows.reduce((s, r) => s + (r.recall_at[String(key)] ?? 0), 0) / rows.length;
    recallAt[String(key)] = Number(mean.toFixed(4));
  }
  const notes = [
    'MS-TOD memory activation: candidates are the earlier sessions of the persona; ground truth the earlier sessions of the same task (reference_dialogue_id)',
    `query intent: the ${queryTurns === 'user' ? 'user turns' : 'turns'} before the confirmation response; the predicted session's intent label, service and slot values are never read`,
    MS_TOD_METHOD_NOTES[method],
    ...(method !== 'bm25' && activation.openTaskWeight > 0
      ? [
          `open-task prior on (weight ${activation.openTaskWeight}): earlier sessions that completed their task, and those resembling them, are demoted — MS-TOD's continuation question only; Grove's chat leaves it off because it would bury finished tasks a user comes back to`,
        ]
      : []),
    "memory units (no LLM): intent = first user utterances, activation text = all its turns (stop words dropped); QA pairs from each stored session's own SGD slots, confirmed values where present, and its question/answer turns",
    ...(limit === undefined ? [] : [`--limit ${limit}: the first ${rows.length} questions only`]),
    ...(previous.length > 0
      ? [`resumed: ${rows.length - fresh.length} rows read back from ${out}`]
      : []),
    ...(judge && judgeUnits !== 'all'
      ? [
          `the judge scores the QA pairs of the top ${judgeUnits} activated units; the other sessions follow in activation order`,
        ]
      : []),
    ...(dialogue ? dialogueNotes(dialogue) : []),
    ...(failed.length > 0 ? [failureNote(failed, out)] : []),
    ...servingNotes(
      serving,
      served,
      (n) =>
        `questions ran up to ${n} at once (each persona's memory built once; with an LLM at most ${n} calls in flight; ms per query includes waiting for a slot)`,
    ),
  ];
  const summary = summarise(rows, {
    dataset: 'ms-tod',
    method,
    embedder: models.labels.embedder,
    llm: llm ? models.labels.llm : 'none (extractive task memory)',
    judge:
      method !== 'map-embedding'
        ? 'none'
        : llm
          ? `LLM judge (${models.labels.llm}), alpha ${alpha}`
          : `embedding judge (slot weight ${slotWeight}), alpha ${alpha}`,
    k,
    failed: failed.length,
    unreadable: llm?.unreadable() ?? {},
    notes,
  });
  throwIfNothingSucceeded(failed, rows.length, out);
  const dialogues = dialogue ? summariseMsTodDialogues(rows.map((r) => r.dialogue)) : undefined;
  const result: MsTodSummary = {
    ...summary,
    recall_at: recallAt,
    alpha: method === 'map-embedding' ? alpha : null,
    ...(dialogue && dialogues ? { ...dialogues, ...dialogueKey(dialogue) } : {}),
  };
  const text = [
    `Dataset: ms-tod   Method: ${method}   Questions: ${summary.questions}${failed.length > 0 ? `   Failed: ${failed.length}` : ''}`,
    `Embedder: ${summary.embedder}`,
    ...(llm ? [`LLM: ${summary.llm}`] : []),
    `Judge: ${summary.judge}`,
    `Recall@k: ${ks.map((key) => `@${key} ${((recallAt[String(key)] ?? 0) * 100).toFixed(1)}%`).join('   ')}`,
    ...(dialogue && dialogues ? dialogueText(dialogues, dialogueKey(dialogue).max_turns) : []),
    `${summary.ms_per_query} ms/query`,
    ...notes.map((n) => `Note: ${n}`),
  ].join('\n');
  return { json: values.json === true, result, text };
}
