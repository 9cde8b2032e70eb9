import { describe, expect, it } from 'vitest';
import { DEFAULT_NO_LLM_BEAM } from '../src/engine/tree/hybrid-judge.ts';
import type { NtmSummary } from '../src/engine/eval/ntm-eval.ts';
import type { EvalSummary } from '../src/engine/eval/summary.ts';
import type { MsTodSummary } from './cli/eval-ms-tod.ts';
import {
  resultsMarkdown,
  type MsTodResultRun,
  type NtmSection,
  type ResultRun,
  type ResultsInput,
} from './results-doc.ts';

const BUNDLED = 'bundled (GloVe 100d, test)';

const evalSummary = (over: Partial<EvalSummary>): EvalSummary => ({
  dataset: 'locomo',
  method: 'bm25',
  embedder: BUNDLED,
  llm: 'none',
  judge: 'none (no judge)',
  questions: 10,
  failed_questions: 0,
  unreadable_outputs: {},
  retrieval_f1: 0.3,
  recall_at_k: 0.8,
  k: 5,
  tokens_mean: 100,
  llm_calls_mean: 0,
  brute_force_calls_mean: 50,
  ms_per_query: 1,
  answer_accuracy: null,
  recall_set: 0.8,
  set_size_mean: 5,
  notes: [],
  ...over,
});

const locomo: ResultRun[] = [
  { label: 'bm25 / none', args: '--method bm25 --llm none', summary: evalSummary({}) },
];

function msTodRun(
  label: string,
  args: string,
  method: string,
  recall: readonly [number, number, number, number],
  over: Partial<MsTodSummary> = {},
): MsTodResultRun {
  const [r1, r3, r5, r10] = recall;
  return {
    label,
    args,
    summary: {
      ...evalSummary({
        dataset: 'ms-tod',
        method,
        llm: 'none (extractive task memory)',
        judge: method === 'map-embedding' ? 'embedding judge (slot weight 0.5), alpha 0.5' : 'none',
        questions: 739,
        recall_at_k: r5,
        ms_per_query: 2,
        notes: [`${method}: how it ranks`],
      }),
      recall_at: { '1': r1, '3': r3, '5': r5, '10': r10 },
      alpha: method === 'map-embedding' ? 0.5 : null,
      ...over,
    },
  };
}

const methods = (mapAt5: number) => [
  msTodRun('map-embedding', '--method map-embedding', 'map-embedding', [
    0.2355,
    0.4831,
    mapAt5,
    0.7537,
  ]),
  msTodRun(
    'map-embedding-nojudge',
    '--method map-embedding-nojudge',
    'map-embedding-nojudge',
    [0.2388, 0.4858, 0.5954, 0.7537],
  ),
  msTodRun('bm25', '--method bm25', 'bm25', [0.2375, 0.4465, 0.5548, 0.7449]),
];
const ablations = [
  msTodRun(
    'open-task prior',
    '--method map-embedding-nojudge --open-task-weight 12',
    'map-embedding-nojudge',
    [0.326, 0.683, 0.823, 0.947],
  ),
  msTodRun(
    'all turns in the query',
    '--method map-embedding --query-turns all',
    'map-embedding',
    [0.385, 0.744, 0.838, 0.922],
  ),
];

const ntmSummary = (over: Partial<NtmSummary>): NtmSummary => ({
  dataset: 'ntm',
  method: 'context-agent',
  conversations: 304,
  failed_questions: 0,
  unreadable_outputs: {},
  context_tokens_mean: 148.4,
  linear_tokens_mean: 248.75,
  token_ratio: 0.597,
  goal_coverage: 0.886,
  linear_goal_coverage: 0.936,
  goal_turns: {
    total: 2414,
    outside_main_tree: 0.69,
    off_final_path: 0.82,
    finals_outside_main_tree: 133,
  },
  decisions: {
    new_tree: 2968,
    same_tree: 1119,
    other_tree: 1105,
    continue: 4436,
    create_branch: 587,
    switch_branch: 169,
    fallback: 0,
  },
  llm_decisions_per_turn: { topic: 0, branch: 0, most_in_a_turn: 0 },
  task_completion: null,
  embedder: BUNDLED,
  llm: 'none (embedding-only decisions)',
  decider: 'embedding-only',
  notes: ['tokens: mean per turn'],
  ...over,
});

