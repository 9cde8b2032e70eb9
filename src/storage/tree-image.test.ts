import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../engine/testing/index.ts';
import { removeFacts } from '../engine/tree/edit.ts';
import { keywordSummariser } from '../engine/tree/summarise.ts';
import type { EmbeddedFact, MemoryTree } from '../engine/types.ts';
import { exportProfile } from './export/export-profile.ts';
import { importProfile } from './export/import-profile.ts';
import { chunkedTree, freshDb } from './fixtures.test-support.ts';
import { createProfile, wipeProfile } from './profiles.ts';
import type { GroveDb } from './db.ts';
import { treeImageIdentity, treeImageOfCells } from './tree-image.ts';
import { factsStating, SLOT_RULES } from '../engine/lifetime/slot-index.ts';
import { SLOTS } from '../engine/lifetime/slots.ts';
import {
  LABEL_TERM_RULES,
  termCountsImage,
  type TermCountsImage,
} from '../engine/tree/label-terms.ts';
import { LiveTreeCache, loadLiveTree, TREE_TABLES, writeTreeChange } from './tree-store.ts';
import { cloneableTree } from '../engine/tree/cloneable-tree.ts';

const embedder = new HashEmbedder({ dimension: 16 });

/** 60 facts in three levels; some dated, one replaced by another, one text with odd characters. */
function sampleTree(): MemoryTree {
  const facts: EmbeddedFact[] = Array.from({ length: 60 }, (_, i) => {
    const text =
      i === 7
        ? 'I said "hi" \\ then \u2028 left \ud83c — café… 🍎'
        : `fact ${i} about topic ${i % 5}`;
    return {
      id: `f${i}` as never,
      text,
      category: 'other' as const,
      sources: [
        { sessionId: `s${i % 6}` as never, turnIds: [`t${i}` as never], time: '2024-03-01' },
      ],
      ...(i % 4 === 0 ? { validFrom: '2024-03' } : {}),
      ...(i === 3
        ? { validTo: '2024-05', supersededBy: 'f4' as never, supersededHow: 'rule' as const }
        : {}),
      embedding: embedder.embedOne(text),
    };
  });
  return chunkedTree(facts);
}

async function written(db: GroveDb, tree: MemoryTree) {
  const before = await loadLiveTree(db, 'p');
  await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', before, tree));
}

/** The tree as its pages hold it (the image set aside). */
async function fromPages(db: GroveDb) {
  const images = await db.treeImages.toArray();
  await db.treeImages.clear();
  const live = await loadLiveTree(db, 'p');
  await db.treeImages.bulkPut(images);
  return live;
}

function expectSameTree(actual: MemoryTree, expected: MemoryTree) {
  expect([...actual.nodes.keys()]).toEqual([...expected.nodes.keys()]);
  expect([...actual.facts.keys()]).toEqual([...expected.facts.keys()]);
  // Layered maps (an insert's) and plain ones compare by their entries, in order.
  expect(cloneableTree(actual)).toEqual(cloneableTree(expected));
  for (const [id, node] of expected.nodes) {
    expect(Array.from(actual.nodes.get(id)!.embedding)).toEqual(Array.from(node.embedding));
  }
}

/** A chunked tree of `n` facts with these texts, written, and its image. */
async function imagedTree(n: number, textOf: (i: number) => string) {
  const facts: EmbeddedFact[] = Array.from({ length: n }, (_, i) => {
    const text = textOf(i);
    return {
      id: `f${i}` as never,
      text,
      category: 'other' as const,
      sources: [{ sessionId: `s${i % 4}` as never, turnIds: [`t${i}` as never] }],
      embedding: embedder.embedOne(text),
    };
  });
  const db = await freshDb();
  await written(db, chunkedTree(facts));
  await new LiveTreeCache(db, 'p').keepImage();
  return { db, image: (await db.treeImages.get('p'))! };
}

