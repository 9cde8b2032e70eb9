/**
 * A minimal PNG codec for the app icons: 8-bit RGBA, no interlace. Encoding picks the PNG filter
 * per row that compresses best (the usual minimum-sum-of-absolute-differences heuristic);
 * decoding handles every filter type, so a test can read the committed files back.
 */
import { deflateSync, inflateSync } from 'node:zlib';

export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  /** width × height × 4 bytes, row by row, not premultiplied. */
  readonly data: Uint8Array;
}

const SIGNATURE = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Filter 0–4 predictor for byte i of a row (bpp = 4). */
function predict(type: number, row: Uint8Array, prev: Uint8Array, i: number): number {
  const a = i >= 4 ? (row[i - 4] ?? 0) : 0;
  const b = prev[i] ?? 0;
  const c = i >= 4 ? (prev[i - 4] ?? 0) : 0;
  switch (type) {
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return (a + b) >>> 1;
    case 4:
      return paeth(a, b, c);
    default:
      return 0;
  }
}

export function encodePng(image: RgbaImage): Buffer {
  const stride = image.width * 4;
  const raw = new Uint8Array((stride + 1) * image.height);
  let prev: Uint8Array = new Uint8Array(stride);
  for (let y = 0; y < image.height; y++) {
    const row = image.data.subarray(y * stride, (y + 1) * stride);
    let best = new Uint8Array(0);
    let bestType = 0;
    let bestScore = Infinity;
    for (let type = 0; type <= 4; type++) {
      const out = new Uint8Array(stride);
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const v = ((row[i] ?? 0) - predict(type, row, prev, i)) & 0xff;
        out[i] = v;
        score += v < 128 ? v : 256 - v;
      }
      if (score < bestScore) [best, bestType, bestScore] = [out, type, score];
    }
    raw[y * (stride + 1)] = bestType;
    raw.set(best, y * (stride + 1) + 1);
    prev = row;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit, RGBA, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

export function decodePng(file: Uint8Array): RgbaImage {
  const bytes = Buffer.from(file);
  if (!bytes.subarray(0, 8).equals(Buffer.from(SIGNATURE))) throw new Error('not a PNG file');
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('ascii', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 6 || body[12] !== 0) {
        throw new Error('only 8-bit RGBA, non-interlaced PNG is supported');
      }
    } else if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const data = new Uint8Array(stride * height);
  let prev: Uint8Array = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)] ?? 0;
    const row = data.subarray(y * stride, (y + 1) * stride);
    for (let i = 0; i < stride; i++) {
      row[i] = ((raw[y * (stride + 1) + 1 + i] ?? 0) + predict(type, row, prev, i)) & 0xff;
    }
    prev = row;
  }
  return { width, height, data };
}
