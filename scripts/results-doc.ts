/**
 * docs/results.md from the runs of `npm run results`: tables, then a reading computed from them.
 * Pure: it renders from the summaries it is given (LoCoMo, MS-TOD, NTM) and reads no file.
 */
import type { EvalSummary } from '../src/engine/eval/summary.ts';
import { msTodSection, type MsTodSection } from './results-doc-ms-tod.ts';
import { ntmSection, type NtmSection } from './results-doc-ntm.ts';
import { pct } from './results-doc-numbers.ts';
import { DEFAULT_NO_LLM_BEAM } from '../src/engine/tree/hybrid-judge.ts';

export type { MsTodResultRun, MsTodSection } from './results-doc-ms-tod.ts';
export type { NtmExact, NtmSection } from './results-doc-ntm.ts';

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
  /** The MS-TOD section (absent: no section at all). */
  readonly msTod?: MsTodSection;
  /** The NTM section (absent: no section at all). */
  readonly ntm?: NtmSection;
}

const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

function table(runs: readonly ResultRun[], first: string): string[] {
  return [
    `| ${first} | judge | recall@5 | F1 | recall (set) | set size | tokens | LLM calls | brute force | ms/query |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map(({ label, summary: s }) =>
      [
        '',
        label,
        s.judge.replace(/\|/g, '/'),
        pct(s.recall_at_k),
        pct(s.retrieval_f1),
        pct(s.recall_set),
        num(s.set_size_mean),
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

/** The setting run whose arguments hold every given part. */
const withArgs = (runs: readonly ResultRun[], ...parts: string[]) =>
  runs.find((r) => parts.every((part) => r.args.includes(part)))?.summary;

const points = (a: number | null, b: number | null) =>
  a === null || b === null ? NaN : Math.round((a - b) * 1000) / 10;

/** Signed points as the LoCoMo reading writes them: +12.3, -4.5. */
const plus = (x: number) => `${x >= 0 ? '+' : ''}${x}`;

/** The judge a run names first in its label: "hybrid", "embedding", "oracle", "none". */
const judgeName = (s: EvalSummary) => s.judge.split(/[\s(:]/)[0] ?? s.judge;

/** How a compares with b, before "b's": "4.8× ", "about as many as " (within 5%). */
function times(a: number, b: number): string {
  if (b === 0) return 'n/a: ';
  const r = a / b;
  return Math.abs(r - 1) < 0.05 ? 'about as many as ' : `${r.toFixed(1)}× `;
}

/**
 * ", within run-to-run noise (…)" when two timings differ by no more than the same code's does
 * between its `none` and `oracle` rows (the no-LLM methods run identically in both), else "".
 */
function msNoise(main: readonly ResultRun[], a: EvalSummary, b: EvalSummary): string {
  const spreads = [a.method, b.method].flatMap((method) => {
    const none = find(main, method, 'none');
    const oracle = find(main, method, 'oracle');
    return none && oracle
      ? [{ method, none, oracle, spread: Math.abs(none.ms_per_query - oracle.ms_per_query) }]
      : [];
  });
  const widest = spreads.sort((x, y) => y.spread - x.spread)[0];
  if (!widest || Math.abs(a.ms_per_query - b.ms_per_query) > widest.spread) return '';
  return (
    `, within run-to-run noise (${widest.method} runs the same code at ${widest.none.ms_per_query.toFixed(1)} ` +
    `and ${widest.oracle.ms_per_query.toFixed(1)} ms/query in its none and oracle rows)`
  );
}

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
  const flatHybrid = find(main, 'flat-hybrid', 'none');
  const walk = find(main, 'tacitree-embedding', 'none');
  const cosineOnly = withArgs(settings, '--tree-judge embedding');
  const deepFlat = withArgs(settings, '--method flat-hybrid', '--flat-depth sessions');
  const oracle = find(main, 'tacitree-llm', 'oracle');
  const listwise = find(main, 'tacitree-listwise', 'oracle');
  if (best && bm25 && flat) {
    const vsBm25 = points(best.recall_at_k, bm25.recall_at_k);
    const vsFlat = points(best.recall_at_k, flat.recall_at_k);
    const met = vsBm25 >= 5 && vsFlat > 0;
    lines.push(
      `- **Target (best tree method ≥ 5 points above BM25 and above flat-facts, recall@5, no LLM): ${met ? 'met' : 'not met'}.** ` +
        `The best tree method without an LLM (${best.method}, ${best.judge}) reaches ${pct(best.recall_at_k)}% recall@5: ` +
        `${plus(vsBm25)} points against BM25 (${pct(bm25.recall_at_k)}%) and ` +
        `${plus(vsFlat)} against flat-facts (${pct(flat.recall_at_k)}%).`,
    );
  }
  if (walk && cosineOnly && judgeName(walk) === 'hybrid') {
    const gain = points(walk.recall_at_k, cosineOnly.recall_at_k);
    const flatGap = flat ? points(cosineOnly.recall_at_k, flat.recall_at_k) : NaN;
    lines.push(
      `- **The hybrid judge against the cosine-only one.** Without an LLM the walk keeps, level by level, the nodes ` +
        `whose fusion of z-scored cosine (question to ${walk.judge.includes('fact centroids') ? 'the centroid of the facts below' : "the node's summary"}) and z-scored BM25 (the best ` +
        'fact below) is highest, and ranks its set by the same fusion of each fact. With cosine alone ' +
        `(\`--tree-judge embedding\`, the judge before the hybrid) tacitree-embedding reaches ${pct(cosineOnly.recall_at_k)}% ` +
        `recall@5 (set ${pct(cosineOnly.recall_set)}%, ${num(cosineOnly.set_size_mean)} facts); with the hybrid ` +
        `${pct(walk.recall_at_k)}% (set ${pct(walk.recall_set)}%, ${num(walk.set_size_mean)} facts): ${plus(gain)} points.` +
        (flat && flatGap < 0
          ? ` The cosine-only walk trails flat-facts (${pct(flat.recall_at_k)}%) by ${Math.abs(flatGap)} points: it ` +
            'prunes by cosine and ranks what it keeps by the same fact cosine that ranks flat-facts, so its ranking is ' +
            "flat-facts' with the pruned subtrees' facts left out."
          : ''),
    );
  }
  if (walk && flatHybrid && judgeName(walk) === 'hybrid') {
    const ref = deepFlat ?? flatHybrid;
    const d = points(walk.recall_at_k, ref.recall_at_k);
    const verdict =
      Math.abs(d) < 1
        ? `within a point of it (${plus(d)}): on recall@5 the walk neither costs nor saves against ranking every fact with its own scorer`
        : d > 0
          ? `${d} points above it: pruning drops facts that would otherwise outrank gold ones (a likely reason, not a measured one)`
          : `${Math.abs(d)} points below it: the walk prunes subtrees holding gold facts that the flat ranking puts near its top`;
    lines.push(
      `- **What the walk costs or saves against flat-hybrid** (every fact ranked by the same fusion, no tree). ` +
        `flat-hybrid's top 5 facts give ${pct(flatHybrid.recall_at_k)}% recall@5 (set ${pct(flatHybrid.recall_set)}%) for ` +
        `${num(flatHybrid.tokens_mean)} tokens at ${flatHybrid.ms_per_query.toFixed(1)} ms/query` +
        (deepFlat
          ? `; ranked down to five distinct sessions (\`--flat-depth sessions\`, the depth recall@5 reads from a tree's ` +
            `ranked set), ${pct(deepFlat.recall_at_k)}% for ${num(deepFlat.set_size_mean)} facts`
          : '') +
        `. The hybrid walk reaches ${pct(walk.recall_at_k)}% recall@5, ${verdict}. It hands the answerer ` +
        `${num(walk.tokens_mean)} tokens (${num(walk.set_size_mean)} facts, ${times(walk.tokens_mean, flatHybrid.tokens_mean)}` +
        `flat-hybrid's), which buys recall over the whole set: ${pct(walk.recall_set)}% against ${pct(flatHybrid.recall_set)}%. ` +
        `Time: ${walk.ms_per_query.toFixed(1)} ms/query against ${flatHybrid.ms_per_query.toFixed(1)}${msNoise(main, walk, flatHybrid)}. ` +
        "Both score every fact with BM25 (the walk's lexicon scores the question against all facts once, then takes " +
        "each node's best fact); the walk computes cosines only for the nodes it visits and the facts it keeps.",
    );
  }
  const turns = find(main, 'bm25-turns', 'none');
  const turnsSessions = find(main, 'bm25-turns-sessions', 'none');
  if (walk && bm25 && turns && turnsSessions) {
    const met = (walk.recall_at_k ?? 0) >= (bm25.recall_at_k ?? 0) && walk.tokens_mean <= 600;
    const probes = [turns, turnsSessions].map(
      (r) =>
        `${r.method} ${pct(r.recall_at_k)}% for ${num(r.tokens_mean)} tokens (${plus(points(walk.recall_at_k, r.recall_at_k))} points to the walk)`,
    );
    lines.push(
      `- **Target (no-LLM walk ≥ BM25 over sessions on recall@5, at ≤ 600 context tokens mean): ${met ? 'met' : 'not met'}.** ` +
        `The walk reaches ${pct(walk.recall_at_k)}% for ${num(walk.tokens_mean)} tokens; BM25 over whole sessions ` +
        `${pct(bm25.recall_at_k)}% for ${num(bm25.tokens_mean)}. The lexical probes over single turns, taken until they ` +
        `span five sessions: ${probes.join('; ')}. The walk's lexical side reads the same transcripts as these ` +
        "baselines (each fact's BM25 interpolated half and half with its session's), so the question's words may meet " +
        'anywhere in a session. Its set ends where relevance falls off (2 z below the best fact for a question ' +
        'steered by its words, the five best facts for one steered by meaning; never past 550 tokens): ' +
        `F1 ${pct(walk.retrieval_f1)}% against BM25's ${pct(bm25.retrieval_f1)}%.`,
    );
  }
  if (best && bm25 && flat && points(best.recall_at_k, bm25.recall_at_k) < 0) {
    const glove = bm25.embedder.startsWith('bundled');
    lines.push(
      `- **Why BM25 leads.** BM25 here ranks whole sessions: a question's words may match anywhere in a session, and ` +
        `each rank hands over a whole session (${num(bm25.tokens_mean)} tokens for five). The tree` +
        `${flatHybrid ? ' and flat-hybrid' : ''} score single facts, so the words have to meet in one sentence` +
        `${glove ? ', and their cosine side averages 100-d GloVe word vectors, which blurs rare names' : ''}` +
        (flatHybrid
          ? `; flat-hybrid reaches ${pct(flatHybrid.recall_at_k)}% with ${num(flatHybrid.tokens_mean)} tokens`
          : '') +
        ' (likely reasons, not measured ones).',
    );
  }
  if (best && bm25 && flat) {
    lines.push(
      `- **Context size.** BM25 and rag-raw hand the answerer ${num(bm25.tokens_mean)} tokens on average (five whole ` +
        `sessions); the no-LLM tree hands it ${num(best.tokens_mean)} tokens (${num(best.set_size_mean)} facts), ` +
        `flat-facts ${num(flat.tokens_mean)}${flatHybrid ? `, flat-hybrid ${num(flatHybrid.tokens_mean)}` : ''}. ` +
        'Recall@5 counts five distinct *sessions* for every method, so a ' +
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
        'of each kept leaf cluster (leaf mode `collect`, as in the paper), ranked by cosine to the question (the oracle gives no scores).',
    );
  }
  const judged = withArgs(settings, '--method tacitree-llm', '--llm oracle', '--leaf-mode judge');
  if (judged && oracle) {
    lines.push(
      `- **Leaf mode.** Judging the facts under kept leaves too (leaf mode \`judge\`) lifts the oracle's recall@5 to ` +
        `${pct(judged.recall_at_k)}% for ${num(judged.llm_calls_mean)} calls (from ${num(oracle.llm_calls_mean)}).`,
    );
  }
  const judgedWalk = withArgs(settings, '--method tacitree-embedding', '--leaf-mode judge');
  if (judgedWalk && walk) {
    lines.push(
      `- **Leaf mode without an LLM.** The ${judgeName(judgedWalk)} judge applies its beam to the facts too, so leaf ` +
        `mode \`judge\` keeps ${num(judgedWalk.set_size_mean)} facts: recall@5 ${pct(judgedWalk.recall_at_k)}% ` +
        `(set ${pct(judgedWalk.recall_set)}%, ${num(judgedWalk.tokens_mean)} tokens) against ${pct(walk.recall_at_k)}% ` +
        `for collecting every fact of the kept leaves.`,
    );
  }
  const noisy = settings.filter((r) => r.args.includes('--oracle-noise'));
  if (noisy.length > 0) {
    lines.push(
      `- **A fallible judge.** Flipping each oracle verdict with a small probability: ` +
        noisy
          .map(
            (r) =>
              `noise ${/--oracle-noise (\S+)/.exec(r.args)?.[1] ?? '?'} → recall@5 ${pct(r.summary.recall_at_k)}%, set recall ${pct(r.summary.recall_set)}% (${num(r.summary.set_size_mean)} facts), ${num(r.summary.llm_calls_mean)} calls`,
          )
          .join('; ') +
        '. Wrongly kept subtrees grow the set and push gold facts down the ranking; wrongly pruned ones lose them.',
    );
  }
  const summaryVectors = withArgs(settings, '--method tacitree-embedding', '--node-vector summary');
  if (summaryVectors && walk) {
    lines.push(
      `- **What the no-LLM walk steers by.** Without an LLM a summary is one member fact of its cluster. Comparing the ` +
        `question with the centroid of the facts under each node (the ${judgeName(walk)} judge's cosine side) gives ` +
        `${pct(walk.recall_at_k)}% recall@5 (set ${pct(walk.recall_set)}%); with the summary's own vector, ` +
        `${pct(summaryVectors.recall_at_k)}% (set ${pct(summaryVectors.recall_set)}%). The centroid is the default ` +
        'whenever no LLM wrote the summaries: a label is keywords and one fact, the centroid stands for all of them.',
    );
  }
  const beams = settings.filter(
    (r) => r.summary.method === 'tacitree-embedding' && r.args.includes('--beam'),
  );
  const beamJudges = [...new Set(beams.map((r) => judgeName(r.summary)))];
  if (beams.length > 0) {
    lines.push(
      `- **Beam of the ${beamJudges.join(' and ')} judge** (default ${DEFAULT_NO_LLM_BEAM} per level${walk ? `: ${pct(walk.recall_at_k)}% recall@5, set ${pct(walk.recall_set)}%, ${num(walk.set_size_mean)} facts` : ''}): ` +
        beams
          .map(
            (r) =>
              `beam ${/--beam (\d+)/.exec(r.args)?.[1] ?? '?'} → recall@5 ${pct(r.summary.recall_at_k)}%, set ${pct(r.summary.recall_set)}% (${num(r.summary.set_size_mean)} facts)`,
          )
          .join('; ') +
        '.',
    );
  }
  return lines;
}

export function resultsMarkdown(input: ResultsInput): string {
  const first = input.main[0]?.summary;
  const noLlmJudge = find(input.main, 'tacitree-embedding', 'none')?.judge;
  return [
    '# Evaluation results',
    '',
    `Generated by \`${input.command}\` (${input.seconds} s on the machine that ran it). Do not edit by hand.`,
    '',
    ...(input.msTod || input.ntm
      ? [
          'LoCoMo first (TaciTree and the baselines), then ' +
            [input.msTod && 'MS-TOD (MAP task memory)', input.ntm && 'NTM (Context-Agent)']
              .filter(Boolean)
              .join(' and ') +
            ', each with its own reading.',
          '',
        ]
      : []),
    `- Data: \`${input.file}\` (LoCoMo dev: 6 conversations), ${first?.questions ?? 0} questions` +
      `${input.limit !== undefined ? ` (\`--limit ${input.limit}\`: the first ones only)` : ''}; ` +
      'category 5 (adversarial) left out. Ground truth: the sessions of the evidence turns.',
    `- Embedder: ${first?.embedder ?? 'n/a'}. Facts are extractive (no LLM): every fact-worthy sentence of either speaker, prefixed with the speaker's name.`,
    `- \`--llm none\`: no LLM anywhere; the TaciTree LLM methods fall back to the no-LLM judge that tacitree-embedding runs${noLlmJudge ? ` (${noLlmJudge})` : ''}.`,
    '- `--llm oracle`: the judge is told the ground truth (a node is kept iff its subtree holds a fact from an evidence turn); ' +
      'it counts the calls the LLM judge would make. It measures search cost and ceiling, not a model.',
    '- recall@5: share of gold sessions among the first 5 distinct retrieved sessions. A tree method returns a set, ranked by ' +
      "its judge's fact scores where the judge gives them (the hybrid: its fusion of each fact), else by cosine to the question " +
      '(the cosine-only judge, the oracle). ' +
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
    ...(input.msTod ? msTodSection(input.msTod) : []),
    ...(input.ntm ? ntmSection(input.ntm) : []),
  ].join('\n');
}
