/**
 * `grove eval --dataset updates`: besides the retrieval figures of every data set, how the
 * memory's supersede links match the gold chains (engine/eval/updates-metrics.ts). The memories
 * are the ones the run built (the same cache), through the app's ingestion.
 */
import type { EvalDataset } from '../../src/engine/datasets/eval-model.ts';
import { isUpdateQuestion, type UpdatesDataset } from '../../src/engine/datasets/updates.ts';
import { cachedMemory, type MemoryCache } from '../../src/engine/eval/conversation-memory.ts';
import type { ConversationMemoryOptions } from '../../src/engine/eval/conversation-memory.ts';
import type { EvalSummary, UpdatesSummary } from '../../src/engine/eval/summary.ts';
import { supersedeScores } from '../../src/engine/eval/updates-metrics.ts';
import type { TurnId } from '../../src/engine/types.ts';

const isUpdates = (d: EvalDataset): d is UpdatesDataset => d.dataset === 'updates' && 'chains' in d;

const round = (x: number) => Number(x.toFixed(4));

/** The summary with the supersede figures of every conversation the run covered. */
export async function withSupersedeScores(
  summary: EvalSummary,
  dataset: EvalDataset,
  options: ConversationMemoryOptions & { readonly cache: MemoryCache },
  conversations: ReadonlySet<string>,
): Promise<EvalSummary> {
  if (!isUpdates(dataset) || !summary.updates) return summary;
  const total = {
    links: 0,
    correct_links: 0,
    gold_links: 0,
    found_gold_links: 0,
    false_supersedes: 0,
  };
  let failures = 0;
  for (const conversation of dataset.conversations) {
    if (!conversations.has(conversation.id)) continue;
    const chains = dataset.chains.get(conversation.id) ?? [];
    const values = new Set(chains.flatMap((c) => c.chain.map((v) => v.value.toLowerCase())));
    // Stale answers that are no value of the user's: what other people in the chat hold.
    const distractors = [
      ...new Set(conversation.questions.filter(isUpdateQuestion).flatMap((q) => q.staleAnswers)),
    ]
      .map((v) => v.toLowerCase())
      .filter((v) => !values.has(v));
    const otherTurns = new Set<TurnId>(
      conversation.sessions.flatMap((session) =>
        session.turns
          .filter((turn) => distractors.some((d) => turn.text.toLowerCase().includes(d)))
          .map((turn) => turn.id),
      ),
    );
    const memory = await cachedMemory(dataset.file, conversation, options);
    const scores = supersedeScores(memory.tree.facts.values(), chains, otherTurns);
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += scores[key];
    failures += memory.lifetimes.failures.length;
  }
  const updates: UpdatesSummary = {
    ...summary.updates,
    supersede_precision: total.links === 0 ? null : round(total.correct_links / total.links),
    supersede_recall:
      total.gold_links === 0 ? null : round(total.found_gold_links / total.gold_links),
    false_supersedes: total.false_supersedes,
    supersede_links: total.links,
    gold_supersedes: total.gold_links,
    supersede_failures: failures,
  };
  return { ...summary, updates };
}