const ntm = (over: Partial<NtmSummary> = {}): NtmSection => ({
  file: 'ntm-dev.jsonl',
  args: '--llm none',
  summary: ntmSummary(over),
});

const doc = (over: Partial<ResultsInput> = {}) =>
  resultsMarkdown({
    file: 'locomo-dev.json',
    limit: undefined,
    seconds: 3,
    main: locomo,
    settings: [],
    command: 'npm run results',
    ...over,
  });

/** The lines of one `## ` section, from its heading to the next one. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`## ${heading}`);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = markdown.indexOf('\n## ', start + 3);
  return markdown.slice(start, end < 0 ? undefined : end);
}

describe('resultsMarkdown: LoCoMo only', () => {
  it('renders no MS-TOD or NTM section when none is given', () => {
    const md = doc();
    expect(md).toContain('## Every method');
    expect(md).toContain('| bm25 / none | none (no judge) | 80.0 |');
    expect(md).not.toContain('MS-TOD');
    expect(md).not.toContain('NTM');
  });
});

const HYBRID =
  'hybrid (0.35·z(cosine) + 0.65·z(BM25 of the facts below), beam 3, fact centroids; set ranked by the same fusion)';
const FLAT_HYBRID =
  "none (no judge; every fact ranked by the hybrid's fusion, 0.35·z(cosine) + 0.65·z(BM25))";

/** A LoCoMo run as `npm run results` labels it. */
const run = (
  label: string,
  args: string,
  method: string,
  over: Partial<EvalSummary> = {},
): ResultRun => ({ label, args, summary: evalSummary({ method, ...over }) });

function locomoRuns(walkAt5: number, flatHybridAt5: number, deepAt5: number) {
  const main = [
    run('tacitree-llm / none', '--method tacitree-llm --llm none', 'tacitree-llm', {
      judge: `${HYBRID}: no LLM, tacitree-llm falls back to the hybrid judge`,
      recall_at_k: walkAt5,
      recall_set: 0.899,
      set_size_mean: 22.4,
      tokens_mean: 459.3,
      ms_per_query: 2.8,
    }),
    run(
      'tacitree-embedding / none',
      '--method tacitree-embedding --llm none',
      'tacitree-embedding',
      {
        judge: HYBRID,
        recall_at_k: walkAt5,
        recall_set: 0.899,
        set_size_mean: 22.4,
        tokens_mean: 459.3,
        ms_per_query: 2.8,
      },
    ),
    run('flat-facts / none', '--method flat-facts --llm none', 'flat-facts', {
      recall_at_k: 0.626,
      tokens_mean: 100.3,
    }),
    run('flat-hybrid / none', '--method flat-hybrid --llm none', 'flat-hybrid', {
      judge: FLAT_HYBRID,
      recall_at_k: flatHybridAt5,
      recall_set: 0.777,
      tokens_mean: 96.3,
      ms_per_query: 2.4,
    }),
    run('bm25 / none', '--method bm25 --llm none', 'bm25', {
      recall_at_k: 0.811,
      tokens_mean: 6057.4,
    }),
    run('tacitree-llm / oracle', '--method tacitree-llm --llm oracle', 'tacitree-llm', {
      judge: 'oracle (ground truth, counting one call per node)',
      recall_at_k: 0.795,
      recall_set: 1,
      llm_calls_mean: 48.8,
      brute_force_calls_mean: 964.7,
    }),
  ];
  const settings = [
    run(
      'tacitree-embedding, embedding judge (cosine only)',
      '--method tacitree-embedding --tree-judge embedding',
      'tacitree-embedding',
      {
        judge: 'embedding (beam 3, fact centroids)',
        recall_at_k: 0.499,
        recall_set: 0.791,
        set_size_mean: 21.4,
      },
    ),
    run(
      'flat-hybrid, facts until 5 sessions',
      '--method flat-hybrid --flat-depth sessions',
      'flat-hybrid',
      { judge: FLAT_HYBRID, recall_at_k: deepAt5, set_size_mean: 5.3 },
    ),
    ...['1', '6'].map((beam) =>
      run(
        `tacitree-embedding, hybrid judge, beam ${beam}`,
        `--method tacitree-embedding --beam ${beam}`,
        'tacitree-embedding',
        { judge: HYBRID.replace('beam 3', `beam ${beam}`), recall_at_k: 0.5 + Number(beam) / 100 },
      ),
    ),
  ];
  return { main, settings };
}

