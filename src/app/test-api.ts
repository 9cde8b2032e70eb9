/**
 * Grove's automation API on `window.grove` (like tldraw's `window.editor`): e2e specs drive the
 * real app through it. It exists in the e2e test build only (src/build-flags.d.ts): the build
 * `npm start` serves registers nothing, so no page script can reach the whole memory (export,
 * wipe, import) through it. Each feature registers its own entry, typed here (views add theirs
 * to `GroveTestApi` by module augmentation), so specs read `window.grove?.app` without casts.
 */
import type { EmbedTestApi } from '../models/embedder/embed-test-api.ts';
import type { RuntimeTestApi } from '../models/runtime-controller.ts';
import type { MemoryTestApi } from './memory-test-mode.ts';
import type { ModelCacheTestApi } from './runtime.ts';
import type { AppTestApi } from './services-test-api.ts';

export interface GroveTestApi {
  /** The app's services (src/app/services-test-api.ts). */
  app?: AppTestApi;
  /** `/?test=memory` only: a memory worker on a test database (memory-test-mode.ts). */
  memory?: MemoryTestApi;
  runtime?: RuntimeTestApi;
  modelCache?: ModelCacheTestApi;
  embed?: EmbedTestApi;
}

declare global {
  interface Window {
    grove?: GroveTestApi;
  }
}

export function registerTestApi<K extends keyof GroveTestApi>(
  name: K,
  value: NonNullable<GroveTestApi[K]>,
): void {
  if (!__GROVE_TEST_BUILD__) return;
  const api: GroveTestApi = (window.grove ??= {});
  api[name] = value;
}
