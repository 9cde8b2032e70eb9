/** The "Memory over time" section of docs/results.md, from `grove eval --dataset updates` runs. */
import type { EvalSummary } from '../src/engine/eval/summary.ts';

export const UPDATES_BLOCK = 'memory-over-time';

export interface UpdatesRun {
  readonly method: string;
  readonly llm: string;
  readonly args: string;
  readonly summary: EvalSummary;
}

const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? 'n/a' : (x * 100).toFixed(1);
const KINDS = ['current', 'past', 'as_of', 'stable'] as const;

/** The block `name` of `doc` (between its markers) replaced by `body`, or appended when absent. */
export function replaceBlock(doc: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n\n${body.trim()}\n\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) return `${doc.trimEnd()}\n\n${block}\n`;
  return doc.slice(0, from) + block + doc.slice(to + end.length);
}

/** The block `name` of `doc`, markers included, or '' when absent. */
export function readBlock(doc: string, name: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  return from < 0 || to < from ? '' : doc.slice(from, to + end.length);
}

export function updatesSection(file: string, runs: readonly UpdatesRun[]): string {
  const rows = runs.map(({ method, llm, summary: s }) => {
    const u = s.updates;
    const kinds = KINDS.map((k) => pct(u?.by_kind[k]?.first_value_accuracy));
    return `| ${method} / ${llm} | ${kinds.join(' | ')} | ${pct(u?.stale_unmarked)} | ${pct(s.recall_at_k)} | ${s.tokens_mean} |`;
  });
  const walk = runs[0]?.summary.updates;
  const questions = runs[0]?.summary.questions ?? 0;
  return [
    '## Memory over time (updates)',
    '',
    `- Data: \`${file}\` (written for Grove: users whose facts change over months), ${questions} questions. Each row is \`npm run grove -- eval\` with \`${runs[0]?.args ?? ''}\` and the method and LLM of its label; \`npm run results:updates\` rewrites this section.`,
    `- Supersedes, from the memory the app's ingestion builds without a model (the slot rule): precision ${pct(walk?.supersede_precision)}%, recall ${pct(walk?.supersede_recall)}% (${walk?.supersede_links ?? 0} links against ${walk?.gold_supersedes ?? 0} gold), ${walk?.false_supersedes ?? 0} false supersedes (a link touching a stable fact or someone else's). Every method reads the same memory, so these figures are the same on every row.`,
    '- First value: reading the context handed to the reply in order, the share of questions whose first value of {answer} ∪ stale answers is the answer. Stale unmarked: current questions whose context holds a stale value in a memory not marked as replaced.',
    '',
    '| method / LLM | current | past | as_of | stable | stale unmarked | recall@5 | tokens |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    '### Reading (memory over time)',
    '',
    "- **Where the memory is right about now.** The walk's context starts with the asker's facts on the asked attribute (its lineage: the current fact first, replaced ones after, each dated), so a current question finds the newest value first even when the retriever ranked an older one higher. Flat retrieval ranks by words and meaning alone, and an old statement matches a question as well as a new one: its first value is often stale.",
    '- **Where it is still wrong.** A change said without a change word ("my Fairphone\'s camera is weak", after "it\'s a Samsung") is missed on purpose: the rule prefers missing an update to inventing one. A value whose attribute the words do not name ("a quiet Melbourne café", "my annual review at Careem") is never read as the home or the employer, so nothing replaces it and a later value cannot push it out of the context. A fact that states the change itself ("I stopped going to kendo and took up trail running") is current and holds the old value too: it counts as stale unmarked.',
    '- **Without a model and with one.** The no-model rule is deterministic and conservative (same person, same attribute slot, a different value, a change or correction cue); with a model loaded, one structured call per new fact with candidates names what it replaces, reasoning first, and code sets the dates. The oracle row judges retrieval only: supersedes with a real model cannot be measured on this machine (no instruct weights), and are covered by contract tests.',
  ].join('\n');
}
