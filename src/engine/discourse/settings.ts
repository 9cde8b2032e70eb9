import { DEFAULT_SUMMARY_BUDGET, type SummaryBudget } from './extractive-summary.ts';

/**
 * Context-Agent's knobs. The reference values come from the paper's code (top-3 similar nodes,
 * cosine > 0.6 before the decider is consulted). The no-LLM values (topicThreshold, branchMargin,
 * summaryShare, questionShare) are Grove's, tuned on the NTM dev file only, with the bundled
 * GloVe embedder (`grove eval --dataset ntm --llm none`): the lowest token ratio whose goal
 * coverage stays within 5 points of the linear history's without degenerating into a tree per
 * turn (dev: ratio 0.597, coverage 0.886 vs 0.936 — on the edge; the trade-off is a line, about
 * +1 point of coverage per +0.02 of ratio, set mostly by the summary budget). Mean-pooled GloVe
 * vectors of unrelated sentences still reach cosines of 0.5–0.6, hence a topic threshold of 0.7;
 * a sentence-embedding model would want its own value.
 */
export interface DiscourseSettings {
  /** How many most similar nodes of the tree the branch step looks at (reference: 3). */
  readonly topK: number;
  /** The best similar node must exceed this cosine before a branch change is considered (reference: 0.6). */
  readonly branchThreshold: number;
  /** Embedding-only topic check: the query continues a path when its score reaches this. */
  readonly topicThreshold: number;
  /**
   * Embedding-only branch decision: the best node must beat the current node's similarity by
   * this much before the conversation leaves the current path.
   */
  readonly branchMargin: number;
  /**
   * No-LLM mode (and the fallback when an LLM summary fails): the share of a round's content
   * words its extractive summary keeps (numbers and named items are always kept).
   */
  readonly summaryShare: number;
  /** The part of that budget a round that only asks questions gets (it carries no task state). */
  readonly questionShare: number;
}

export const DEFAULT_DISCOURSE_SETTINGS: DiscourseSettings = {
  topK: 3,
  branchThreshold: 0.6,
  topicThreshold: 0.7,
  branchMargin: 0.05,
  summaryShare: DEFAULT_SUMMARY_BUDGET.share,
  questionShare: DEFAULT_SUMMARY_BUDGET.questionShare,
};

export function discourseSettings(overrides: Partial<DiscourseSettings> = {}): DiscourseSettings {
  const s = { ...DEFAULT_DISCOURSE_SETTINGS, ...overrides };
  if (!Number.isInteger(s.topK) || s.topK < 1) {
    throw new RangeError(`Context-Agent topK must be an integer ≥ 1, got ${s.topK}.`);
  }
  for (const key of ['summaryShare', 'questionShare'] as const) {
    if (!(s[key] > 0 && s[key] <= 1)) {
      throw new RangeError(`Context-Agent ${key} is a share in (0, 1], got ${s[key]}.`);
    }
  }
  for (const key of ['branchThreshold', 'topicThreshold'] as const) {
    if (!(s[key] >= -1 && s[key] <= 1)) {
      throw new RangeError(`Context-Agent ${key} is a cosine between -1 and 1, got ${s[key]}.`);
    }
  }
  return s;
}

/** The extractive summary's word budget these settings give. */
export function summaryBudget(settings: DiscourseSettings): SummaryBudget {
  return {
    ...DEFAULT_SUMMARY_BUDGET,
    share: settings.summaryShare,
    questionShare: settings.questionShare,
  };
}
