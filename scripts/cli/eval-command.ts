/**
 * `grove eval`: a benchmark file, one method, one model setting → retrieval metrics per question
 * (rows, resumable) and a JSON summary. See issue 6 and README "Evaluation".
 */
import { withSupersedeScores } from './eval-updates.ts';
import type { UpdatesSummary } from '../../src/engine/eval/summary.ts';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DATASET_NAMES,
  type DatasetName,
  type EvalDataset,
} from '../../src/engine/datasets/eval-model.ts';
import { loadDataset, mergeDatasets } from '../../src/engine/datasets/load.ts';
import { JUDGE_ANSWER_PURPOSE } from '../../src/engine/eval/answer-check.ts';
import {
  DEFAULT_TREE_SETTINGS,
  canonicalMethodName,
  EVAL_METHODS,
  judgeLabel,
  type EvalMethod,
  type JudgeMode,
  type TreeSettings,
} from '../../src/engine/eval/methods.ts';
import { FLAT_DEPTHS } from '../../src/engine/baselines/flat-hybrid.ts';
import { LARGE_LEVEL } from '../../src/engine/cluster/policy.ts';
import { NO_LLM_JUDGES } from '../../src/engine/tree/judges.ts';
import {
  runEval,
  type EvalRow,
  type FailedRow,
  type MemoryCache,
} from '../../src/engine/eval/run-eval.ts';
import { summarise, type EvalSummary } from '../../src/engine/eval/summary.ts';
import { watchedLlm, type WatchedLlm } from '../../src/engine/eval/watched-llm.ts';
import { DEFAULT_SEED } from '../../src/engine/pipeline.ts';
import { judgeAnswerRule, ScriptedLlm } from '../../src/engine/testing/index.ts';
import {
  choice,
  EVAL_RUN_OPTIONS,
  intOption,
  numberOption,
  parse,
  required,
  UsageError,
} from './args.ts';
import { failureNote, throwIfNothingSucceeded } from './eval-failures.ts';
import { appendRow, readRunRecords, type RunKey } from './eval-rows.ts';
import {
  isServerLlm,
  servedLlm,
  servingFrom,
  servingNotes,
  servingOptions,
  stoppingRun,
  stopWhenUnreachable,
  type ServedLlm,
  type Serving,
  type StoppingLlm,
} from './eval-serving.ts';
import { modelsFrom } from './models.ts';
import { progressReporter, type ProgressStream } from './progress-bar.ts';

export const evalOptions = {
  ...EVAL_RUN_OPTIONS,
  ...servingOptions,
  k: { type: 'string' },
  'oracle-noise': { type: 'string' },
  seed: { type: 'string' },
  out: { type: 'string' },
  beam: { type: 'string' },
  'large-level': { type: 'string' },
  'leaf-mode': { type: 'string' },
  'fallback-k': { type: 'string' },
  'node-vector': { type: 'string' },
  'tree-judge': { type: 'string' },
  'embedding-weight': { type: 'string' },
  'session-weight': { type: 'string' },
  'context-budget': { type: 'string' },
  'flat-depth': { type: 'string' },
  'all-categories': { type: 'boolean' },
} as const;

/** Reads the benchmark: a file, or (MS-TOD's one file per persona) a folder of .json files. */
export async function readDataset(
  name: DatasetName,
  path: string,
  allCategories: boolean,
): Promise<EvalDataset> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`Cannot read ${path}: ${error.code ?? error.message}`);
  });
  const options = { includeAdversarial: allCategories };
  if (!info.isDirectory()) return loadDataset(name, await readFile(path, 'utf8'), path, options);
  const files = (await readdir(path))
    .filter((f) => /\.jsonl?$/.test(f))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (files.length === 0) throw new UsageError(`${path} holds no .json or .jsonl files`);
  const parts = await Promise.all(
    files.map(async (f) =>
      loadDataset(name, await readFile(join(path, f), 'utf8'), join(path, f), options),
    ),
  );
  return mergeDatasets(parts, path);
}

