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

/** A fact of one session and turn, added to `draft` with `embedding`: its level-0 node. */
function addFact(draft: TreeDraft, id: string, text: string, embedding: Vector) {
  return draft.addFact(
    {
      id: asFactId(id),
      text,
      category: 'other',
      sources: [{ sessionId: asSessionId('s'), turnIds: [asTurnId('t')] }],
    },
    embedding,
  );
}

/** `count` queries: every third random, the others near a fact of `draft`'s first `facts`. */
function queriesNear(draft: TreeDraft, rng: Rng, count: number, facts: number): Vector[] {
  return Array.from({ length: count }, (_, q) => {
    const existing = draft.node(draft.levels[0]![Math.floor(rng.next() * facts)]!).embedding;
    return q % 3 === 0 ? randomVector(rng) : existing.map((x) => x + 0.05 * gaussian(rng));
  });
}

/** A draft of `facts` facts under `leaves` leaves, seeded; a zero vector among the facts. */
function draftOf(facts: number, leaves: number, seed: number) {
  const rng = createRng(seed);
  const draft = TreeDraft.empty();
  const leafIds: NodeId[] = [];
  for (let f = 0; f < facts; f++) {
    const embedding = f === 3 ? new Float32Array(DIM) : randomVector(rng);
    const node = addFact(draft, `f${f}`, `fact ${f}`, embedding);
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
      const node = addFact(draft, `new${step}`, 'new', query);
      const { leaf } = index.closestLeaf(query);
      draft.attach(node.id, leaf!);
      index.childrenChanged(leaf!);
    }
    expect(index.firstAtLeast(draft.node(draft.levels[0]!.at(-1)!).embedding, 0.999)).toBe(
      plainFirstAtLeast(draft, draft.node(draft.levels[0]!.at(-1)!).embedding, 0.999),
    );
  });

  it('with the cosines scored ahead, finds the scan’s closest leaf as leaves change and join, reading only those', () => {
    const { draft, rng } = draftOf(400, 40, 13);
    const index = new InsertIndex(draft);
    const queries = queriesNear(draft, rng, 30, 400);
    queries.push(new Float32Array(DIM)); // a zero vector: cosine 0 to every leaf
    index.scoreLeavesAhead(queries);
    let fact = 0;
    const newFact = (embedding: Vector) => addFact(draft, `ahead${fact++}`, 'new', embedding).id;
    let changes = 0;
    for (const [q, query] of queries.entries()) {
      const { leaf, score } = index.closestLeaf(query);
      const scan = plainClosestLeaf(draft, query);
      expect(leaf).toBe(scan.leaf);
      expect(score).toBeCloseTo(scan.score, 6);
      // The leaf found takes a fact far from it (its centre moves away), or a new leaf starts
      // where the next query is.
      if (q % 5 === 4 && q + 1 < queries.length) {
        draft.addSummary(1, 'new leaf', queries[q + 1]!, [newFact(queries[q + 1]!)]);
      } else {
        draft.attach(newFact(randomVector(rng).map((x) => 3 * x)), leaf!);
        index.childrenChanged(leaf!);
      }
      changes++;
    }
    // Each query worked out only the leaves changed or added before it, not all 40-odd.
    expect(index.leafCosinesComputed).toBeLessThanOrEqual((changes * queries.length) / 2);
    expect(index.leafCosinesComputed).toBeGreaterThan(0);
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
    const queries = queriesNear(draft, rng, 12, 300);
    const { found, rows } = index.firstAtLeastEach(queries, 0.95);
    expect(rows).toBe(300);
    expect(found).toEqual(queries.map((q) => plainFirstAtLeast(draft, q, 0.95)));
    expect(found.filter(Boolean).length).toBeGreaterThan(4);
    // Facts added after the pass are found from its last row on, and only there.
    const copy = queries[1]!;
    const added = addFact(draft, 'late', 'late', copy);
    expect(index.firstAtLeast(copy, 0.999, rows)).toBe(added.id);
    expect(index.firstAtLeast(copy, 0.999)).toBe(plainFirstAtLeast(draft, copy, 0.999));
  });
});

