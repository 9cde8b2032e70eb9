/**
 * `grove eval --dataset ntm --folds 5`: chooses Context-Agent's no-LLM settings by k-fold
 * cross-validation on NTM dialogues (src/engine/eval/ntm-folds.ts). Every setting of the grid
 * below is replayed once over all dialogues (`--llm none`: embedding and word decisions,
 * extractive summaries, no replies); each fold is then measured with the setting chosen on the
 * other folds, and the settings for the app are chosen on all folds. The dialogues' turns are
 * embedded once and reused by every setting (the replay with `--llm none` embeds nothing else).
 */
import { discourseDeps } from '../../src/engine/discourse/turn.ts';
import {
  DEFAULT_DISCOURSE_SETTINGS,
  type DiscourseSettings,
} from '../../src/engine/discourse/settings.ts';
import { crossValidate, type CrossValidation } from '../../src/engine/eval/ntm-folds.ts';
import { ntmDialogues, replayNtmDialogue, type NtmRow } from '../../src/engine/eval/ntm-eval.ts';
import type { EmbedderPort } from '../../src/engine/ports.ts';
import type { Vector } from '../../src/engine/types.ts';
import { intOption, parse, required, UsageError } from './args.ts';
import { readDataset, type EvalDeps } from './eval-command.ts';
import { ntmOptions } from './eval-ntm.ts';
import { modelsFrom } from './models.ts';
import { progressReporter } from './progress-bar.ts';

/** The settings the folds choose among (the rest stay at their defaults). */
export type NtmGridPoint = Pick<
  DiscourseSettings,
  'wordWeight' | 'topicThreshold' | 'returnThreshold' | 'summaryShare' | 'questionShare'
>;

/**
 * The grid: word weight × topic threshold × summary budgets (return threshold 0.3, a follow-up at
 * most 1 content word, the branch step at its defaults). Thresholds for meaning alone run higher:
 * mean-pooled GloVe cosines of unrelated sentences reach 0.5–0.6, word overlaps mostly stay below 0.3.
 */
export function ntmGrid(): NtmGridPoint[] {
  const grid: NtmGridPoint[] = [];
  for (const wordWeight of [0, 0.3, 0.5]) {
    const thresholds = wordWeight === 0 ? [0.7] : [0.4, 0.45, 0.5];
    for (const topicThreshold of thresholds) {
      for (const summaryShare of [0.8, 0.9]) {
        for (const questionShare of [0.25, 0.4]) {
          grid.push({
            wordWeight,
            topicThreshold,
            returnThreshold: 0.3,
            summaryShare,
            questionShare,
          });
        }
      }
    }
  }
  return grid;
}

/** Embeds each distinct text once (in batches), then answers from memory. */
export async function memoEmbedder(
  base: EmbedderPort,
  texts: readonly string[],
): Promise<EmbedderPort> {
  const memo = new Map<string, Vector>();
  const todo = [...new Set(texts)];
  for (let i = 0; i < todo.length; i += 64) {
    const batch = todo.slice(i, i + 64);
    const vectors = await base.embed(batch);
    batch.forEach((t, j) => memo.set(t, vectors[j] as Vector));
  }
  return {
    id: base.id,
    dimension: base.dimension,
    async embed(batch, signal) {
      const missing = batch.filter((t) => !memo.has(t));
      if (missing.length > 0) {
        const vectors = await base.embed(missing, signal);
        missing.forEach((t, j) => memo.set(t, vectors[j] as Vector));
      }
      return batch.map((t) => memo.get(t) as Vector);
    },
  };
}

export interface NtmFoldsResult {
  readonly dataset: 'ntm';
  readonly file: string;
  readonly embedder: string;
  readonly cv: CrossValidation<NtmGridPoint>;
}

export function isNtmFoldsRun(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--folds' || a.startsWith('--folds='));
}

export async function runNtmFoldsCommand(
  argv: string[],
  deps: EvalDeps = {},
): Promise<{ json: boolean; result: NtmFoldsResult; text: string }> {
  const values = parse(argv, { ...ntmOptions, folds: { type: 'string' } });
  const k = intOption(values.folds, 'folds', 5);
  if (k < 2) throw new UsageError(`--folds must be at least 2, got ${k}`);
  if ((values.llm ?? 'none') !== 'none') {
    throw new UsageError('--folds chooses the no-LLM settings: use it with --llm none');
  }
  const file = required(values.file, 'file');
  const limit = values.limit === undefined ? undefined : intOption(values.limit, 'limit', 0);
  const models = modelsFrom({ embedder: values.embedder, llm: 'none' });
  const dataset = await readDataset('ntm', file, false);
  const dialogues = ntmDialogues(dataset).slice(0, limit);
  if (dialogues.length < k) {
    throw new UsageError(`--folds ${k} needs at least ${k} dialogues, got ${dialogues.length}`);
  }
  const embedder = await memoEmbedder(
    models.embedder,
    dialogues.flatMap((d) => d.turns),
  );
  const grid = ntmGrid();
  const report = progressReporter(deps.progress ?? process.stderr, `eval ntm ${k}-fold`);
  const runs: { settings: NtmGridPoint; rows: NtmRow[] }[] = [];
  for (const [i, point] of grid.entries()) {
    report(i, grid.length);
    const engine = discourseDeps({
      embedder,
      settings: { ...DEFAULT_DISCOURSE_SETTINGS, ...point },
    });
    const rows: NtmRow[] = [];
    for (const dialogue of dialogues)
      rows.push(await replayNtmDialogue(dialogue, { deps: engine }));
    runs.push({ settings: point, rows });
  }
  report(grid.length, grid.length);
  const cv = crossValidate(runs, k);
  const result: NtmFoldsResult = { dataset: 'ntm', file, embedder: models.labels.embedder, cv };
  return { json: values.json === true, result, text: formatFolds(result) };
}

const f2 = (x: number) => x.toFixed(2);
const settingsText = (s: NtmGridPoint) =>
  `word weight ${s.wordWeight}, topic threshold ${s.topicThreshold}, return threshold ${s.returnThreshold}, ` +
  `summary share ${s.summaryShare}, question share ${s.questionShare}`;

function formatFolds({ cv, embedder }: NtmFoldsResult): string {
  return [
    `Dataset: ntm   ${cv.k}-fold cross-validation over ${cv.candidates} settings   Embedder: ${embedder}`,
    ...cv.folds.map(
      (f) =>
        `fold ${f.fold + 1}: coverage ${f2(100 * f.heldOut.goal_coverage)}% vs linear ${f2(100 * f.heldOut.linear_goal_coverage)}% ` +
        `(gap ${f2(f.heldOut.gap_points)} points), token ratio ${f.heldOut.token_ratio.toFixed(3)}; chosen on the others: ${settingsText(f.settings)}`,
    ),
    `mean: gap ${f2(cv.mean.gap_points)} points, token ratio ${cv.mean.token_ratio.toFixed(3)}`,
    `chosen on all folds: ${settingsText(cv.chosen.settings)} (worst-fold slack ${f2(cv.chosen.slack)})`,
  ].join('\n');
}
