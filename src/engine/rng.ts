import type { Rng } from './ports.ts';
import { cos, log } from './math/index.ts';

/**
 * mulberry32: small, fast, seeded PRNG. Same seed → same sequence on every platform.
 * Unpacked for hot loops (the UMAP layout keeps the state in a local int32): advance with
 * `state = (state + MULBERRY32_STEP) | 0`, then read `mulberry32Value(state)`.
 */
export const MULBERRY32_STEP = 0x6d2b79f5;

/** Output in [0, 1) for an already advanced state. */
export function mulberry32Value(state: number): number {
  let t = Math.imul(state ^ (state >>> 15), state | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) * 2.3283064365386963e-10; // / 2^32, exactly
}

export function createRng(seed: number): Rng {
  let state = seed | 0;
  return {
    next() {
      state = (state + MULBERRY32_STEP) | 0;
      return mulberry32Value(state);
    },
  };
}

/** Standard normal sample (Box–Muller). */
export function gaussian(rng: Rng): number {
  const u = Math.max(rng.next(), Number.EPSILON);
  const v = rng.next();
  return Math.sqrt(-2 * log(u)) * cos(2 * Math.PI * v);
}
