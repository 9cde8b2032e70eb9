/**
 * e^x, fdlibm's e_exp.c (the algorithm V8's Math.exp used up to Node 20), in plain double
 * arithmetic: the same bits on every JavaScript engine. See ./index.ts for why.
 */
import { fromWords, highWord, lowWord } from './words.ts';

const HALF = [0.5, -0.5] as const;
const HUGE = 1.0e300;
const TWOM1000 = 9.3326361850321887899e-302; // 2^-1000
const O_THRESHOLD = 7.09782712893383973096e2;
const U_THRESHOLD = -7.4513321910194110842e2;
const LN2_HI = [6.9314718036912381649e-1, -6.9314718036912381649e-1] as const;
const LN2_LO = [1.90821492927058770002e-10, -1.90821492927058770002e-10] as const;
const INVLN2 = 1.442695040888963387;
const P1 = 1.66666666666666019037e-1;
const P2 = -2.77777777770155933842e-3;
const P3 = 6.61375632143793436117e-5;
const P4 = -1.6533902205465251539e-6;
const P5 = 4.13813679705723846039e-8;

export function exp(x: number): number {
  let hx = highWord(x);
  const xsb = (hx >>> 31) & 1;
  hx &= 0x7fffffff;
  // Non-finite, overflow, underflow.
  if (hx >= 0x40862e42) {
    if (hx >= 0x7ff00000) {
      if (((hx & 0xfffff) | lowWord(x)) !== 0) return x + x; // NaN
      return xsb === 0 ? x : 0; // exp(±∞) = {∞, 0}
    }
    if (x > O_THRESHOLD) return HUGE * HUGE;
    if (x < U_THRESHOLD) return TWOM1000 * TWOM1000;
  }
  // Argument reduction: x = k·ln2 + r, |r| ≤ 0.5·ln2.
  let hi = 0;
  let lo = 0;
  let k = 0;
  if (hx > 0x3fd62e42) {
    if (hx < 0x3ff0a2b2) {
      // V8's port special-cases e^1, which the reduction below gets one bit off.
      if (x === 1) return Math.E;
      hi = x - LN2_HI[xsb]!;
      lo = LN2_LO[xsb]!;
      k = 1 - xsb - xsb;
    } else {
      k = (INVLN2 * x + HALF[xsb]!) | 0;
      const t = k;
      hi = x - t * LN2_HI[0];
      lo = t * LN2_LO[0];
    }
    x = hi - lo;
  } else if (hx < 0x3e300000) {
    if (HUGE + x > 1) return 1 + x;
  }
  const t = x * x;
  const c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k === 0) return 1 - ((x * c) / (c - 2.0) - x);
  const y = 1 - (lo - (x * c) / (2.0 - c) - hi);
  if (k >= -1021) {
    if (k === 1024) return y * 2.0 * 8.98846567431158e307; // 2^1023
    return y * fromWords(0x3ff00000 + (k << 20), 0);
  }
  return y * fromWords(0x3ff00000 + ((k + 1000) << 20), 0) * TWOM1000;
}
