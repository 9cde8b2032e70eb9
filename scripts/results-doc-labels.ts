/** The node-label section of docs/results.md: label coverage per dataset, against its target. Pure. */
import type { LabelReport } from '../src/engine/tree/label-coverage.ts';

/** The target: a mean share of at least this many member facts named by their label. */
export const LABEL_COVERAGE_TARGET = 0.8;

/** One dataset's trees, built without an LLM as `grove eval --llm none` builds them. */
export interface LabelCoverageRow {
  /** "LoCoMo dev", "built-in example". */
  readonly dataset: string;
  /** `labelReport(trees)` over the dataset's trees (one per conversation). */
  readonly report: LabelReport;
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');

export function labelsSection(rows: readonly LabelCoverageRow[]): string[] {
  const lines = [
    '## Node labels without an LLM',
    '',
    'Each summary no LLM wrote is labelled with keywords (c-TF-IDF of its facts against its',
    'siblings, 3 to 5: more while they name under 80% of its facts) and its most central fact.',
    "Label coverage: the mean, over labelled summaries, of the share of a node's facts that contain",
    `one of its keywords (target ≥ ${LABEL_COVERAGE_TARGET}).`,
    '',
    '| dataset | labelled summaries | label coverage | target |',
    '|---|---|---|---|',
    ...rows.map(({ dataset, report }) => {
      const met = report.coverage >= LABEL_COVERAGE_TARGET ? 'met' : 'missed';
      return `| ${dataset} | ${report.nodes} | ${report.coverage.toFixed(3)} | ${met} |`;
    }),
  ];
  for (const { dataset, report } of rows) {
    if (report.examples.length === 0) continue;
    lines.push('', `Example labels (${dataset}, roots):`, '');
    for (const label of report.examples) lines.push(`- ${escapeCell(label)}`);
  }
  lines.push('');
  return lines;
}