interface Setting {
  readonly mode: JudgeMode;
  readonly llm?: WatchedLlm;
  /** The LLM as served: concurrency, and the response cache for a real server. */
  readonly served?: ServedLlm;
  /** Stops the run when a server never answers (stopWhenUnreachable). */
  readonly stopping?: StoppingLlm;
  readonly labels: { readonly llm: string; readonly embedder: string };
  readonly embedder: ReturnType<typeof modelsFrom>['embedder'];
}

function settingFrom(
  values: { llm?: string | undefined; embedder?: string | undefined },
  noise: number,
  seed: number,
  serving: Serving,
): Setting {
  const llmArg = values.llm ?? 'none';
  if (llmArg === 'oracle') {
    const models = modelsFrom({ embedder: values.embedder, llm: 'none' });
    return {
      mode: { kind: 'oracle', noise, seed },
      embedder: models.embedder,
      labels: {
        llm: `oracle (judge told the ground truth${noise > 0 ? `, noise ${noise}` : ''}; extractive facts)`,
        embedder: models.labels.embedder,
      },
    };
  }
  if (noise > 0) throw new UsageError('--oracle-noise applies to --llm oracle only');
  if (llmArg === 'scripted') {
    const models = modelsFrom({ embedder: values.embedder, llm: 'none' });
    const served = servedLlm(
      new ScriptedLlm({ rules: { [JUDGE_ANSWER_PURPOSE]: judgeAnswerRule } }),
      serving,
      false,
    );
    const llm = watchedLlm(served.llm);
    return {
      mode: { kind: 'llm', llm },
      llm,
      served,
      embedder: models.embedder,
      labels: {
        llm: 'scripted (TEST MODE: rule-based fake LLM)',
        embedder: models.labels.embedder,
      },
    };
  }
  const models = modelsFrom({ embedder: values.embedder, llm: llmArg }, serving.retry);
  if (!models.llm)
    return { mode: { kind: 'none' }, embedder: models.embedder, labels: models.labels };
  const served = servedLlm(models.llm, serving, isServerLlm(llmArg));
  const stopping = stopWhenUnreachable(served.llm);
  const llm = watchedLlm(stopping.llm);
  return {
    mode: { kind: 'llm', llm },
    llm,
    served,
    stopping,
    embedder: models.embedder,
    labels: models.labels,
  };
}

export interface EvalDeps {
  /** Where progress goes (default process.stderr). */
  readonly progress?: ProgressStream;
  /** Memories shared across runs in one process (npm run results). */
  readonly memoryCache?: MemoryCache;
}

/** A method's current name; an old name still works, with a notice on stderr. */
function methodName(given: string): string {
  const current = canonicalMethodName(given);
  if (current !== given)
    process.stderr.write(
      `grove eval: method "${given}" is now called "${current}"; the old name still works for now.\n`,
    );
  return current;
}

