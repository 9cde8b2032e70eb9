import { describe, expect, it } from 'vitest';
import type { Rng } from '../ports.ts';
import { createRng, gaussian } from '../rng.ts';
import { asFactId, asSessionId, asTurnId, type NodeId, type Vector } from '../types.ts';
import { cosine } from '../vector.ts';
import { centreOf } from './cohesion.ts';
import { TreeDraft } from './draft.ts';
import { InsertIndex } from './insert-index.ts';

const DIM = 16;

function randomVector(rng: Rng): Vector {
  return Float32Array.from({ length: DIM }, () => gaussian(rng));
}

/** A draft of `facts` facts under `leaves` leaves, seeded; a zero vector among the facts. */
function draftOf(facts: number, leaves: number, seed: number) {
  const rng = createRng(seed);
  const draft = new TreeDraft();
  const leafIds: NodeId[] = [];
  for (let f = 0; f < facts; f++) {
    const embedding = f === 3 ? new Float32Array(DIM) : randomVector(rng);
    const node = draft.addFact(
      {
        id: asFactId(`f${f}`),
        text: `fact ${f}`,
        category: 'other',
        sources: [{ sessionId: asSessionId('s'), turnIds: [asTurnId('t')] }],
      },
      embedding,
    );
    if (f < leaves) leafIds.push(draft.addSummary(1, node.text, embedding, [node.id]).id);
    else draft.attach(node.id, leafIds[f % leaves]!);
  }
  return { draft, rng };
}

/** The plain scans insert.ts made before the index: the reference. */
function plainFirstAtLeast(draft: TreeDraft, embedding: Vector, threshold: number) {
  for (const id of draft.levels[0] ?? []) {
    const node = draft.node(id);
    if (node.factId !== undefined && cosine(node.embedding, embedding) >= threshold) return id;
  }
  return undefined;
}
function plainClosestLeaf(draft: TreeDraft, embedding: Vector) {
  let leaf: NodeId | undefined;
  let score = Number.NEGATIVE_INFINITY;
  for (const id of draft.levels[1] ?? []) {
    const s = cosine(
      centreOf((n) => draft.node(n), id),
      embedding,
    );
    if (s > score) [leaf, score] = [id, s];
  }
  return { leaf, score };
}

describe('InsertIndex', () => {
  it('finds the same first near-duplicate and closest leaf as the plain scans, as the tree grows', () => {
    const { draft, rng } = draftOf(400, 40, 7);
    const index = new InsertIndex(draft);
    for (let step = 0; step < 60; step++) {
      // Queries near an existing fact (so duplicates are found) and random ones.
      const existing = draft.node(draft.levels[0]![Math.floor(rng.next() * 400)]!).embedding;
      const query =
        step % 2 === 0 ? existing.map((x) => x + 0.05 * gaussian(rng)) : randomVector(rng);
      for (const threshold of [0.95, 0.5]) {
        expect(index.firstAtLeast(query, threshold)).toBe(
          plainFirstAtLeast(draft, query, threshold),
        );
      }
      expect(index.closestLeaf(query)).toEqual(plainClosestLeaf(draft, query));
      // The insert's own changes: a new fact joins the closest leaf, whose centre moves.
      const node = draft.addFact(
        {
          id: asFactId(`new${step}`),
          text: 'new',
          category: 'other',
          sources: [{ sessionId: asSessionId('s'), turnIds: [asTurnId('t')] }],
        },
        query,
      );
      const { leaf } = index.closestLeaf(query);
      draft.attach(node.id, leaf!);
      index.childrenChanged(leaf!);
    }
    expect(index.firstAtLeast(draft.node(draft.levels[0]!.at(-1)!).embedding, 0.999)).toBe(
      plainFirstAtLeast(draft, draft.node(draft.levels[0]!.at(-1)!).embedding, 0.999),
    );
  });

  it('takes a zero vector to be at cosine 0, as cosine does, and a non-fact node for no duplicate', () => {
    const { draft } = draftOf(10, 2, 3);
    const index = new InsertIndex(draft);
    const zero = new Float32Array(DIM);
    for (const threshold of [-1, 0, 0.5]) {
      expect(index.firstAtLeast(zero, threshold)).toBe(plainFirstAtLeast(draft, zero, threshold));
    }
    expect(index.firstAtLeast(zero, 0)).toBe(draft.levels[0]![0]);
    expect(index.firstAtLeast(zero, 0.5)).toBeUndefined();
    // The zero fact (f3) counts as cosine 0 to any query, as in the plain scan.
    const query = randomVector(createRng(1));
    expect(index.firstAtLeast(query, 0)).toBe(plainFirstAtLeast(draft, query, 0));
  });

  it('answers several queries in one pass as each alone, and from a row on as the scan of the rows after it', () => {
    const { draft, rng } = draftOf(300, 30, 11);
    const index = new InsertIndex(draft);
    const queries = Array.from({ length: 12 }, (_, q) => {
      const existing = draft.node(draft.levels[0]![Math.floor(rng.next() * 300)]!).embedding;
      return q % 3 === 0 ? randomVector(rng) : existing.map((x) => x + 0.05 * gaussian(rng));
    });
    const { found, rows } = index.firstAtLeastEach(queries, 0.95);
    expect(rows).toBe(300);
    expect(found).toEqual(queries.map((q) => plainFirstAtLeast(draft, q, 0.95)));
    expect(found.filter(Boolean).length).toBeGreaterThan(4);
    // Facts added after the pass are found from its last row on, and only there.
    const copy = queries[1]!;
    const added = draft.addFact(
      {
        id: asFactId('late'),
        text: 'late',
        category: 'other',
        sources: [{ sessionId: asSessionId('s'), turnIds: [asTurnId('t')] }],
      },
      copy,
    );
    expect(index.firstAtLeast(copy, 0.999, rows)).toBe(added.id);
    expect(index.firstAtLeast(copy, 0.999)).toBe(plainFirstAtLeast(draft, copy, 0.999));
  });
});
