/**
 * Vite plugin: after a production build, lists every file in the output folder (app shell,
 * worker chunks, the bundled embedder under models/, the ORT runtime under ort/) and writes
 * sw.js that precaches them, versioned by a hash of their contents. ORT's WebGPU build (27 MB) is
 * left out: nothing in the app loads it (every model the app loads runs on ORT's CPU-only build,
 * src/models/embedder/ort-files.ts); only the test API's WebGPU embedder does, online.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { serviceWorkerSource } from './sw-source.ts';
import { ORT_ASSET_DIR, ORT_RUNTIME_FILES } from '../../src/models/embedder/ort-files.ts';

export const SW_FILE = 'sw.js';

const UNUSED_OFFLINE = new Set(
  Object.values(ORT_RUNTIME_FILES.webgpu).map((name) => `${ORT_ASSET_DIR}/${name}`),
);

/** Source maps, the worker itself and ORT's WebGPU build are never precached. */
export function precacheable(file: string): boolean {
  return file !== SW_FILE && !file.endsWith('.map') && !UNUSED_OFFLINE.has(file);
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'grove:service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const hash = createHash('sha256');
      const files = walk(outDir)
        .map((path) => ({ path, file: relative(outDir, path).split(sep).join('/') }))
        .filter(({ file }) => precacheable(file))
        .sort((a, b) => (a.file < b.file ? -1 : 1));
      for (const { path, file } of files) hash.update(file).update(readFileSync(path));
      const version = hash.digest('hex').slice(0, 16);
      writeFileSync(
        join(outDir, SW_FILE),
        serviceWorkerSource(
          version,
          files.map(({ file }) => file),
        ),
      );
    },
  };
}
