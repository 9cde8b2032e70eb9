import { describe, expect, it } from 'vitest';
import { createRng, gaussian } from './rng.ts';
import { dot, dotF32 } from './vector.ts';

describe('dotF32', () => {
  it('is `dot` to the last bit, for a row of a block and any length', () => {
    const rng = createRng(3);
    for (let length = 0; length <= 13; length++) {
      const block = Float32Array.from({ length: 3 * length + 5 }, () => gaussian(rng));
      const v = Float32Array.from({ length }, () => gaussian(rng));
      for (const row of [0, 1, 2]) {
        const offset = row * length + 1;
        expect(dotF32(block, offset, v, length)).toBe(
          dot(block.subarray(offset, offset + length), v),
        );
      }
    }
  });
});
