import { describe, expect, it } from 'vitest';
import { dequantizeRow, quantizeRows } from './int8-rows.ts';
import { allButTheTop, sifWeights, topEigenvectors } from './word-postprocess.ts';
import { isTokenizerWord } from './wink-source.ts';

describe('word post-processing', () => {
  it('finds the dominant direction of a symmetric matrix', () => {
    // diag(1, 5, 2): the top eigenvector is the second axis.
    const m = Float64Array.from([1, 0, 0, 0, 5, 0, 0, 0, 2]);
    const [v] = topEigenvectors(m, 3, 1);
    expect(Math.abs(v![1]!)).toBeCloseTo(1, 6);
  });

  it('all-but-the-top leaves rows centred and orthogonal to the removed direction', () => {
    // Rows share a big common component along (1, 1, 0) plus small distinct parts.
    const rows = Float64Array.from([5, 5, 1, 6, 6, -1, 4, 4, 0.5, 5, 5.2, -0.3]);
    allButTheTop(rows, 3, 1);
    for (let i = 0; i < 3; i++) {
      expect(rows[i]! + rows[3 + i]! + rows[6 + i]! + rows[9 + i]!).toBeCloseTo(0, 9);
    }
  });

  it('SIF weights grow with rarity and stay in (0, 1)', () => {
    const w = sifWeights(1000, 1e-3, 400_000);
    expect(w[0]).toBeLessThan(0.05); // "the"
    expect(w[999]).toBeGreaterThan(0.9);
    for (let i = 1; i < w.length; i++) expect(w[i]!).toBeGreaterThan(w[i - 1]!);
  });

  it('int8 rows round-trip within half a step and fold the row weight into the scale', () => {
    const m = Float64Array.from([0.5, -1, 0.25, 0, 0, 0]);
    const q = quantizeRows(m, 3, Float64Array.from([2, 1]));
    const row = dequantizeRow(q, 3, 0);
    [1, -2, 0.5].forEach((x, i) => expect(Math.abs(row[i]! - x)).toBeLessThanOrEqual(2 / 254));
    expect(Array.from(dequantizeRow(q, 3, 1))).toEqual([0, 0, 0]);
  });

  it('keeps only words the pre-tokenizer can produce', () => {
    expect(['hiking', ',', 'café', 'co2'].every(isTokenizerWord)).toBe(true);
    expect(['well-known', 'New', 'a b', "n't"].some(isTokenizerWord)).toBe(false);
  });
});