describe('tree image', () => {
  it('is written once for a live tree and read back as exactly the tree and orders its pages hold', async () => {
    const db = await freshDb();
    await written(db, sampleTree());
    const cache = new LiveTreeCache(db, 'p');
    expect((await cache.load()).imaged).toBeFalsy();
    expect(await cache.keepImage()).toBe(true);
    expect(await cache.keepImage()).toBe(false); // the kept tree is imaged now
    const imaged = await loadLiveTree(db, 'p');
    expect(imaged.imaged).toBe(true);
    // Its JSON is ASCII, one byte a character as stored (v8.serialize is what IndexedDB writes).
    const image = (await db.treeImages.get('p'))!;
    for (const json of [image.nodes, image.facts]) {
      expect(json).toMatch(/^[ -~]+$/);
      expect(serialize(json).length).toBeLessThan(json.length + 16);
    }
    expect(image.facts).toContain('\\u2014');
    const pages = await fromPages(db);
    expect(pages.imaged).toBeFalsy();
    expectSameTree(imaged.tree, pages.tree);
    const { node, level, fact } = imaged.order!;
    expect({ node, level, fact }).toEqual(pages.order);
    expect(imaged).toMatchObject({
      version: pages.version,
      revision: pages.revision,
      stamp: pages.stamp,
    });
  });

  it('is not read once the tree changed: the pages are, and the next image is the new tree', async () => {
    const db = await freshDb();
    await written(db, sampleTree());
    const cache = new LiveTreeCache(db, 'p');
    await cache.keepImage();
    const live = await loadLiveTree(db, 'p');
    const { tree: smaller } = await removeFacts(
      live.tree,
      [...live.tree.facts.keys()].slice(0, 5),
      {
        embedder,
        summariser: keywordSummariser,
      },
    );
    await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', live, smaller));
    const after = await loadLiveTree(db, 'p');
    expect(after.imaged).toBeFalsy();
    expectSameTree(after.tree, smaller);
    expect(await new LiveTreeCache(db, 'p').keepImage()).toBe(true);
    const image = await db.treeImages.get('p');
    expect(image?.identity).toBe(treeImageIdentity({ ...after, stamp: after.stamp! }));
    expectSameTree((await loadLiveTree(db, 'p')).tree, smaller);
  });

  it('that cannot be read is passed over for the pages', async () => {
    const db = await freshDb();
    await written(db, sampleTree());
    await new LiveTreeCache(db, 'p').keepImage();
    const image = (await db.treeImages.get('p'))!;
    const pages = await fromPages(db);
    for (const broken of [
      { ...image, nodes: image.nodes.slice(0, -3) },
      { ...image, embeddings: image.embeddings.slice(4) },
      { ...image, nodes: JSON.stringify([...JSON.parse(image.nodes)].reverse()) },
      { ...image, facts: '{"not":"a list"}' },
    ]) {
      await db.treeImages.put(broken);
      const live = await loadLiveTree(db, 'p');
      expect(live.imaged).toBeFalsy();
      expectSameTree(live.tree, pages.tree);
    }
  });

  it("keeps which facts state each of the user's slots, and a tree read from it answers with them", async () => {
    const texts = [
      'I live in Boston',
      "I'm allergic to peanuts",
      'Maria: I moved to Lisbon last year',
      'I adopted a cat called Mochi',
      'I moved to Denver for a job at a bike shop',
    ];
    const { db, image } = await imagedTree(40, (i) => `${texts[i % texts.length]!} (${i})`);
    // What reading every fact finds (a tree from the pages has no kept index).
    const read = (await fromPages(db)).tree;
    const expected = Object.fromEntries(
      SLOTS.map((d) => [d.slot, factsStating(read.facts, d.slot)]),
    );
    expect(expected.allergy).toHaveLength(8);
    expect(expected.home).toHaveLength(16);
    const kept = JSON.parse(image.slots!) as { rules: string; slots: Record<string, string[]> };
    expect(kept.rules).toBe(SLOT_RULES);
    expect(kept.slots).toEqual(expected);

    // The index is taken from the image, not read again: a doctored one is believed...
    const doctored = { ...kept, slots: { ...kept.slots, allergy: ['f6'] } };
    await db.treeImages.put({ ...image, slots: JSON.stringify(doctored) });
    const believed = await loadLiveTree(db, 'p');
    expect(believed.imaged).toBe(true);
    expect(factsStating(believed.tree.facts, 'allergy')).toEqual(['f6']);
    // ...unless it was read under other rules, names a fact the tree lacks or cannot be read:
    // then the tree still comes from the image, and its facts are read for their slots.
    for (const slots of [
      JSON.stringify({ ...doctored, rules: 'other' }),
      JSON.stringify({ ...doctored, slots: { allergy: ['f6', 'gone'] } }),
      '{"rules":',
    ]) {
      await db.treeImages.put({ ...image, slots });
      const live = await loadLiveTree(db, 'p');
      expect(live.imaged).toBe(true);
      expect(factsStating(live.tree.facts, 'allergy')).toEqual(expected.allergy);
    }
  });

  it("keeps the label keywords' counts of its facts, and a tree read from it labels with them", async () => {
    const words = ['garden', 'cello', 'Lisbon', 'ramen', 'pottery', 'Korean', 'marathon', 'kiwi'];
    const { db, image } = await imagedTree(
      60,
      (i) => `I like ${words[i % 8]!} and ${words[(i * 3) % 8]!} café ${i}`,
    );
    // What counting every fact gives (a tree from the pages has no kept counts).
    const counted = await termCountsImage((await fromPages(db)).tree.facts);
    const kept = JSON.parse(image.labels!) as TermCountsImage;
    expect(kept).toEqual(counted);
    expect(kept.rules).toBe(LABEL_TERM_RULES);
    expect(new Map(kept.df).get('café')).toBe(60);
    expect(image.labels).toMatch(/^[\x20-\x7e]*$/u);

    // Counts made under other rules, or that cannot be read, are not used: the tree still comes
    // from the image, and its facts are counted.
    const doctored = { ...kept, df: [...kept.df, ['doctored', 7]] as [string, number][] };
    for (const labels of [JSON.stringify({ ...doctored, rules: 'other' }), '{"rules":']) {
      await db.treeImages.put({ ...image, labels });
      const live = await loadLiveTree(db, 'p');
      expect(live.imaged).toBe(true);
      expect(await termCountsImage(live.tree.facts)).toEqual(counted);
    }
    // Counts under these rules are taken from the image, not counted again: doctored ones are
    // believed.
    await db.treeImages.put({ ...image, labels: JSON.stringify(doctored) });
    const believed = await loadLiveTree(db, 'p');
    expect(believed.imaged).toBe(true);
    expect(await termCountsImage(believed.tree.facts)).toEqual(doctored);
  });

  it('is written by an import, and goes with its profile', async () => {
    const source = await freshDb();
    await createProfile(source, { id: 'p', name: 'P' });
    await source.conversations.add({ profileId: 'p', id: 'default', title: 'Earlier' });
    for (let s = 0; s < 6; s++) {
      const turns = Array.from({ length: 10 }, (_, k) => ({
        id: `t${s + 6 * k}`,
        speaker: 'user' as const,
        text: `turn ${k}`,
      }));
      await source.sessions.add({
        profileId: 'p',
        id: `s${s}`,
        conversationId: 'default',
        time: '2024-03-01',
        turnCount: turns.length,
      });
      await source.sessionTurns.add({ profileId: 'p', sessionId: `s${s}`, turns });
    }
    await written(source, sampleTree());
    const file = await exportProfile(source, 'p');
    const db = await freshDb();
    const { id } = await importProfile(db, file);
    const imaged = await loadLiveTree(db, id);
    expect(imaged.imaged).toBe(true);
    expect(JSON.parse((await db.treeImages.get(id))!.slots!)).toMatchObject({ rules: SLOT_RULES });
    expect(JSON.parse((await db.treeImages.get(id))!.labels!)).toEqual(
      await termCountsImage(imaged.tree.facts),
    );
    await db.treeImages.clear();
    expectSameTree(imaged.tree, (await loadLiveTree(db, id)).tree);
    await new LiveTreeCache(db, id).keepImage();
    await wipeProfile(db, id);
    expect(await db.treeImages.count()).toBe(0);
  });

  it('is not made of a node whose embedding has another length', async () => {
    const cells = {
      nodes: [{ id: 'n', seq: 0, levelSeq: 0, level: 0, text: 't', parent: null, children: [] }],
      facts: [],
    };
    await expect(
      treeImageOfCells('p', { version: 1, revision: 0, stamp: 's' }, cells, () => [1, 2], 3),
    ).rejects.toThrow(RangeError);
  });
});
