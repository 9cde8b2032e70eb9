/** Dense row-major float64 matrices: the layout every clustering loop works on. */

export interface Matrix {
  readonly rows: number;
  readonly cols: number;
  /** rows × cols values, row after row. */
  readonly data: Float64Array;
}

/** Copies vectors (all the same length) into one contiguous float64 matrix. */
export function toMatrix(vectors: readonly ArrayLike<number>[]): Matrix {
  const rows = vectors.length;
  const cols = vectors[0]?.length ?? 0;
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    const v = vectors[i] as ArrayLike<number>;
    if (v.length !== cols) {
      throw new RangeError(`vector ${i} has ${v.length} values, expected ${cols}`);
    }
    const o = i * cols;
    for (let j = 0; j < cols; j++) data[o + j] = v[j] as number;
  }
  return { rows, cols, data };
}

/** Accepts either form so callers can hand over what they have without copying twice. */
export function asMatrix(x: Matrix | readonly ArrayLike<number>[]): Matrix {
  return isMatrix(x) ? x : toMatrix(x);
}

function isMatrix(x: Matrix | readonly ArrayLike<number>[]): x is Matrix {
  return !Array.isArray(x);
}

/** The rows as separate arrays (copies), e.g. for libraries that want number[][]. */
export function toRows(m: Matrix): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < m.rows; i++)
    out.push(Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
  return out;
}

/** A well-mixed 32-bit seed derived from a seed and a salt (level number, stage). */
export function deriveSeed(seed: number, salt: number): number {
  let h = Math.imul((seed >>> 0) ^ Math.imul(salt + 1, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