/** Facts around `clusters` directions, a leaf per cluster's quarter and a group per cluster. */
function clusteredDraft(clusters: number, perCluster: number, seed: number) {
  const rng = createRng(seed);
  const draft = TreeDraft.empty();
  const directions = Array.from({ length: clusters }, () => randomVector(rng));
  const groups: NodeId[] = [];
  for (const [c, direction] of directions.entries()) {
    const leaves: NodeId[] = [];
    for (let quarter = 0; quarter < 4; quarter++) {
      const facts = Array.from({ length: perCluster / 4 }, (_, i) => {
        const embedding = direction.map((x) => x + 0.3 * gaussian(rng));
        return addFact(draft, `c${c}-${quarter}-${i}`, `fact ${c} ${quarter} ${i}`, embedding).id;
      });
      leaves.push(draft.addSummary(1, `leaf ${c} ${quarter}`, direction, facts).id);
    }
    groups.push(draft.addSummary(2, `group ${c}`, direction, leaves).id);
  }
  draft.addSummary(3, 'root', directions[0]!, groups);
  return { draft, rng, directions };
}

describe('InsertIndex near-duplicate bound', () => {
  it('reads only the rows no cap rules out, and finds what the plain scan finds', () => {
    const { draft, rng, directions } = clusteredDraft(12, 40, 5);
    const index = new InsertIndex(draft);
    const queries = Array.from({ length: 30 }, (_, q) => {
      const near = draft.node(draft.levels[0]![Math.floor(rng.next() * 480)]!).embedding;
      // Copies just inside and outside the threshold, the clusters' directions, random vectors.
      if (q % 3 === 0) return near.map((x) => x + 0.02 * gaussian(rng));
      if (q % 3 === 1)
        return directions[q % directions.length]!.map((x) => x + 0.1 * gaussian(rng));
      return randomVector(rng);
    });
    for (const threshold of [0.9, 0.97]) {
      const { found, compared } = index.firstAtLeastEach(queries, threshold);
      expect(found).toEqual(queries.map((q) => plainFirstAtLeast(draft, q, threshold)));
      expect(found.filter(Boolean).length).toBeGreaterThan(5);
      // Each query's scan stops at its first hit; the bound must save most of the rest.
      expect(compared).toBeLessThan((queries.length * 480) / 4);
    }
  });

  it('keeps finding what the plain scan finds after facts move between leaves it was not told of', () => {
    const { draft, rng } = clusteredDraft(8, 40, 9);
    const index = new InsertIndex(draft);
    const probe = (seed: number) => {
      const near = draft.node(draft.levels[0]![seed % 320]!).embedding;
      return near.map((x) => x + 0.01 * gaussian(rng));
    };
    expect(index.firstAtLeast(probe(1), 0.9)).toBe(plainFirstAtLeast(draft, probe(1), 0.9));
    // Facts of one cluster moved under another cluster's leaf, and a new fact far from all
    // leaves put under the first leaf: the caps the index drew no longer match the leaves.
    const [leafA, leafB] = [draft.levels[1]![0]!, draft.levels[1]![20]!];
    for (const fact of draft.node(leafA).children.slice(0, 5)) draft.attach(fact, leafB);
    const stranger = addFact(draft, 'stranger', 'stranger', randomVector(rng));
    draft.attach(stranger.id, leafA);
    for (let k = 0; k < 40; k++) {
      const query = k === 0 ? draft.node(stranger.id).embedding : probe(k * 7);
      expect(index.firstAtLeast(query, 0.9)).toBe(plainFirstAtLeast(draft, query, 0.9));
    }
    expect(index.firstAtLeast(draft.node(stranger.id).embedding, 0.999)).toBe(stranger.id);
  });

  it('drops the centres of the nodes whose children the draft reports changed', () => {
    const { draft, rng } = clusteredDraft(8, 40, 13);
    const index = new InsertIndex(draft);
    draft.onChildrenChanged = (id) => index.childrenChanged(id);
    const query = randomVector(rng);
    expect(index.closestAt(2, query)).toEqual(new InsertIndex(draft).closestAt(2, query));
    // Every leaf moved under the group the query was farthest from: its centre must move.
    const worst = draft.levels[2]!.reduce((a, b) =>
      cosine(draft.node(a).embedding, query) < cosine(draft.node(b).embedding, query) ? a : b,
    );
    for (const leaf of [...draft.levels[1]!]) draft.attach(leaf, worst);
    expect(index.closestAt(2, query)).toEqual(new InsertIndex(draft).closestAt(2, query));
  });
});