describe('resultsMarkdown: LoCoMo readings', () => {
  it('describes the hybrid judge, side by side with the cosine-only one, from the numbers', () => {
    const md = section(doc(locomoRuns(0.748, 0.744, 0.754)), 'Reading');
    expect(md).toContain(
      'The best tree method without an LLM (tacitree-embedding, hybrid (0.35·z(cosine)',
    );
    expect(md).toContain('-6.3 points against BM25 (81.1%) and +12.2 against flat-facts (62.6%)');
    expect(md).toContain(
      'With cosine alone (`--tree-judge embedding`, the judge before the hybrid) tacitree-embedding reaches 49.9% recall@5 (set 79.1%, 21.4 facts); with the hybrid 74.8% (set 89.9%, 22.4 facts): +24.9 points.',
    );
    expect(md).toContain('The cosine-only walk trails flat-facts (62.6%) by 12.7 points');
    expect(md).not.toMatch(/judges by the same cosine|fall back to the embedding judge/);
  });

  it('reads what the walk costs or saves against flat-hybrid, at the depth recall@5 reads', () => {
    const even = section(doc(locomoRuns(0.748, 0.744, 0.754)), 'Reading');
    expect(even).toContain(
      "flat-hybrid's top 5 facts give 74.4% recall@5 (set 77.7%) for 96.3 tokens at 2.4 ms/query",
    );
    expect(even).toContain('ranked down to five distinct sessions');
    expect(even).toContain('75.4% for 5.3 facts');
    expect(even).toContain('74.8% recall@5, within a point of it (-0.6)');
    expect(even).toContain("459.3 tokens (22.4 facts, 4.8× flat-hybrid's)");
    const above = section(doc(locomoRuns(0.8, 0.744, 0.754)), 'Reading');
    expect(above).toContain('80.0% recall@5, 4.6 points above it');
    const below = section(doc(locomoRuns(0.7, 0.744, 0.754)), 'Reading');
    expect(below).toContain('70.0% recall@5, 5.4 points below it');
    expect(below).toContain('Time: 2.8 ms/query against 2.4. Both score every fact with BM25');
    // The same code's none and oracle rows tell how far timings wander from run to run.
    const runs = locomoRuns(0.748, 0.744, 0.754);
    const oracleTwin = run(
      'flat-hybrid / oracle',
      '--method flat-hybrid --llm oracle',
      'flat-hybrid',
      {
        judge: FLAT_HYBRID,
        ms_per_query: 3.1,
      },
    );
    const noisy = section(doc({ ...runs, main: [...runs.main, oracleTwin] }), 'Reading');
    expect(noisy).toContain(
      'Time: 2.8 ms/query against 2.4, within run-to-run noise (flat-hybrid runs the same code at 2.4 and 3.1 ms/query in its none and oracle rows).',
    );
  });

  it('says which judge the beam rows run, and how the sets are ranked', () => {
    const md = doc(locomoRuns(0.748, 0.744, 0.754));
    expect(md).toContain(
      `**Beam of the hybrid judge** (default ${DEFAULT_NO_LLM_BEAM} per level: 74.8% recall@5`,
    );
    expect(md).toContain('beam 1 → recall@5 51.0%');
    expect(md).toContain(
      'the TaciTree LLM methods fall back to the no-LLM judge that tacitree-embedding runs (hybrid (0.35·z(cosine)',
    );
    expect(md).toContain("ranked by its judge's fact scores where the judge gives them");
    expect(md).toContain('ranked by cosine to the question (the oracle gives no scores)');
  });
});

