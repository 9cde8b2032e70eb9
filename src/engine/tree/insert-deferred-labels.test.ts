/**
 * An insert that defers its labels (the app's: the worker commits the facts first) lists the
 * summaries it changed as `unlabelled`; `labelPending` then writes the labels an insert that did
 * not defer would have written.
 */
import { describe, expect, it } from 'vitest';
import { chunkedTree } from '../testing/index.ts';
import type { MemoryTree } from '../types.ts';
import { noLlmInsert as options, wordFacts as facts } from './insert-facts.test-support.ts';
import { insertFacts, type InsertOptions } from './insert.ts';
import { parseLabel } from './label-format.ts';
import { labelPending, labelTree, withUnlabelled } from './label-tree.ts';

const deferred: InsertOptions = { ...options, deferLabels: true };

const texts = (t: MemoryTree) => [...t.nodes.values()].map((n) => [n.id, n.text]);

describe('an insert that defers its labels', () => {
  const base = labelTree(chunkedTree(facts(240, 'base', 1)));

  it('lists the summaries it changed, and labelPending writes what labelling at once would', async () => {
    const batch = facts(9, 'new', 5);
    const now = await insertFacts(base, batch, options);
    const later = await insertFacts(base, batch, deferred);

    expect(now.tree.unlabelled).toBeUndefined();
    expect(new Set(later.tree.unlabelled)).toEqual(new Set(later.report.resummarised));
    // The same tree but for labels: at least one changed summary still shows its old text.
    expect(later.tree.levels).toEqual(now.tree.levels);
    expect(texts(later.tree)).not.toEqual(texts(now.tree));

    const labelled = await labelPending(later.tree);
    expect(labelled.unlabelled).toBeUndefined();
    expect(texts(labelled)).toEqual(texts(now.tree));
  });

  it('keeps the list across inserts until labelled, and labels every summary on it', async () => {
    let tree = base;
    const changed = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const { tree: next, report } = await insertFacts(tree, facts(7, `r${round}`, 20 + round), {
        ...deferred,
      });
      for (const id of report.resummarised) changed.add(id);
      tree = next;
    }
    expect(new Set(tree.unlabelled)).toEqual(changed);

    let pauses = 0;
    const labelled = await labelPending(tree, async () => {
      pauses++;
    });
    expect(pauses).toBeGreaterThan(0);
    expect(labelled.unlabelled).toBeUndefined();
    for (const id of changed) {
      const node = labelled.nodes.get(id as never)!;
      expect(parseLabel(node.text), node.text).toBeDefined();
    }
    // Labelled in slices or at once, the same labels.
    expect(texts(labelled)).toEqual(texts(labelTree(tree, new Set(tree.unlabelled))));
  });

  it('an insert that labels at once also labels what an earlier one left', async () => {
    const first = await insertFacts(base, facts(7, 'a', 31), deferred);
    const second = await insertFacts(first.tree, facts(7, 'b', 32), options);
    expect(second.tree.unlabelled).toBeUndefined();
    for (const id of first.report.resummarised) {
      const node = second.tree.nodes.get(id);
      if (node) expect(parseLabel(node.text), node.text).toBeDefined();
    }
    expect(texts(second.tree)).toEqual(
      texts(await labelPending(withUnlabelled(second.tree, first.tree.unlabelled ?? []))),
    );
  });

  it('leaves a tree with nothing pending as it is', async () => {
    expect(await labelPending(base)).toBe(base);
    expect(withUnlabelled(base, [])).toBe(base);
  });
});