export async function runEvalCommand(argv: string[], deps: EvalDeps = {}) {
  // MS-TOD with a MAP task-memory method (map-embedding, map-embedding-nojudge, bm25): issue 8.
  const msTod = await import('./eval-ms-tod.ts');
  if (msTod.isMsTodTaskMemoryRun(argv)) return msTod.runMsTodCommand(argv, deps);
  // NTM replays whole dialogues through Context-Agent (issue 7); its summary has its own shape,
  // typed NtmSummary by runNtmEvalCommand (cast so the retrieval summary type stays unchanged).
  const ntm = await import('./eval-ntm.ts');
  if (ntm.isNtmRun(argv)) return (await ntm.runNtmEvalCommand(argv, deps)) as never;
  const values = parse(argv, evalOptions);
  const datasetName = choice(values.dataset, 'dataset', DATASET_NAMES, 'locomo');
  if (values.dataset === undefined) throw new UsageError('--dataset is required');
  if (values.method === undefined) throw new UsageError('--method is required');
  const method = choice(
    methodName(values.method),
    'method',
    EVAL_METHODS,
    'tacitree-embedding',
  ) as EvalMethod;
  const file = required(values.file, 'file');
  const k = intOption(values.k, 'k', 5);
  if (k < 1) throw new UsageError(`--k must be at least 1, got ${k}`);
  const limit = values.limit === undefined ? undefined : intOption(values.limit, 'limit', 0);
  const seed = intOption(values.seed, 'seed', DEFAULT_SEED);
  const largeLevel =
    values['large-level'] === undefined
      ? undefined
      : intOption(values['large-level'], 'large-level', LARGE_LEVEL);
  const noise = numberOption(values['oracle-noise'], 'oracle-noise', 0, { min: 0, max: 1 });
  const treeJudge = choice(
    values['tree-judge'],
    'tree-judge',
    NO_LLM_JUDGES,
    DEFAULT_TREE_SETTINGS.judge,
  );
  if (treeJudge !== 'hybrid' && values['embedding-weight'] !== undefined)
    throw new UsageError('--embedding-weight applies to --tree-judge hybrid only');
  const tree: TreeSettings = {
    judge: treeJudge,
    embeddingWeight: numberOption(
      values['embedding-weight'],
      'embedding-weight',
      DEFAULT_TREE_SETTINGS.embeddingWeight,
      { min: 0, max: 1 },
    ),
    sessionWeight: numberOption(
      values['session-weight'],
      'session-weight',
      DEFAULT_TREE_SETTINGS.sessionWeight,
      { min: 0, max: 1 },
    ),
    contextBudget:
      values['context-budget'] === 'none'
        ? Number.POSITIVE_INFINITY
        : intOption(
            values['context-budget'],
            'context-budget',
            DEFAULT_TREE_SETTINGS.contextBudget,
          ),
    beam: intOption(values.beam, 'beam', DEFAULT_TREE_SETTINGS.beam),
    leafMode: choice(
      values['leaf-mode'],
      'leaf-mode',
      ['collect', 'judge'] as const,
      DEFAULT_TREE_SETTINGS.leafMode,
    ),
    fallbackK: intOption(values['fallback-k'], 'fallback-k', DEFAULT_TREE_SETTINGS.fallbackK),
    nodeVector: choice(
      values['node-vector'],
      'node-vector',
      ['auto', 'summary', 'centroid'] as const,
      DEFAULT_TREE_SETTINGS.nodeVector,
    ),
  };
  const flatDepth = choice(values['flat-depth'], 'flat-depth', FLAT_DEPTHS, 'facts');
  if (values['flat-depth'] !== undefined && method !== 'flat-hybrid')
    throw new UsageError('--flat-depth applies to --method flat-hybrid only');
  const serving = servingFrom(values, values.llm);
  const setting = settingFrom(values, noise, seed, serving);
  const dataset = await readDataset(datasetName, file, values['all-categories'] === true);

  const run: RunKey = {
    dataset: datasetName,
    method,
    llm: values.llm ?? 'none',
    embedder: setting.embedder.id,
    k,
    seed,
    oracle_noise: noise,
    ...(largeLevel === undefined ? {} : { large_level: largeLevel }),
  };
  const out = values.out;
  const previous = out ? (await readRunRecords(out, run)).rows : [];
  const report = progressReporter(deps.progress ?? process.stderr, `eval ${method}`);
  const memoryCache = deps.memoryCache ?? new Map();
  const result = await stoppingRun(setting.stopping, out, (signal) =>
    runEval({
      dataset,
      method,
      mode: setting.mode,
      embedder: setting.embedder,
      ...(setting.llm ? { memoryLlm: setting.llm, answerLlm: setting.llm } : {}),
      k,
      ...(limit !== undefined ? { limit } : {}),
      seed,
      ...(largeLevel === undefined ? {} : { largeLevel }),
      tree,
      flatDepth,
      done: new Set(previous.map((r) => r.question_id)),
      memoryCache,
      concurrency: serving.concurrency,
      ...(setting.llm ? { calls: setting.llm } : {}),
      ...(out
        ? {
            onRow: (row: EvalRow) => appendRow(out, run, row),
            onFailure: (failure: FailedRow) => appendRow(out, run, failure),
          }
        : {}),
      onProgress: report,
      ...(signal ? { signal } : {}),
    }),
  );
  const selected = new Set(result.selected.map((q) => q.id));
  const rows = [...previous.filter((r) => selected.has(r.question_id)), ...result.rows];
  const notes = [...dataset.notes, ...servingNotes(serving, setting.served)];
  if (result.failed.length > 0) notes.push(failureNote(result.failed, out));
  if (limit !== undefined)
    notes.push(`--limit ${limit}: the first ${result.selected.length} questions only`);
  if (previous.length > 0)
    notes.push(`resumed: ${rows.length - result.rows.length} rows read back from ${out}`);
  if (method === 'rag-summary' && setting.mode.kind !== 'llm')
    notes.push(
      dataset.conversations.some((c) => c.sessionSummaries)
        ? "rag-summary without an LLM uses the benchmark's own session summaries"
        : "rag-summary without an LLM uses each session's opening user turns",
    );
  if (flatDepth === 'sessions')
    notes.push(
      `flat-hybrid depth: the ranked facts until they span ${k} distinct sessions (--flat-depth sessions), not the top ${k} facts`,
    );
  if (
    tree.judge !== DEFAULT_TREE_SETTINGS.judge ||
    tree.embeddingWeight !== DEFAULT_TREE_SETTINGS.embeddingWeight ||
    tree.beam !== DEFAULT_TREE_SETTINGS.beam ||
    tree.leafMode !== 'collect' ||
    tree.fallbackK !== DEFAULT_TREE_SETTINGS.fallbackK ||
    tree.nodeVector !== DEFAULT_TREE_SETTINGS.nodeVector
  )
    notes.push(
      `tree settings: ${tree.judge} judge${tree.judge === 'hybrid' ? ` (embedding weight ${tree.embeddingWeight})` : ''}, beam ${tree.beam}, leaf mode ${tree.leafMode}, fallback k ${tree.fallbackK}, node vector ${tree.nodeVector}`,
    );
  const plain = summarise(rows, {
    dataset: datasetName,
    method,
    embedder: setting.labels.embedder,
    llm: setting.labels.llm,
    judge: judgeLabel(method, setting.mode, tree),
    k,
    failed: result.failed.length,
    unreadable: setting.llm?.unreadable() ?? {},
    notes,
  });
  throwIfNothingSucceeded(result.failed, rows.length, out);
  const summary = await withSupersedeScores(
    plain,
    dataset,
    {
      embedder: setting.embedder,
      seed,
      ...(largeLevel === undefined ? {} : { largeLevel }),
      ...(setting.llm ? { llm: setting.llm } : {}),
      cache: memoryCache,
    },
    new Set(rows.map((r) => r.conversation)),
  );
  return { json: values.json === true, result: summary, text: formatSummary(summary) };
}

