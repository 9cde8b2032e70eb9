import { describe, expect, it } from 'vitest';
import { adjustedRandIndex } from './ari.ts';

describe('adjustedRandIndex', () => {
  it('matches scikit-learn adjusted_rand_score', () => {
    // Expected values from sklearn.metrics.adjusted_rand_score 1.2.
    expect(adjustedRandIndex([0, 0, 1, 1], [0, 0, 1, 1])).toBe(1);
    expect(adjustedRandIndex([0, 0, 1, 1], [1, 1, 0, 0])).toBe(1);
    expect(adjustedRandIndex([0, 0, 1, 2], [0, 0, 1, 1])).toBeCloseTo(0.5714285714285714, 12);
    expect(adjustedRandIndex([0, 0, 0, 0], [0, 1, 2, 3])).toBe(0);
    expect(adjustedRandIndex([0, 0, 1, 1, 2, 2], [0, 1, 0, 1, 0, 1])).toBeCloseTo(
      -0.36363636363636365,
      12,
    );
    expect(adjustedRandIndex([1, 1, 0, 0, 2, 2, 2], [0, 0, 1, 2, 2, 2, 1])).toBeCloseTo(0.2125, 12);
  });

  it('treats single-item and identical labelings as perfect', () => {
    expect(adjustedRandIndex([0], [0])).toBe(1);
    expect(adjustedRandIndex([], [])).toBe(1);
    expect(adjustedRandIndex([0, 1, 2, 3], [3, 2, 1, 0])).toBe(1);
  });

  it('is symmetric and accepts typed arrays', () => {
    const a = Int32Array.from([0, 0, 1, 1, 1, 2, 2, 0]);
    const b = [1, 1, 1, 0, 0, 2, 2, 2];
    expect(adjustedRandIndex(a, b)).toBeCloseTo(adjustedRandIndex(b, a), 14);
  });

  it('rejects labelings of different lengths', () => {
    expect(() => adjustedRandIndex([0, 1], [0])).toThrow(RangeError);
  });
});
