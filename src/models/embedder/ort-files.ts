/**
 * The onnxruntime-web files the app serves itself (never a CDN). transformers.js' browser build
 * runs ORT's WebGPU bundle, which can start either of two runtime builds: the WebGPU-capable
 * "asyncify" build (27 MB) or the CPU-only WASM build (14 MB). A worker's ORT starts one build
 * and keeps it, so each worker names the build it runs: everything the app loads runs on the
 * WASM device, whose build starts in a worker in about half the asyncify build's time (0.4 s
 * against 0.9–1.0 s on two cores). The Vite plugin in scripts/vite/ort-assets.ts serves both
 * from node_modules in dev and copies them into the build.
 */
export const ORT_ASSET_DIR = 'ort';

/** Which runtime build a worker's ORT starts: 'wasm' runs only on the CPU. */
export type OrtBuild = 'wasm' | 'webgpu';

export const ORT_RUNTIME_FILES: Record<OrtBuild, { readonly mjs: string; readonly wasm: string }> =
  {
    wasm: { mjs: 'ort-wasm-simd-threaded.mjs', wasm: 'ort-wasm-simd-threaded.wasm' },
    webgpu: {
      mjs: 'ort-wasm-simd-threaded.asyncify.mjs',
      wasm: 'ort-wasm-simd-threaded.asyncify.wasm',
    },
  };

/** The build that can run a device choice: only WASM runs on the CPU-only build. */
export function ortBuildFor(device: 'wasm' | 'webgpu' | 'auto'): OrtBuild {
  return device === 'wasm' ? 'wasm' : 'webgpu';
}

/** Absolute URLs of a build's runtime files under the app's base (e.g. "/" or "/grove/"). */
export function ortWasmPaths(
  origin: string,
  base: string,
  build: OrtBuild,
): { mjs: string; wasm: string } {
  const root = new URL(`${base.replace(/\/?$/, '/')}${ORT_ASSET_DIR}/`, origin);
  const files = ORT_RUNTIME_FILES[build];
  return { mjs: new URL(files.mjs, root).href, wasm: new URL(files.wasm, root).href };
}
