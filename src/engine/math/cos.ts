/**
 * Cosine, fdlibm's s_cos.c with its kernels (k_cos.c, k_sin.c) and the medium-range argument
 * reduction of e_rem_pio2.c (the algorithm V8's Math.cos used up to Node 20), in plain double
 * arithmetic: the same bits on every JavaScript engine. See ./index.ts for why. Arguments beyond
 * 2^19·π/2 (which need fdlibm's 1,200-bit reduction of 2/π) are refused: the engine never asks.
 */
import { fromWords, highWord } from './words.ts';

const C1 = 4.16666666666666019037e-2;
const C2 = -1.38888888888741095749e-3;
const C3 = 2.48015872894767294178e-5;
const C4 = -2.75573143513906633035e-7;
const C5 = 2.0875723212981748279e-9;
const C6 = -1.13596475577881948265e-11;

function kernelCos(x: number, y: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix < 0x3e400000 && (x | 0) === 0) return 1; // |x| < 2^-27
  const z = x * x;
  const r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  if (ix < 0x3fd33333) return 1 - (0.5 * z - (z * r - x * y)); // |x| < 0.3
  const qx = ix > 0x3fe90000 ? 0.28125 : fromWords(ix - 0x00200000, 0); // x/4
  const hz = 0.5 * z - qx;
  const a = 1 - qx;
  return a - (hz - (z * r - x * y));
}

const S1 = -1.66666666666666324348e-1;
const S2 = 8.33333333332248946124e-3;
const S3 = -1.98412698298579493134e-4;
const S4 = 2.75573137070700676789e-6;
const S5 = -2.50507602534068634195e-8;
const S6 = 1.58969099521155010221e-10;

/** sin(x + y) for |x| ≤ π/4, y the tail of x (k_sin.c with iy = 1). */
function kernelSin(x: number, y: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix < 0x3e400000 && (x | 0) === 0) return x;
  const z = x * x;
  const v = z * x;
  const r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  return x - (z * (0.5 * y - v * r) - y - v * S1);
}

const INVPIO2 = 6.36619772367581382433e-1;
const PIO2_1 = 1.57079632673412561417;
const PIO2_1T = 6.07710050650619224932e-11;
const PIO2_2 = 6.0771005063039659766e-11;
const PIO2_2T = 2.02226624879595063154e-21;
const PIO2_3 = 2.0222662487111664558e-21;
const PIO2_3T = 8.47842766036889956997e-32;
/** High words of n·π/2, n = 1..32 (e_rem_pio2.c's npio2_hw). */
const NPIO2_HW = [
  0x3ff921fb, 0x400921fb, 0x4012d97c, 0x401921fb, 0x401f6a7a, 0x4022d97c, 0x4025fdbb, 0x402921fb,
  0x402c463a, 0x402f6a7a, 0x4031475c, 0x4032d97c, 0x40346b9c, 0x4035fdbb, 0x40378fdb, 0x403921fb,
  0x403ab41b, 0x403c463a, 0x403dd85a, 0x403f6a7a, 0x40407e4c, 0x4041475c, 0x4042106c, 0x4042d97c,
  0x4043a28c, 0x40446b9c, 0x404534ac, 0x4045fdbb, 0x4046c6cb, 0x40478fdb, 0x404858eb, 0x404921fb,
] as const;

export class MathRangeError extends RangeError {
  override readonly name = 'MathRangeError';
}

/** x = n·π/2 + (y0 + y1), |y0 + y1| ≤ π/4; for π/4 < |x| ≤ 2^19·π/2. */
function remPio2(x: number, hx: number): [number, number, number] {
  const ix = hx & 0x7fffffff;
  if (ix < 0x4002d97c) {
    // |x| < 3π/4: n = ±1
    const sign = hx > 0 ? 1 : -1;
    let z = x - sign * PIO2_1;
    if (ix !== 0x3ff921fb) {
      const y0 = z - sign * PIO2_1T;
      return [sign, y0, z - y0 - sign * PIO2_1T];
    }
    z -= sign * PIO2_2;
    const y0 = z - sign * PIO2_2T;
    return [sign, y0, z - y0 - sign * PIO2_2T];
  }
  if (ix > 0x413921fb) throw new MathRangeError(`cos(${x}): |x| above 2^19·π/2 is not supported`);
  const t0 = Math.abs(x);
  const n = (t0 * INVPIO2 + 0.5) | 0;
  const fn = n;
  let r = t0 - fn * PIO2_1;
  let w = fn * PIO2_1T;
  let y0 = r - w;
  if (!(n < 32 && ix !== NPIO2_HW[n - 1])) {
    const j = ix >> 20;
    let i = j - ((highWord(y0) >> 20) & 0x7ff);
    if (i > 16) {
      // a second iteration, good to 118 bits
      let t = r;
      w = fn * PIO2_2;
      r = t - w;
      w = fn * PIO2_2T - (t - r - w);
      y0 = r - w;
      i = j - ((highWord(y0) >> 20) & 0x7ff);
      if (i > 49) {
        // a third, 151 bits
        t = r;
        w = fn * PIO2_3;
        r = t - w;
        w = fn * PIO2_3T - (t - r - w);
        y0 = r - w;
      }
    }
  }
  const y1 = r - y0 - w;
  return hx < 0 ? [-n, -y0, -y1] : [n, y0, y1];
}

export function cos(x: number): number {
  const hx = highWord(x);
  const ix = hx & 0x7fffffff;
  if (ix <= 0x3fe921fb) return kernelCos(x, 0);
  if (ix >= 0x7ff00000) return NaN;
  const [n, y0, y1] = remPio2(x, hx);
  switch (n & 3) {
    case 0:
      return kernelCos(y0, y1);
    case 1:
      return -kernelSin(y0, y1);
    case 2:
      return -kernelCos(y0, y1);
    default:
      return kernelSin(y0, y1);
  }
}
