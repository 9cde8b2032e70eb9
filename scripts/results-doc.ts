/** docs/results.md from the runs of `npm run results`: tables, then a reading computed from them. */
import type { EvalSummary } from '../src/engine/eval/summary.ts';

export interface ResultRun {
  readonly label: string;
  readonly args: string;
  readonly summary: EvalSummary;
}

export interface ResultsInput {
  readonly file: string;
  readonly limit: string | undefined;
  readonly seconds: number;
  readonly main: readonly ResultRun[];
  readonly settings: readonly ResultRun[];
  readonly command: string;
}

const pct = (x: number | null) => (x === null ? 'n/a' : (x * 100).toFixed(1));
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

function table(runs: readonly ResultRun[], first: string): string[] {
  return [
    `| ${first} | judge | recall@5 | recall (set) | set size | F1 | tokens | LLM calls | brute force | ms/query |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map(({ label, summary: s }) =>
      [
        '',
        label,
        s.judge.replace(/\|/g, '/'),
        pct(s.recall_at_k),
        pct(s.recall_set),
        num(s.set_size_mean),
        pct(s.retrieval_f1),
        num(s.tokens_mean),
        num(s.llm_calls_mean),
        num(s.brute_force_calls_mean),
        s.ms_per_query.toFixed(1),
        '',
      ]
        .join(' | ')
        .trim(),
    ),
  ];
}

const find = (runs: readonly ResultRun[], method: string, llm: string) =>
  runs.find((r) => r.summary.method === method && r.label.endsWith(`/ ${llm}`))?.summary;

const points = (a: number | null, b: number | null) =>
  a === null || b === null ? NaN : Math.round((a - b) * 1000) / 10;

function reading(input: ResultsInput): string[] {
  const { main, settings } = input;
  const lines: string[] = [];
  const trees = main.filter(
    (r) => r.summary.method.startsWith('tacitree-') && r.label.endsWith('/ none'),
  );
  const best = [...trees].sort(
    (a, b) =>
      (b.summary.recall_at_k ?? 0) - (a.summary.recall_at_k ?? 0) ||
      Number(b.summary.method === 'tacitree-embedding') -
        Number(a.summary.method === 'tacitree-embedding'),
  )[0]?.summary;
  const bm25 = find(main, 'bm25', 'none');
  const flat = find(main, 'flat-facts', 'none');
  const oracle = find(main, 'tacitree-llm', 'oracle');
  const listwise = find(main, 'tacitree-listwise', 'oracle');
  if (best && bm25 && flat) {
    const vsBm25 = points(best.recall_at_k, bm25.recall_at_k);
    const vsFlat = points(best.recall_at_k, flat.recall_at_k);
    const met = vsBm25 >= 5 && vsFlat > 0;
    lines.push(
      `- **Target (best tree method ≥ 5 points above BM25 and above flat-facts, recall@5, no LLM): ${met ? 'met' : 'not met'}.** ` +
        `The best tree method without an LLM (${best.method}, ${best.judge}) reaches ${pct(best.recall_at_k)}% recall@5: ` +
        `${vsBm25 >= 0 ? '+' : ''}${vsBm25} points against BM25 (${pct(bm25.recall_at_k)}%) and ` +
        `${vsFlat >= 0 ? '+' : ''}${vsFlat} against flat-facts (${pct(flat.recall_at_k)}%).`,
    );
    if (vsFlat < 0)
      lines.push(
        '- **Why the no-LLM tree trails flat-facts.** Without an LLM the walk judges by the same cosine that ranks ' +
          'flat-facts, so it can only drop facts flat-facts would have ranked; its set is then ranked by that cosine again. ' +
          'The tree pays off with a judge that reads (an LLM): the oracle rows below bound what such a judge can reach, and at what cost.',
      );
    if (vsBm25 < 0)
      lines.push(
        `- **Why BM25 leads.** LoCoMo questions name people, places and things that also appear verbatim in the evidence; ` +
          'BM25 matches those words over whole sessions, while the bundled embedder averages 100-d GloVe word vectors, ' +
          'which blurs rare names (a likely reason, not a measured one).',
      );
    lines.push(
      `- **Context size.** BM25 and rag-raw hand the answerer ${num(bm25.tokens_mean)} tokens on average (five whole ` +
        `sessions); the no-LLM tree hands it ${num(best.tokens_mean)} tokens (${num(best.set_size_mean)} facts), ` +
        `flat-facts ${num(flat.tokens_mean)}. Recall@5 counts five distinct *sessions* for every method, so a ` +
        'session-level method gets a whole session per rank while a fact-level method needs five facts from five sessions.',
    );
  }
  if (oracle) {
    const share = oracle.llm_calls_mean / oracle.brute_force_calls_mean;
    lines.push(
      `- **Search cost with a perfect judge (the paper's efficiency claim).** With the oracle, tacitree-llm keeps ` +
        `${pct(oracle.recall_set)}% of the gold sessions in its set for ${num(oracle.llm_calls_mean)} judge calls per ` +
        `question, against ${num(oracle.brute_force_calls_mean)} for judging every fact: ${(share * 100).toFixed(1)}% of ` +
        `the brute-force cost${listwise ? `; listwise judging needs ${num(listwise.llm_calls_mean)} calls` : ''}. ` +
        `Its recall@5 (${pct(oracle.recall_at_k)}%) is below its set recall because the set also holds the other facts ` +
        'of each kept leaf cluster (leaf mode `collect`, as in the paper), ranked by cosine.',
    );
  }
  const judged = settings.find((r) => r.label === 'tacitree-llm oracle leaf-mode judge')?.summary;
  if (judged && oracle) {
    lines.push(
      `- **Leaf mode.** Judging the facts under kept leaves too (leaf mode \`judge\`) lifts the oracle's recall@5 to ` +
        `${pct(judged.recall_at_k)}% for ${num(judged.llm_calls_mean)} calls (from ${num(oracle.llm_calls_mean)}).`,
    );
  }
  const noisy = settings.filter((r) => r.label.includes('noise'));
  if (noisy.length > 0) {
    lines.push(
      `- **A fallible judge.** Flipping each oracle verdict with a small probability: ` +
        noisy
          .map(
            (r) =>
              `${r.label.replace('tacitree-llm oracle ', '')} → recall@5 ${pct(r.summary.recall_at_k)}%, set recall ${pct(r.summary.recall_set)}% (${num(r.summary.set_size_mean)} facts), ${num(r.summary.llm_calls_mean)} calls`,
          )
          .join('; ') +
        '. Wrongly kept subtrees grow the set and push gold facts down the ranking; wrongly pruned ones lose them.',
    );
  }
  const summaryVectors = settings.find(
    (r) => r.label === 'tacitree-embedding summary vectors',
  )?.summary;
  const centroid = find(main, 'tacitree-embedding', 'none');
  if (summaryVectors && centroid) {
    lines.push(
      `- **What the no-LLM walk steers by.** Without an LLM a summary is one member fact of its cluster. Comparing the ` +
        `question with the centroid of the facts under each node gives ${pct(centroid.recall_at_k)}% recall@5 ` +
        `(set ${pct(centroid.recall_set)}%); with the summary's own vector, ${pct(summaryVectors.recall_at_k)}% ` +
        `(set ${pct(summaryVectors.recall_set)}%). The centroid is the default whenever no LLM wrote the summaries.`,
    );
  }
  const beams = settings.filter((r) => r.label.includes('beam'));
  if (beams.length > 0) {
    lines.push(
      `- **Beam of the embedding judge** (default 3 per level): ` +
        beams
          .map(
            (r) =>
              `${r.label.replace('tacitree-embedding ', '')} → recall@5 ${pct(r.summary.recall_at_k)}%, set ${pct(r.summary.recall_set)}% (${num(r.summary.set_size_mean)} facts)`,
          )
          .join('; ') +
        '.',
    );
  }
  return lines;
}

