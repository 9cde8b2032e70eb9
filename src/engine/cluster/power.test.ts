import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { makePower } from './power.ts';

describe('makePower', () => {
  it('matches Math.pow to 1e-9 relative over the whole range', () => {
    const rng = createRng(1);
    for (const b of [0.8950608781227859, 1.334, 0.5]) {
      const pow = makePower(b);
      for (let i = 0; i < 20000; i++) {
        const x = Math.exp((rng.next() - 0.5) * 90);
        const want = Math.pow(x, b);
        expect(Math.abs(pow(x) - want) / want).toBeLessThan(1e-9);
      }
    }
  });

  it('handles zero, huge and tiny inputs', () => {
    const pow = makePower(0.9);
    expect(pow(0)).toBe(0);
    expect(pow(1)).toBeCloseTo(1, 9);
    expect(pow(2 ** 40)).toBeCloseTo(Math.pow(2 ** 40, 0.9), 0);
    expect(pow(1e-300) / Math.pow(1e-300, 0.9)).toBeCloseTo(1, 12);
  });
});
