/**
 * The "Implicit questions" section of docs/results.md (issue 22): every no-LLM method on the
 * implicit development set and the built-in example, recall@5 and F1 overall and per category
 * (supportive, opposed), the tried variants of the walk kept as rows, and a plain reading.
 * Pure: it renders the rows it is given.
 */
import type { EvalRow } from '../src/engine/eval/run-eval.ts';

export interface ImplicitRun {
  /** "implicit-dev", "built-in example". */
  readonly file: string;
  readonly method: string;
  readonly rows: readonly EvalRow[];
}

export interface ImplicitVariant {
  readonly variant: string;
  readonly example: readonly [number, number] | null;
  readonly implicit: readonly [number, number] | null;
  readonly locomo: readonly [number, number] | null;
  readonly note?: string;
}

export const WALK = 'tacitree-embedding';

interface Means {
  readonly n: number;
  readonly recall: number;
  readonly f1: number;
}

export function means(rows: readonly EvalRow[], category?: string): Means {
  const scored = rows.filter(
    (r) => r.recall_at_k !== null && (category === undefined || r.category === category),
  );
  const mean = (pick: (r: EvalRow) => number) =>
    scored.length === 0 ? 0 : (100 * scored.reduce((a, r) => a + pick(r), 0)) / scored.length;
  return {
    n: scored.length,
    recall: mean((r) => r.recall_at_k ?? 0),
    f1: mean((r) => r.retrieval_f1 ?? 0),
  };
}

const f = (x: number) => x.toFixed(1);
const pair = (p: readonly [number, number] | null) => (p ? `${f(p[0])} / ${f(p[1])}` : '–');

/** The best baseline (any method but the walk) on recall@5 and on F1, each on its own. */
function bestBaseline(runs: readonly ImplicitRun[], file: string) {
  const others = runs.filter((r) => r.file === file && r.method !== WALK);
  const top = (pick: (m: Means) => number) =>
    others
      .map((r) => ({ method: r.method, value: pick(means(r.rows)) }))
      .sort((a, b) => b.value - a.value)[0];
  return { recall: top((m) => m.recall), f1: top((m) => m.f1) };
}

function reading(runs: readonly ImplicitRun[], files: readonly string[]): string[] {
  return files.map((file) => {
    const walk = runs.find((r) => r.file === file && r.method === WALK);
    if (!walk) return `- ${file}: the walk did not run.`;
    const w = means(walk.rows);
    const best = bestBaseline(runs, file);
    const verdict = (mine: number, theirs: { method: string; value: number } | undefined) =>
      !theirs
        ? 'no baseline ran'
        : mine >= theirs.value
          ? `at least the best baseline's (${theirs.method} ${f(theirs.value)}): **met**`
          : `below the best baseline's (${theirs.method} ${f(theirs.value)}): **not met**`;
    const supportive = means(walk.rows, 'supportive');
    const opposed = means(walk.rows, 'opposed');
    return (
      `- **${file}** (${w.n} questions): the walk's recall@5 is ${f(w.recall)}, ${verdict(w.recall, best.recall)}; ` +
      `its F1 ${f(w.f1)}, ${verdict(w.f1, best.f1)}. Supportive questions ${f(supportive.recall)} / ${f(supportive.f1)}, ` +
      `opposed ${f(opposed.recall)} / ${f(opposed.f1)} (recall@5 / F1).`
    );
  });
}

export function implicitSection(
  runs: readonly ImplicitRun[],
  variants: readonly ImplicitVariant[],
  command: string,
): string[] {
  const files = [...new Set(runs.map((r) => r.file))];
  const methods = [...new Set(runs.map((r) => r.method))];
  const cell = (file: string, method: string, category?: string) => {
    const run = runs.find((r) => r.file === file && r.method === method);
    if (!run) return '–';
    const m = means(run.rows, category);
    return m.n === 0 ? '–' : `${f(m.recall)} / ${f(m.f1)}`;
  };
  const header = files.flatMap((file) => [
    `${file}: all`,
    `${file}: supportive`,
    `${file}: opposed`,
  ]);
  return [
    '## Implicit questions',
    '',
    `Questions whose evidence shares almost no word with them (IMPLEXCONV's shape): \`${command}\` on each file, ` +
      'no LLM (extractive facts, keyword labels), bundled embedder. Each cell: mean recall@5 / mean F1 (%), ' +
      "F1 the paper's session F1. implicit-dev: `../shared/datasets/implicit/implicit-dev.json` (6 users, 32 " +
      'questions); built-in example: `public/examples/grove-implexconv-example.json` (6 questions).',
    '',
    `| method | ${header.join(' | ')} |`,
    `|---|${header.map(() => '---:').join('|')}|`,
    ...methods.map(
      (method) =>
        `| ${method} | ${files
          .flatMap((file) => [
            cell(file, method),
            cell(file, method, 'supportive'),
            cell(file, method, 'opposed'),
          ])
          .join(' | ')} |`,
    ),
    '',
    '### Reading (implicit questions)',
    '',
    ...reading(runs, files),
    '- Where the tree wins: on LoCoMo (the tables above), whose questions name what they ask about, the walk ' +
      'keeps its recall and its set shrinks to the evidence (F1 22.9 before issue 22, see the variants below). Where it loses: ' +
      'an implicit question whose words happen to match a distractor session, and whose meaning agrees ' +
      'with that session, is steered by words and ranks the distractor first. Its set no longer ends there ' +
      'when a fact stands out on its own (fused z ≥ 1.25: on the built-in example, a fact of the ' +
      'dinner-party session for "How should I celebrate my birthday with my friends this year?"), but evidence that does not stand out is still left ' +
      'out, and on recall@5 the walk only ties cosine over every fact (flat-facts), which has no such switch.',
    '- Request facts (a session where the user only asked keeps "Asked how to …") cost cosine methods on ' +
      'implicit-dev: its distractor sessions are mostly questions, and their requests crowd the ranking. ' +
      'The walk ranks a request 2 z below a statement of the same score, which gives it back its recall.',
    '',
    '### Tried variants of the walk',
    '',
    'Each row: recall@5 / F1 (%) of `tacitree-embedding --llm none`, as measured while tuning (issue 22; ' +
      '`docs/bench/implicit-variants.json`). The kept variant is marked.',
    '',
    '| variant | built-in example | implicit-dev | LoCoMo dev | note |',
    '|---|---:|---:|---:|---|',
    ...variants.map(
      (v) =>
        `| ${v.variant} | ${pair(v.example)} | ${pair(v.implicit)} | ${pair(v.locomo)} | ${v.note ?? ''} |`,
    ),
    '',
  ];
}
