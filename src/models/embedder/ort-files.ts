/**
 * The onnxruntime-web files the app serves itself (never a CDN): transformers.js' browser build
 * runs ORT's WebGPU bundle, whose runtime is the "asyncify" WASM build. The Vite plugin in
 * scripts/vite/ort-assets.ts serves these from node_modules in dev and copies them into the build.
 */
export const ORT_ASSET_DIR = 'ort';
export const ORT_RUNTIME_FILES = {
  mjs: 'ort-wasm-simd-threaded.asyncify.mjs',
  wasm: 'ort-wasm-simd-threaded.asyncify.wasm',
} as const;

/** Absolute URLs of the runtime files under the app's base (e.g. "/" or "/grove/"). */
export function ortWasmPaths(origin: string, base = '/'): { mjs: string; wasm: string } {
  const root = new URL(`${base.replace(/\/?$/, '/')}${ORT_ASSET_DIR}/`, origin);
  return {
    mjs: new URL(ORT_RUNTIME_FILES.mjs, root).href,
    wasm: new URL(ORT_RUNTIME_FILES.wasm, root).href,
  };
}