const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);

function formatSummary(s: EvalSummary): string {
  return [
    `Dataset: ${s.dataset}   Method: ${s.method}   Questions: ${s.questions}${s.failed_questions > 0 ? `   Failed: ${s.failed_questions}` : ''}`,
    `Embedder: ${s.embedder}`,
    `LLM: ${s.llm}`,
    `Judge: ${s.judge}`,
    `Recall@${s.k}: ${pct(s.recall_at_k)}   Recall of the whole set: ${pct(s.recall_set)} (${s.set_size_mean} items)`,
    `Retrieval F1: ${pct(s.retrieval_f1)}   Answer accuracy: ${pct(s.answer_accuracy)}`,
    `Context tokens: ${s.tokens_mean}   LLM calls: ${s.llm_calls_mean} (brute force: ${s.brute_force_calls_mean})   ${s.ms_per_query} ms/query`,
    ...(s.updates ? [updatesLine(s.updates)] : []),
    ...s.notes.map((n) => `Note: ${n}`),
  ].join('\n');
}

function updatesLine(u: UpdatesSummary): string {
  const kinds = Object.entries(u.by_kind)
    .map(([kind, f]) => `${kind} ${pct(f.first_value_accuracy)} (${f.questions})`)
    .join(', ');
  return (
    `First value right: ${kinds}   Stale unmarked: ${pct(u.stale_unmarked)}\n` +
    `Supersedes: precision ${pct(u.supersede_precision ?? null)}, recall ${pct(u.supersede_recall ?? null)} ` +
    `(${u.supersede_links ?? 0} links, ${u.gold_supersedes ?? 0} gold), false ${u.false_supersedes ?? 0}` +
    `${u.supersede_failures ? `, ${u.supersede_failures} model calls failed` : ''}`
  );
}
