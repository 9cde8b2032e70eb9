/**
 * What the first insert after opening a profile would otherwise pay for, done while the worker
 * is idle: every fact's candidate keywords for the labels an insert rewrites (label-tree.ts),
 * about a second at 30,000 facts. It runs in slices, so a question that arrives meanwhile waits
 * for one slice at most.
 */
import { prepareLabelTerms } from '../engine/tree/label-tree.ts';
import type { MemoryStore } from '../storage/memory-store.ts';

const SLICE = 500;
const yieldToCalls = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function prepareInsert(
  store: MemoryStore,
  { slice = SLICE, pause = yieldToCalls }: { slice?: number; pause?: () => Promise<void> } = {},
): Promise<void> {
  const facts = [...(await store.liveTree()).tree.facts.values()];
  for (let start = 0; start < facts.length; start += slice) {
    await pause();
    prepareLabelTerms(facts.slice(start, start + slice));
  }
}
