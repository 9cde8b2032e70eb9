/**
 * The built-in example, question by question, in docs/results.md: what the no-LLM walk ranked
 * first for each of its questions, against the sessions the benchmark says support the answer,
 * and every supportive question it misses, listed. Pure.
 */
import type { EvalRow } from '../src/engine/eval/run-eval.ts';

/** The first this many retrieved sessions are shown (recall@5 reads them). */
const SHOWN = 5;

const shortId = (session: string) => session.slice(session.lastIndexOf('/') + 1);
const escapeCell = (text: string) => text.replace(/\|/g, '\\|');

export function exampleSection(rows: readonly EvalRow[], command: string): string[] {
  const lines = [
    '## The built-in example, question by question',
    '',
    `Each question of the built-in example (public/examples) with the no-LLM walk (\`${command}\`): its first ${SHOWN} sessions, a ground-truth one in bold.`,
    '',
    '| question | kind | ground truth | first five retrieved | found |',
    '| --- | --- | --- | --- | ---: |',
  ];
  const misses: EvalRow[] = [];
  for (const row of rows) {
    const gold = new Set(row.gold_sessions);
    const top = row.retrieved_sessions.slice(0, SHOWN);
    const found = top.filter((s) => gold.has(s)).length;
    if (row.category === 'supportive' && found === 0) misses.push(row);
    const shown = top.map((s) => (gold.has(s) ? `**${shortId(s)}**` : shortId(s))).join(', ');
    lines.push(
      `| ${escapeCell(row.question)} | ${row.category ?? '—'} | ${row.gold_sessions.map(shortId).join(', ')} | ${shown} | ${found}/${gold.size} |`,
    );
  }
  lines.push('');
  if (misses.length === 0) {
    lines.push(
      'Every supportive question finds at least one of its ground-truth sessions in the first five.',
    );
  } else {
    lines.push(
      'Supportive questions that find none of their ground-truth sessions in the first five:',
    );
    for (const row of misses)
      lines.push(
        `- ${escapeCell(row.question)} (ground truth ${row.gold_sessions.map(shortId).join(', ')}; in the whole set: ${
          row.retrieved_sessions
            .filter((s) => row.gold_sessions.includes(s))
            .map(shortId)
            .join(', ') || 'none'
        })`,
      );
  }
  lines.push('');
  return lines;
}
