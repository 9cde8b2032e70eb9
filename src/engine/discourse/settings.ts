import { DEFAULT_SUMMARY_BUDGET, type SummaryBudget } from './extractive-summary.ts';

/**
 * Context-Agent's knobs. The reference values come from the paper's code (top-3 similar nodes,
 * cosine > 0.6 before the decider is consulted). The no-LLM values (wordWeight, topicThreshold,
 * returnThreshold, followUpWords, summaryShare, questionShare) are Grove's, chosen by 5-fold
 * cross-validation on the NTM dev file with the bundled GloVe embedder (`grove eval --dataset ntm
 * --llm none --folds 5`, scripts/cli/eval-ntm-folds.ts): the grid setting whose worst fold is best
 * against a coverage gap of 3 points and a token ratio of 0.6. The same setting was chosen on
 * every four folds; on the held-out folds it keeps goal coverage 2.74 points below the linear
 * history's on average (2.33–3.19) at a token ratio of 0.581–0.594 (docs/results.md, NTM). A
 * topic's score blends the embedding's cosine and the word overlap half and half: mean-pooled
 * GloVe vectors of unrelated sentences still reach cosines of 0.5–0.6, and words tell topics
 * apart where those cosines do not. A sentence-embedding model would want its own values.
 *
 * With an LLM, topicFloor, topicCeiling and topicMargin decide which topic choices the embedding
 * makes alone (topic-margin.ts). They are set on NTM dev without an LLM, from a silver label:
 * a turn carrying a key term of the checkpoint's goals (and the final turn) is on the task's
 * topic, a turn carrying none is not; each is scored against the earlier goal turns as one path.
 * GloVe separates the two weakly (medians 0.69 and 0.63), so the clear regions are the tails:
 * below 0.4 lie 4.5% of the on-topic turns (a new topic is declared without asking), at 0.85 or
 * more 1.3% of the off-topic ones (a tree is chosen without asking). Everything between goes to
 * the LLM: with the scripted LLM (`--llm scripted`) the topic step makes 0.90 calls per turn,
 * never more than one (it made 1.51, up to 10, when it asked once per root-to-leaf path).
 * A sentence-embedding model would separate topics better and want a narrower ambiguous region.
 */
const TOPIC_FLOOR = 0.4;
const TOPIC_CEILING = 0.85;
const TOPIC_MARGIN = 0.1;

export interface DiscourseSettings {
  /** How many most similar nodes of the tree the branch step looks at (reference: 3). */
  readonly topK: number;
  /** The best similar node must exceed this cosine before a branch change is considered (reference: 0.6). */
  readonly branchThreshold: number;
  /** Topic check: the query continues a tree when its score (meaning and words) reaches this. */
  readonly topicThreshold: number;
  /** The weight of the word overlap in a topic's score (0: meaning only, 1: words only). */
  readonly wordWeight: number;
  /** A turn that says it goes back ("let's go back to ...") goes to a tree scoring at least this. */
  readonly returnThreshold: number;
  /** A turn with at most this many content words is a follow-up: it stays in the current topic. */
  readonly followUpWords: number;
  /** With an LLM (topic-margin.ts): a new topic is clear only when every tree scores below this. */
  readonly topicFloor: number;
  /** With an LLM: a tree is clear only when it scores at least this (and beats the others by the margin). */
  readonly topicCeiling: number;
  /** With an LLM: a chosen tree is clear only when it beats every other tree by this much. */
  readonly topicMargin: number;
  /** With an LLM: the most trees one topic call lists (besides "none of these: a new topic"). */
  readonly topicChoices: number;
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
  topicThreshold: 0.5,
  wordWeight: 0.5,
  returnThreshold: 0.3,
  followUpWords: 1,
  topicFloor: TOPIC_FLOOR,
  topicCeiling: TOPIC_CEILING,
  topicMargin: TOPIC_MARGIN,
  topicChoices: 5,
  branchMargin: 0.05,
  summaryShare: DEFAULT_SUMMARY_BUDGET.share,
  questionShare: DEFAULT_SUMMARY_BUDGET.questionShare,
};

export function discourseSettings(overrides: Partial<DiscourseSettings> = {}): DiscourseSettings {
  const s = { ...DEFAULT_DISCOURSE_SETTINGS, ...overrides };
  if (!Number.isInteger(s.followUpWords) || s.followUpWords < 0) {
    throw new RangeError(
      `Context-Agent followUpWords must be an integer ≥ 0, got ${s.followUpWords}.`,
    );
  }
  for (const key of ['topK', 'topicChoices'] as const) {
    if (!Number.isInteger(s[key]) || s[key] < 1) {
      throw new RangeError(`Context-Agent ${key} must be an integer ≥ 1, got ${s[key]}.`);
    }
  }
  if (!(s.topicMargin >= 0 && s.topicMargin <= 2)) {
    throw new RangeError(
      `Context-Agent topicMargin is a cosine difference in [0, 2], got ${s.topicMargin}.`,
    );
  }
  if (!(s.topicFloor <= s.topicCeiling)) {
    throw new RangeError(
      `Context-Agent topicFloor (${s.topicFloor}) must not exceed topicCeiling (${s.topicCeiling}).`,
    );
  }
  if (!(s.wordWeight >= 0 && s.wordWeight <= 1)) {
    throw new RangeError(`Context-Agent wordWeight is a weight in [0, 1], got ${s.wordWeight}.`);
  }
  for (const key of ['summaryShare', 'questionShare'] as const) {
    if (!(s[key] > 0 && s[key] <= 1)) {
      throw new RangeError(`Context-Agent ${key} is a share in (0, 1], got ${s[key]}.`);
    }
  }
  const cosines = [
    'branchThreshold',
    'topicThreshold',
    'returnThreshold',
    'topicFloor',
    'topicCeiling',
  ] as const;
  for (const key of cosines) {
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