describe('resultsMarkdown: MS-TOD', () => {
  it('puts the three methods and the two labelled ablations side by side, Recall@1/3/5/10 and ms/query', () => {
    const md = section(
      doc({ msTod: { folder: 'ms-tod', methods: methods(0.5954), ablations } }),
      'MS-TOD',
    );
    expect(md).toContain('| run | judge | Recall@1 | Recall@3 | Recall@5 | Recall@10 | ms/query |');
    expect(md).toContain(
      '| map-embedding | embedding judge (slot weight 0.5), alpha 0.5 | 0.235 | 0.483 | 0.595 | 0.754 | 2.0 |',
    );
    expect(md).toContain('| map-embedding-nojudge | none | 0.239 | 0.486 | 0.595 | 0.754 | 2.0 |');
    expect(md).toContain('| bm25 | none | 0.237 | 0.447 | 0.555 | 0.745 | 2.0 |');
    expect(md).toContain(
      '| ablation: open-task prior (`--method map-embedding-nojudge --open-task-weight 12`) | none | 0.326 | 0.683 | 0.823 | 0.947 | 2.0 |',
    );
    expect(md).toContain(
      'ablation: all turns in the query (`--method map-embedding --query-turns all`)',
    );
    expect(md).toContain('739 questions');
  });

  it('computes the target reading from the numbers: not met by the default, with the gap', () => {
    const md = section(
      doc({ msTod: { folder: 'ms-tod', methods: methods(0.5954), ablations } }),
      'MS-TOD',
    );
    expect(md).toContain(
      '**Target (bundled embedder + no-LLM judge ≥ 0.80 Recall@5): not met (20.5 points short).**',
    );
    expect(md).toContain('+4.1 points against BM25');
    expect(md).toContain('BM25 0.721 and text-embedding-3-small 0.792 at k = 5');
    expect(md).toContain('open-task prior (0.823) and all turns in the query (0.838) reach it');
    // The ablations are compared with their own method at its defaults, and with the paper.
    expect(md).toContain('+22.8 points against map-embedding-nojudge without it (0.595)');
    expect(md).toContain("off by default because Grove's chat wants finished tasks back");
    expect(md).toContain('+24.3 points against map-embedding');
    expect(md).toContain('+4.6 points from its text-embedding-3-small (0.792)');
    expect(md).toContain('Recall@5 by ±0.0');
  });

  it('says met when the default reaches the target, and not measured without the bundled embedder', () => {
    const met = section(
      doc({ msTod: { folder: 'ms-tod', methods: methods(0.81), ablations: [] } }),
      'MS-TOD',
    );
    expect(met).toContain('≥ 0.80 Recall@5): met (+1.0 points).**');
    expect(met).toContain('No ablation below reaches it either.');
    const other = methods(0.9).map((r) => ({
      ...r,
      summary: { ...r.summary, embedder: 'models/e5 (transformers.js folder)' },
    }));
    const md = section(
      doc({ msTod: { folder: 'ms-tod', methods: other, ablations: [] } }),
      'MS-TOD',
    );
    expect(md).toContain('Recall@5): not measured by this run.**');
  });

  it('skips the section with a line saying why', () => {
    const md = doc({ msTod: { folder: 'nowhere', skipped: '`nowhere` not found' } });
    expect(section(md, 'MS-TOD')).toContain('Skipped: `nowhere` not found.');
    expect(md).not.toContain('Recall@1');
  });
});

