/**
 * The memory-updates measures (`grove eval --dataset updates`): how well supersede links match
 * the gold chains, and whether the context handed to the reply, read in order, names the value
 * that holds at the time the question asks about before any stale one.
 */
import type { UpdateChain, UpdateQuestion } from '../datasets/updates.ts';
import { memoryLine } from '../lifetime/memory-line.ts';
import type { RetrievedItem } from '../retrieval.ts';
import type { Fact, TurnId } from '../types.ts';

/** The context as the reply reads it: one dated line per memory, in order. */
export const contextText = (items: readonly RetrievedItem[]): string =>
  items.map((item) => memoryLine(item)).join('\n');

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a value first appears as whole words (case-insensitive), or -1. */
function firstIndex(text: string, value: string): number {
  const m = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(value)}(?![\\p{L}\\p{N}])`, 'iu').exec(text);
  return m ? m.index : -1;
}

/** The value of `values` that appears first in `text` (the longer one on a tie), or null. */
export function firstValue(text: string, values: readonly string[]): string | null {
  let best: { value: string; at: number } | null = null;
  for (const value of values) {
    const at = firstIndex(text, value);
    if (at < 0) continue;
    if (!best || at < best.at || (at === best.at && value.length > best.value.length))
      best = { value, at };
  }
  return best?.value ?? null;
}

export interface UpdateFigures {
  readonly kind: UpdateQuestion['kind'];
  readonly first_value: string | null;
  readonly first_value_correct: boolean;
  /** A current question whose context holds a stale value in a memory not marked as replaced. */
  readonly stale_unmarked: boolean;
}

export function updateFigures(
  question: UpdateQuestion,
  items: readonly RetrievedItem[],
): UpdateFigures {
  const first = firstValue(contextText(items), [question.answer, ...question.staleAnswers]);
  const staleUnmarked =
    question.kind === 'current' &&
    items.some(
      (item) =>
        !item.replaced && question.staleAnswers.some((stale) => firstIndex(item.text, stale) >= 0),
    );
  return {
    kind: question.kind,
    first_value: first,
    first_value_correct: first !== null && first.toLowerCase() === question.answer.toLowerCase(),
    stale_unmarked: staleUnmarked,
  };
}

export interface SupersedeScores {
  readonly links: number;
  readonly correct_links: number;
  readonly gold_links: number;
  readonly found_gold_links: number;
  /** Links touching a stable fact or a fact about someone else. */
  readonly false_supersedes: number;
}

const turnsOf = (fact: Fact): Set<TurnId> => new Set(fact.sources.flatMap((s) => s.turnIds));
const touches = (turns: Set<TurnId>, evidence: readonly TurnId[]) =>
  evidence.some((t) => turns.has(t));

/**
 * Scores the memory's supersede links against the gold chains. A link counts when both facts
 * come from the same chain and the newer value replaces the older; a gold supersede (value i →
 * value i+1) is found when a link joins a fact of value i to a fact of value i+1.
 * `otherTurns` are turns about other people (distractors), which no link may touch.
 */
export function supersedeScores(
  facts: Iterable<Fact>,
  chains: readonly UpdateChain[],
  otherTurns: ReadonlySet<TurnId>,
): SupersedeScores {
  const byId = new Map([...facts].map((f) => [f.id, f]));
  const stable = chains
    .filter((c) => c.chain.length === 1)
    .flatMap((c) => c.chain[0]?.evidenceTurns ?? []);
  const found = new Set<string>();
  let links = 0;
  let correct = 0;
  let falseLinks = 0;
  for (const old of byId.values()) {
    if (old.supersededBy === undefined) continue;
    const by = byId.get(old.supersededBy);
    if (!by) continue;
    links++;
    const [a, b] = [turnsOf(old), turnsOf(by)];
    let ok = false;
    chains.forEach((c, ci) =>
      c.chain.forEach((from, i) =>
        c.chain.forEach((to, j) => {
          if (j <= i || !touches(a, from.evidenceTurns) || !touches(b, to.evidenceTurns)) return;
          ok = true;
          if (j === i + 1) found.add(`${ci}:${i}`);
        }),
      ),
    );
    if (ok) correct++;
    else if ([...a, ...b].some((t) => stable.includes(t) || otherTurns.has(t))) falseLinks++;
  }
  const gold = chains.reduce((n, c) => n + c.chain.length - 1, 0);
  return {
    links,
    correct_links: correct,
    gold_links: gold,
    found_gold_links: found.size,
    false_supersedes: falseLinks,
  };
}
