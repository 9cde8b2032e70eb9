import { describe, expect, it } from 'vitest';
import { precacheable } from './service-worker.ts';
import { SW_CACHE_PREFIX, serviceWorkerSource } from './sw-source.ts';

describe('service worker generation', () => {
  it('precaches the listed files under a versioned cache, and parses as JavaScript', () => {
    const source = serviceWorkerSource('abc123', ['index.html', 'models/grove/x/config.json']);
    expect(source).toContain(JSON.stringify(`${SW_CACHE_PREFIX}abc123`));
    expect(source).toContain('"models/grove/x/config.json"');
    expect(() => new Function(source)).not.toThrow();
  });

  it("skips source maps, itself and ORT's WebGPU build, which the app never loads", () => {
    expect(precacheable('assets/index-1.js')).toBe(true);
    expect(precacheable('assets/index-1.js.map')).toBe(false);
    expect(precacheable('sw.js')).toBe(false);
    expect(precacheable('ort/ort-wasm-simd-threaded.wasm')).toBe(true);
    expect(precacheable('ort/ort-wasm-simd-threaded.mjs')).toBe(true);
    expect(precacheable('ort/ort-wasm-simd-threaded.asyncify.wasm')).toBe(false);
    expect(precacheable('ort/ort-wasm-simd-threaded.asyncify.mjs')).toBe(false);
  });
});