describe('resultsMarkdown: NTM', () => {
  it('renders the fold table, where goal turns went and the held-out reading', () => {
    const point = {
      wordWeight: 0.5,
      topicThreshold: 0.5,
      returnThreshold: 0.3,
      summaryShare: 0.8,
      questionShare: 0.4,
    };
    const fold = (gap: number, ratio: number) => ({
      dialogues: 61,
      goals: 340,
      goal_coverage: 0.93 - gap / 100,
      linear_goal_coverage: 0.93,
      gap_points: gap,
      token_ratio: ratio,
      goal_turns_outside_main: 0.75,
    });
    const byFold = [fold(2, 0.58), fold(3.5, 0.59), fold(2, 0.58), fold(2, 0.58), fold(2, 0.58)];
    const folds = {
      dataset: 'ntm' as const,
      file: 'ntm-dev.jsonl',
      embedder: BUNDLED,
      cv: {
        k: 5,
        candidates: 28,
        folds: byFold.map((heldOut, i) => ({ fold: i, settings: point, trainSlack: 0.1, heldOut })),
        mean: {
          gap_points: 2.3,
          token_ratio: 0.582,
          goal_coverage: 0.907,
          linear_goal_coverage: 0.93,
        },
        chosen: { settings: point, slack: -0.5, byFold },
      },
    };
    const md = section(doc({ ntm: { ...ntm(), folds } }), 'NTM');
    expect(md).toContain('### 5-fold cross-validation (NTM dev)');
    expect(md).toMatch(/\| 2 +\| 61 +\| 89\.50 +\| 93\.00 +\| 3\.50 +\| 0\.590 +\| 75\.0 +\|/);
    expect(md).toMatch(/\| mean +\| +\| 90\.70 +\| 93\.00 +\| 2\.30 +\| 0\.582 +\|/);
    expect(md).toContain('2414 such turns, 69.0% outside the main task');
    expect(md).toContain('token ratio ≤ 0.6 on every fold): met.**');
    const bad = { ...folds, cv: { ...folds.cv, mean: { ...folds.cv.mean, gap_points: 3.2 } } };
    expect(section(doc({ ntm: { ...ntm(), folds: bad } }), 'NTM')).toContain(
      'on every fold): not met.**',
    );
  });

  it('renders the tokens, coverage and decisions of the run', () => {
    const md = section(doc({ ntm: ntm() }), 'NTM');
    expect(md).toContain('304 dialogues');
    expect(md).toContain('`npm run grove -- eval --dataset ntm --file <file> --llm none --json`');
    expect(md).toContain('| context tokens per turn (mean) | 148.4 | 248.75 |');
    expect(md).toContain('| token ratio | 0.597 | 1.000 |');
    expect(md).toContain('| goal coverage (%) | 88.6 | 93.6 |');
    expect(md).toContain('2968 new trees, 1119 same tree, 1105 back to another tree');
    expect(md).toContain('4436 continue, 587 create, 169 switch; 0 fallbacks');
  });

  it('reads the target as met on the edge when a margin is under half a point (0.936 − 0.886 is exactly 5)', () => {
    const md = section(doc({ ntm: ntm() }), 'NTM');
    expect(md).toContain(
      "(token ratio ≤ 0.6 with goal coverage within 5 points of the linear history's): met, on the edge.**",
    );
    expect(md).toContain('Token ratio 0.597: met by 0.30 points — on the edge.');
    expect(md).toContain('5.00 points below it: met exactly at the bound — on the edge');
  });

  it('reads a clear pass and a miss with the exact gap', () => {
    const clear = section(doc({ ntm: ntm({ token_ratio: 0.5, goal_coverage: 0.92 }) }), 'NTM');
    expect(clear).toContain("linear history's): met.**");
    expect(clear).toContain('Token ratio 0.500: met by 10.00 points.');
    expect(clear).toContain('1.60 points below it: met by 3.40 points (the bound is inclusive');
    const missed = section(doc({ ntm: ntm({ token_ratio: 0.602, goal_coverage: 0.87 }) }), 'NTM');
    expect(missed).toContain("linear history's): not met, on the edge.**");
    expect(missed).toContain('Token ratio 0.602: missed by 0.20 points — on the edge.');
    expect(missed).toContain('6.60 points below it: missed by 1.60 points (the bound is inclusive');
  });

  it('reads the exact gap from the goal counts when the rows were read', () => {
    const exact = {
      goals: 1718,
      goals_covered: 1523,
      linear_goals_covered: 1608,
      token_ratio: 0.5966,
    };
    const md = section(doc({ ntm: { ...ntm(), exact } }), 'NTM');
    expect(md).toContain('met, on the edge.**');
    expect(md).toContain('Token ratio 0.5966: met by 0.34 points — on the edge.');
    expect(md).toContain(
      'Goal coverage 88.65% against 93.60% for the linear history (1523 and 1608 of 1718 goals), ' +
        '4.95 points below it: met by 0.05 points — on the edge (the bound is inclusive).',
    );
  });

  it('skips the section with a line saying why', () => {
    const md = doc({ ntm: { file: 'ntm.jsonl', skipped: '`ntm.jsonl` not found' } });
    expect(section(md, 'NTM')).toContain('Skipped: `ntm.jsonl` not found.');
  });
});
