/**
 * Vite plugin: serves onnxruntime-web's runtime files (the .mjs factory and its .wasm) from
 * node_modules at `<base>ort/` in dev, and copies them into the build. They are never committed
 * and never fetched from a CDN. The version is the one @huggingface/transformers resolves.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { ORT_ASSET_DIR, ORT_RUNTIME_FILES } from '../../src/models/embedder/ort-files.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Absolute path of an onnxruntime-web file, as seen from @huggingface/transformers. */
export function ortFilePath(file: string): string {
  const require = createRequire(import.meta.url);
  const fromTransformers = createRequire(require.resolve('@huggingface/transformers'));
  return fromTransformers.resolve(`onnxruntime-web/${file}`);
}

/**
 * ORT's bundle also names its .wasm with `new URL(file, import.meta.url)`, so Vite emits a
 * hashed 27 MB copy. The app always sets wasmPaths to the `ort/` copy, so the hashed one is dead.
 */
function stripDuplicateRuntime(files: readonly string[]) {
  return {
    name: 'grove:ort-assets-strip',
    generateBundle(_options: unknown, bundle: Record<string, { type: string; fileName: string }>) {
      for (const [key, output] of Object.entries(bundle)) {
        const name = output.fileName.slice(output.fileName.lastIndexOf('/') + 1);
        const duplicate =
          output.type === 'asset' &&
          !key.startsWith(`${ORT_ASSET_DIR}/`) &&
          files.some((f) => {
            const dot = f.lastIndexOf('.');
            return name.startsWith(`${f.slice(0, dot)}-`) && name.endsWith(f.slice(dot));
          });
        if (duplicate) delete bundle[key];
      }
    },
  } satisfies Plugin;
}

export function ortAssets(): Plugin {
  const files = Object.values(ORT_RUNTIME_FILES).flatMap((build) => [build.mjs, build.wasm]);
  let base = '/';
  return {
    name: 'grove:ort-assets',
    configResolved(config) {
      base = config.base;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        const prefix = `${base}${ORT_ASSET_DIR}/`;
        const file = path.startsWith(prefix) ? path.slice(prefix.length) : '';
        if (!files.includes(file as (typeof files)[number])) return next();
        res.setHeader('Content-Type', CONTENT_TYPES[file.slice(file.lastIndexOf('.'))] ?? '');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(readFileSync(ortFilePath(file)));
      });
    },
    config() {
      // Workers are bundled by their own pipeline: strip the dead copy there too.
      return { worker: { plugins: () => [stripDuplicateRuntime(files)] } };
    },
    generateBundle(options, bundle) {
      stripDuplicateRuntime(files).generateBundle(options, bundle);
      for (const file of files) {
        this.emitFile({
          type: 'asset',
          fileName: `${ORT_ASSET_DIR}/${file}`,
          source: readFileSync(ortFilePath(file)),
        });
      }
    },
  };
}
