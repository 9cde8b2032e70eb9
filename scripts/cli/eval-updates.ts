/**
 * `grove eval --dataset updates`: besides the retrieval figures of every data set, how the
 * memory's supersede links match the gold chains (engine/eval/updates-metrics.ts). The memories
 * are the ones the run built (the same cache), through the app's ingestion.
 */
import type { EvalDataset } from '../../src/engine/datasets/eval-model.ts';
import type { UpdatesDataset } from '../../src/engine/datasets/updates.ts';
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
  let links = 0;
  let correct = 0;
  let gold = 0;
  let found = 0;
  let falseLinks = 0;
  let failures = 0;
  for (const conversation of dataset.conversations) {
    if (!conversations.has(conversation.id)) continue;
    const chains = dataset.chains.get(conversation.id) ?? [];
    const values = new Set(chains.flatMap((c) => c.chain.map((v) => v.value.toLowerCase())));
    const distractors = [
      ...new Set(
        conversation.questions.flatMap((q) =>
          'staleAnswers' in q ? (q.staleAnswers as string[]) : [],
        ),
      ),
    ].filter((v) => !values.has(v.toLowerCase()));
    const otherTurns = new Set<TurnId>();
    for (const session of conversation.sessions)
      for (const turn of session.turns)
        if (distractors.some((d) => turn.text.toLowerCase().includes(d.toLowerCase())))
          otherTurns.add(turn.id);
    const memory = await cachedMemory(dataset.file, conversation, options);
    const scores = supersedeScores(memory.tree.facts.values(), chains, otherTurns);
    links += scores.links;
    correct += scores.correct_links;
    gold += scores.gold_links;
    found += scores.found_gold_links;
    falseLinks += scores.false_supersedes;
    failures += memory.lifetimes.failures.length;
  }
  const updates: UpdatesSummary = {
    ...summary.updates,
    supersede_precision: links === 0 ? null : round(correct / links),
    supersede_recall: gold === 0 ? null : round(found / gold),
    false_supersedes: falseLinks,
    supersede_links: links,
    gold_supersedes: gold,
    supersede_failures: failures,
  };
  return { ...summary, updates };
}
