/**
 * x ↦ x^b for one fixed exponent, table-driven: about 2× faster than Math.exp(b·Math.log(x))
 * in V8 and accurate to ~1e-10 relative (umap-learn computes the same term in float32, ~6e-8).
 * UMAP's layout evaluates it once per sampled edge and per negative sample: ~15 million times
 * for 2,000 points, where the two libm calls were half of the optimisation's time.
 *
 * x = 2^e·m with m ∈ [1, 2): x^b = 2^(b·e) · m^b, the first factor from a table, the second
 * from a degree-4 Taylor polynomial around the centre of one of 16 sub-intervals of [1, 2).
 * The exponent comes from Math.clz32 (no float bit casts, which stall in V8).
 */
import { exp, log, pow } from '../math/index.ts';
const SUB = 16;
const DEGREE = 4;
const E_MIN = -31;
const TWO31 = 2147483648;

export function makePower(b: number): (x: number) => number {
  const scale = new Float64Array(63); // 2^−e
  const powE = new Float64Array(63); // 2^(b·e)
  for (let e = E_MIN; e <= 31; e++) {
    scale[e - E_MIN] = pow(2, -e);
    powE[e - E_MIN] = pow(2, b * e);
  }
  const centre = new Float64Array(SUB);
  const coef = new Float64Array(SUB * (DEGREE + 1));
  for (let q = 0; q < SUB; q++) {
    const c = 1 + (q + 0.5) / SUB;
    centre[q] = c;
    // (c + u)^b = c^b · Σ C(b, n) (u/c)^n
    let term = pow(c, b);
    for (let n = 0; n <= DEGREE; n++) {
      coef[q * (DEGREE + 1) + n] = term;
      term *= (b - n) / ((n + 1) * c);
    }
  }
  const slow = (x: number): number => (x > 0 ? exp(b * log(x)) : pow(x, b));
  return (x: number): number => {
    let e: number;
    if (x >= 1) {
      if (!(x < TWO31)) return slow(x);
      e = 31 - Math.clz32(x);
    } else {
      const y = x * TWO31;
      if (!(y >= 1)) return slow(x);
      e = -Math.clz32(y);
    }
    const m = x * scale[e - E_MIN]!;
    const q = ((m - 1) * SUB) | 0;
    const u = m - centre[q]!;
    const o = q * (DEGREE + 1);
    return (
      powE[e - E_MIN]! *
      (coef[o]! + u * (coef[o + 1]! + u * (coef[o + 2]! + u * (coef[o + 3]! + u * coef[o + 4]!))))
    );
  };
}
