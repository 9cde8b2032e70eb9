/**
 * The mulberry32 generator of ../rng.ts, unpacked so hot loops can keep its state in a local
 * int32: advance with `state = (state + MULBERRY32_STEP) | 0`, then read mulberry32Value(state).
 * Same sequence as createRng(seed).next() (umap.test.ts checks it against umap-js fed createRng).
 */
export const MULBERRY32_STEP = 0x6d2b79f5;

/** Output in [0, 1) for an already advanced state. */
export function mulberry32Value(state: number): number {
  let t = Math.imul(state ^ (state >>> 15), state | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) * 2.3283064365386963e-10; // / 2^32, exactly
}
