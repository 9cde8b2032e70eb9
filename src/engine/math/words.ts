/**
 * The two 32-bit words of a double, as fdlibm reads and writes them (__HI, __LO): the high word
 * signed (sign, exponent, top 20 bits of the mantissa), the low word unsigned.
 */
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const i32 = new Int32Array(f64.buffer);
// Typed arrays use the platform's byte order: find which word holds the sign.
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;

export function highWord(x: number): number {
  f64[0] = x;
  return i32[HI]!;
}

export function lowWord(x: number): number {
  f64[0] = x;
  return u32[LO]!;
}

/** The double with these words. */
export function fromWords(hi: number, lo: number): number {
  i32[HI] = hi | 0;
  u32[LO] = lo >>> 0;
  return f64[0]!;
}

/** x with its high word replaced. */
export function withHighWord(x: number, hi: number): number {
  f64[0] = x;
  i32[HI] = hi | 0;
  return f64[0]!;
}

/** x with its low word replaced (fdlibm's `__LO(x) = 0` truncations). */
export function withLowWord(x: number, lo: number): number {
  f64[0] = x;
  u32[LO] = lo >>> 0;
  return f64[0]!;
}
