/** Embeddings at rest: raw float32 bytes (ArrayBuffer in IndexedDB, base64 in export files). */
import type { Vector } from '../engine/types.ts';

/** A compact copy of the vector's own bytes (never the whole buffer a view may sit on). */
export function vectorToBuffer(vector: Vector): ArrayBuffer {
  return new Float32Array(vector).buffer;
}

/** The vector the bytes hold: a copy, unless the caller owns `buffer` (`copy: false`). */
export function bufferToVector(buffer: ArrayBuffer, { copy = true } = {}): Vector {
  if (buffer.byteLength % 4 !== 0) {
    throw new RangeError(`An embedding of ${buffer.byteLength} bytes is not a float32 vector`);
  }
  return new Float32Array(copy ? buffer.slice(0) : buffer);
}

export function isFiniteVector(vector: ArrayLike<number>): boolean {
  for (let i = 0; i < vector.length; i++) if (!Number.isFinite(vector[i])) return false;
  return true;
}

export function sameVector(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of bytes, without btoa's string detour (works in Node, workers and pages). */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n =
      ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out += B64[n >> 18]! + B64[(n >> 12) & 63]! + B64[(n >> 6) & 63]! + B64[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] as number) << 16;
    out += `${B64[n >> 18]!}${B64[(n >> 12) & 63]!}==`;
  } else if (rest === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8);
    out += `${B64[n >> 18]!}${B64[(n >> 12) & 63]!}${B64[(n >> 6) & 63]!}=`;
  }
  return out;
}

const LOOKUP = new Map([...B64].map((c, i) => [c, i]));

/** Strict base64 decoding: throws on any character or padding out of place. */
export function base64ToBytes(text: string): Uint8Array {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) {
    throw new RangeError('not valid base64');
  }
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const n =
      ((LOOKUP.get(text[i] as string) ?? 0) << 18) |
      ((LOOKUP.get(text[i + 1] as string) ?? 0) << 12) |
      ((LOOKUP.get(text[i + 2] as string) ?? 0) << 6) |
      (LOOKUP.get(text[i + 3] as string) ?? 0);
    if (o < bytes.length) bytes[o++] = n >> 16;
    if (o < bytes.length) bytes[o++] = (n >> 8) & 255;
    if (o < bytes.length) bytes[o++] = n & 255;
  }
  return bytes;
}

/** Float32 little-endian bytes of a vector, as base64. */
export function vectorToBase64(vector: Vector): string {
  return bytesToBase64(new Uint8Array(vectorToBuffer(vector)));
}

export function base64ToVector(text: string): Vector {
  const bytes = base64ToBytes(text);
  if (bytes.length % 4 !== 0) throw new RangeError('not a whole number of float32 values');
  return new Float32Array(bytes.buffer.slice(0));
}
