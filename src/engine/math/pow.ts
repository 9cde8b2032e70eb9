/**
 * x^y, fdlibm's e_pow.c (the algorithm V8's Math.pow used up to Node 20), in plain double
 * arithmetic: the same bits on every JavaScript engine. See ./index.ts for why. JavaScript's
 * own special cases are kept: y NaN gives NaN, and (±1)^±∞ is NaN.
 */
import { fromWords, highWord, lowWord, withHighWord, withLowWord } from './words.ts';

const BP = [1.0, 1.5] as const;
const DP_H = [0.0, 5.84962487220764160156e-1] as const;
const DP_L = [0.0, 1.35003920212974897128e-8] as const;
const TWO53 = 9007199254740992.0;
const HUGE = 1.0e300;
const TINY = 1.0e-300;
const L1 = 5.99999999999994648725e-1;
const L2 = 4.28571428578550184252e-1;
const L3 = 3.33333329818377432918e-1;
const L4 = 2.72728123808534006489e-1;
const L5 = 2.30660745775561754067e-1;
const L6 = 2.06975017800338417784e-1;
const P1 = 1.66666666666666019037e-1;
const P2 = -2.77777777770155933842e-3;
const P3 = 6.61375632143793436117e-5;
const P4 = -1.6533902205465251539e-6;
const P5 = 4.13813679705723846039e-8;
const LG2 = 6.93147180559945286227e-1;
const LG2_H = 6.93147182464599609375e-1;
const LG2_L = -1.90465429995776804525e-9;
const OVT = 8.008566259537294e-17; // −(1024 − log2(overflow + 0.5 ulp))
const CP = 9.61796693925975554329e-1;
const CP_H = 9.61796700954437255859e-1;
const CP_L = -7.02846165095275826516e-9;
const IVLN2 = 1.442695040888963387;
const IVLN2_H = 1.44269502162933349609;
const IVLN2_L = 1.92596299112661746887e-8;

/** Whether y is an odd (1) or even (2) integer, or not an integer (0), read from its words. */
function integerKind(iy: number, ly: number): number {
  if (iy >= 0x43400000) return 2;
  if (iy < 0x3ff00000) return 0;
  const k = (iy >> 20) - 0x3ff;
  if (k > 20) {
    const j = ly >>> (52 - k);
    return (j << (52 - k)) >>> 0 === ly ? 2 - (j & 1) : 0;
  }
  if (ly !== 0) return 0;
  const j = iy >> (20 - k);
  return j << (20 - k) === iy ? 2 - (j & 1) : 0;
}

/** log2(|x|) as t1 + t2, t1 with its low word cleared (|x| not near 1, or |y| small). */
function log2Split(ax: number, ix: number): [number, number] {
  let n = 0;
  if (ix < 0x00100000) {
    ax *= TWO53;
    n -= 53;
    ix = highWord(ax);
  }
  n += (ix >> 20) - 0x3ff;
  const j = ix & 0x000fffff;
  ix = j | 0x3ff00000;
  let k: 0 | 1;
  if (j <= 0x3988e) k = 0;
  else if (j < 0xbb67a) k = 1;
  else {
    k = 0;
    n += 1;
    ix -= 0x00100000;
  }
  ax = withHighWord(ax, ix);
  // ss = s_h + s_l = (x − 1)/(x + 1) or (x − 1.5)/(x + 1.5)
  let u = ax - BP[k];
  let v = 1 / (ax + BP[k]);
  const ss = u * v;
  const sH = withLowWord(ss, 0);
  let tH = fromWords(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18), 0);
  let tL = ax - (tH - BP[k]);
  const sL = v * (u - sH * tH - sH * tL);
  let s2 = ss * ss;
  let r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
  r += sL * (sH + ss);
  s2 = sH * sH;
  tH = withLowWord(3.0 + s2 + r, 0);
  tL = r - (tH - 3.0 - s2);
  u = sH * tH;
  v = sL * tH + tL * ss;
  const pH = withLowWord(u + v, 0);
  const pL = v - (pH - u);
  const zH = CP_H * pH;
  const zL = CP_L * pH + pL * CP + DP_L[k];
  const t = n;
  const t1 = withLowWord(zH + zL + DP_H[k] + t, 0);
  const t2 = zL - (t1 - t - DP_H[k] - zH);
  return [t1, t2];
}