export function resultsMarkdown(input: ResultsInput): string {
  const first = input.main[0]?.summary;
  return [
    '# Evaluation results',
    '',
    `Generated by \`${input.command}\` (${input.seconds} s on the machine that ran it). Do not edit by hand.`,
    '',
    `- Data: \`${input.file}\` (LoCoMo dev: 6 conversations), ${first?.questions ?? 0} questions` +
      `${input.limit !== undefined ? ` (\`--limit ${input.limit}\`: the first ones only)` : ''}; ` +
      'category 5 (adversarial) left out. Ground truth: the sessions of the evidence turns.',
    `- Embedder: ${first?.embedder ?? 'n/a'}. Facts are extractive (no LLM): every fact-worthy sentence of either speaker, prefixed with the speaker's name.`,
    '- `--llm none`: no LLM anywhere; the TaciTree LLM methods fall back to the embedding judge (beam 3 per level).',
    '- `--llm oracle`: the judge is told the ground truth (a node is kept iff its subtree holds a fact from an evidence turn); ' +
      'it counts the calls the LLM judge would make. It measures search cost and ceiling, not a model.',
    '- recall@5: share of gold sessions among the first 5 distinct retrieved sessions (sets ranked by cosine to the question). ' +
      "Recall (set): over everything retrieved. F1: the paper's 2|Cr∩Cg|/(|Cr|+|Cg|) over sessions. Tokens: retrieved context. " +
      'Brute force: the calls of a judge that checks every fact.',
    `- Notes from the runs: ${[...new Set(input.main.flatMap((r) => r.summary.notes))].join('; ') || 'none'}.`,
    '',
    '## Every method',
    '',
    ...table(input.main, 'method / llm'),
    '',
    '## Tree settings (same data)',
    '',
    ...table(input.settings, 'setting'),
    '',
    '## Reading',
    '',
    ...reading(input),
    '',
  ].join('\n');
}
