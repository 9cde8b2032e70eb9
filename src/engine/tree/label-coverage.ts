/**
 * Label coverage: how well a keyword label names what is under its node. For each labelled
 * summary (level ≥ 1), the share of its member facts that contain at least one of the label's
 * keywords (a whole-word match, case-insensitive); averaged over the labelled summaries.
 * Summaries an LLM wrote carry no keywords and are not counted.
 */
import type { MemoryTree } from '../types.ts';
import { parseLabel, wordsOf } from './label-format.ts';
import { factsUnder } from './subtree.ts';

export interface LabelCoverage {
  /** Labelled summary nodes measured. */
  readonly nodes: number;
  /** Mean share of member facts naming a keyword (0 when no node is labelled). */
  readonly coverage: number;
}

export function labelCoverage(tree: MemoryTree): LabelCoverage {
  let nodes = 0;
  let sum = 0;
  for (const ids of tree.levels.slice(1)) {
    for (const id of ids) {
      const label = parseLabel(tree.nodes.get(id)?.text ?? '');
      if (!label) continue;
      const facts = factsUnder(tree, id);
      const named = facts.filter((fact) => {
        const words = wordsOf(fact.text);
        return label.keywords.some((k) => words.has(k.toLowerCase()));
      });
      nodes++;
      sum += facts.length === 0 ? 0 : named.length / facts.length;
    }
  }
  return { nodes, coverage: nodes === 0 ? 0 : sum / nodes };
}

/** Coverage over several trees, every node counting once (a mean over all their nodes). */
export function pooledCoverage(parts: readonly LabelCoverage[]): LabelCoverage {
  const nodes = parts.reduce((n, p) => n + p.nodes, 0);
  const sum = parts.reduce((s, p) => s + p.coverage * p.nodes, 0);
  return { nodes, coverage: nodes === 0 ? 0 : sum / nodes };
}

export interface LabelReport extends LabelCoverage {
  /** A few labels to show: the roots of the first tree with labels. */
  readonly examples: readonly string[];
}

/** Coverage pooled over trees (e.g. one per conversation), with example labels. */
export function labelReport(trees: readonly MemoryTree[], examples = 3): LabelReport {
  const pooled = pooledCoverage(trees.map(labelCoverage));
  const shown: string[] = [];
  for (const tree of trees) {
    const roots = tree.levels.length > 1 ? (tree.levels[tree.levels.length - 1] ?? []) : [];
    for (const id of roots) {
      const text = tree.nodes.get(id)?.text;
      if (text !== undefined && parseLabel(text) && shown.length < examples) shown.push(text);
    }
    if (shown.length >= examples) break;
  }
  return { ...pooled, examples: shown };
}