export function pow(x: number, y: number): number {
  if (Number.isNaN(y)) return NaN;
  const hx = highWord(x);
  const lx = lowWord(x);
  const hy = highWord(y);
  const ly = lowWord(y);
  const ix = hx & 0x7fffffff;
  const iy = hy & 0x7fffffff;
  if ((iy | ly) === 0) return 1; // x^0 = 1
  if (ix > 0x7ff00000 || (ix === 0x7ff00000 && lx !== 0)) return x + y; // x NaN
  const yisint = hx < 0 ? integerKind(iy, ly) : 0;
  if (ly === 0) {
    if (iy === 0x7ff00000) {
      // y = ±∞
      if (((ix - 0x3ff00000) | lx) === 0) return NaN; // (±1)^±∞ (JavaScript: NaN)
      if (ix >= 0x3ff00000) return hy >= 0 ? y : 0;
      return hy < 0 ? -y : 0;
    }
    if (iy === 0x3ff00000) return hy < 0 ? 1 / x : x; // y = ±1
    if (hy === 0x40000000) return x * x; // y = 2
    if (hy === 0x3fe00000 && hx >= 0) return Math.sqrt(x); // y = 0.5, x ≥ +0
  }
  const ax = Math.abs(x);
  if (lx === 0 && (ix === 0x7ff00000 || ix === 0 || ix === 0x3ff00000)) {
    // x = ±0, ±∞, ±1
    let z = ax;
    if (hy < 0) z = 1 / z;
    if (hx < 0) {
      if (((ix - 0x3ff00000) | yisint) === 0)
        z = NaN; // (−1)^non-integer
      else if (yisint === 1) z = -z;
    }
    return z;
  }
  let n = (hx >> 31) + 1;
  if ((n | yisint) === 0) return NaN; // (x < 0)^non-integer
  let s = 1; // the sign of the result
  if ((n | (yisint - 1)) === 0) s = -1;

  let t1: number;
  let t2: number;
  if (iy > 0x41e00000) {
    // |y| > 2^31
    if (iy > 0x43f00000) {
      if (ix <= 0x3fefffff) return hy < 0 ? HUGE * HUGE : TINY * TINY;
      if (ix >= 0x3ff00000) return hy > 0 ? HUGE * HUGE : TINY * TINY;
    }
    if (ix < 0x3fefffff) return hy < 0 ? s * HUGE * HUGE : s * TINY * TINY;
    if (ix > 0x3ff00000) return hy > 0 ? s * HUGE * HUGE : s * TINY * TINY;
    // |1 − x| ≤ 2^-20: log(x) by x − x²/2 + x³/3 − x⁴/4.
    const t = ax - 1;
    const w = t * t * (0.5 - t * (0.3333333333333333 - t * 0.25));
    const u = IVLN2_H * t;
    const v = t * IVLN2_L - w * IVLN2;
    t1 = withLowWord(u + v, 0);
    t2 = v - (t1 - u);
  } else {
    [t1, t2] = log2Split(ax, ix);
  }

  // (y1 + y2)·(t1 + t2), y1 with its low word cleared.
  const y1 = withLowWord(y, 0);
  const pL = (y - y1) * t1 + y * t2;
  let pH = y1 * t1;
  let z = pL + pH;
  let j = highWord(z);
  let i = lowWord(z);
  if (j >= 0x40900000) {
    // z ≥ 1024
    if (((j - 0x40900000) | i) !== 0) return s * HUGE * HUGE;
    if (pL + OVT > z - pH) return s * HUGE * HUGE;
  } else if ((j & 0x7fffffff) >= 0x4090cc00) {
    // z ≤ −1075
    if (((j - 0xc090cc00) | i) !== 0) return s * TINY * TINY;
    if (pL <= z - pH) return s * TINY * TINY;
  }
  // 2^(pH + pL)
  i = j & 0x7fffffff;
  let k = (i >> 20) - 0x3ff;
  n = 0;
  if (i > 0x3fe00000) {
    // |z| > 0.5: n = [z + 0.5]
    n = j + (0x00100000 >> (k + 1));
    k = ((n & 0x7fffffff) >> 20) - 0x3ff;
    const t = fromWords(n & ~(0x000fffff >> k), 0);
    n = ((n & 0x000fffff) | 0x00100000) >> (20 - k);
    if (j < 0) n = -n;
    pH -= t;
  }
  let t = withLowWord(pL + pH, 0);
  const u = t * LG2_H;
  const v = (pL - (t - pH)) * LG2 + t * LG2_L;
  z = u + v;
  const w = v - (z - u);
  t = z * z;
  const tt = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  const r = (z * tt) / (tt - 2) - (w + z * w);
  z = 1 - (r - z);
  j = highWord(z) + (n << 20);
  if (j >> 20 <= 0)
    z = scalbn(z, n); // subnormal result
  else z = withHighWord(z, j);
  return s * z;
}

const TWO54 = 1.8014398509481984e16;
const TWOM54 = 5.55111512312578270212e-17;

/** x·2^n, fdlibm's s_scalbn.c (exact unless the result is subnormal: one rounding). */
function scalbn(x: number, n: number): number {
  let hx = highWord(x);
  const lx = lowWord(x);
  let k = (hx & 0x7ff00000) >> 20;
  if (k === 0) {
    if ((lx | (hx & 0x7fffffff)) === 0) return x;
    x *= TWO54;
    hx = highWord(x);
    k = ((hx & 0x7ff00000) >> 20) - 54;
    if (n < -50000) return TINY * x;
  }
  if (k === 0x7ff) return x + x;
  k += n;
  if (k > 0x7fe) return HUGE * Math.sign(x) * HUGE;
  if (k > 0) return withHighWord(x, (hx & 0x800fffff) | (k << 20));
  if (k <= -54) return n > 50000 ? HUGE * Math.sign(x) * HUGE : TINY * Math.sign(x) * TINY;
  k += 54;
  return withHighWord(x, (hx & 0x800fffff) | (k << 20)) * TWOM54;
}
