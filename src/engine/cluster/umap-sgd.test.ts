import { describe, expect, it } from 'vitest';
import { createRng, gaussian } from '../rng.ts';
import { fuzzySimplicialSet, layoutEdges } from './fuzzy-graph.ts';
import { exactCosineKnn } from './knn.ts';
import { toMatrix } from './matrix.ts';
import {
  createLayoutState,
  optimizeLayout,
  optimizeLayoutAnyDim,
  randomLayout,
} from './umap-sgd.ts';

describe('layout kernels', () => {
  it('the 10-dimension kernel and the general one compute the same thing', () => {
    const rng = createRng(7);
    const rows = Array.from({ length: 80 }, (_, i) =>
      Array.from({ length: 12 }, (_, t) => gaussian(rng) + (t === i % 4 ? 3 : 0)),
    );
    const edges = layoutEdges(fuzzySimplicialSet(exactCosineKnn(toMatrix(rows), 15)), 20);
    const params = {
      a: 1.577,
      b: 0.895,
      nEpochs: 20,
      gamma: 1,
      initialAlpha: 1,
      negativeSampleRate: 5,
    };
    const a = new Float64Array(80 * 10);
    const b = new Float64Array(80 * 10);
    const stateA = createLayoutState(edges, 5, randomLayout(a, 3));
    const stateB = createLayoutState(edges, 5, randomLayout(b, 3));
    optimizeLayout(a, 10, edges, params, stateA, 8);
    optimizeLayout(a, 10, edges, params, stateA); // resumable: the rest of the epochs
    optimizeLayoutAnyDim(b, 10, edges, params, stateB, 20);
    expect(stateA.epoch).toBe(20);
    expect(stateA.rng).toBe(stateB.rng);
    for (let t = 0; t < a.length; t++) expect(a[t]).toBeCloseTo(b[t]!, 8);
  });
});
