/**
 * The layers of the README's architecture map, enforced by lint (eslint.config.js, LAYERS): each
 * folder imports only the folders below it. This test states the map on its own and lints a small
 * import from every layer into every other: each import upward or sideways is an error, each
 * import downward is not.
 */
import { posix } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

type Layer =
  | 'engine'
  | 'rpc'
  | 'models'
  | 'storage'
  | 'memory-backend'
  | 'explorer-backend'
  | 'state'
  | 'app'
  | 'ui'
  | 'workers'
  | 'scripts';

const FOLDER: Record<Layer, string> = {
  engine: 'src/engine',
  rpc: 'src/rpc',
  models: 'src/models',
  storage: 'src/storage',
  'memory-backend': 'src/memory-backend',
  'explorer-backend': 'src/explorer-backend',
  state: 'src/state',
  app: 'src/app',
  ui: 'src/ui',
  workers: 'workers',
  scripts: 'scripts',
};

//   engine ← rpc ← models, storage ← memory-backend ← explorer-backend ← state ← app ← ui
//   engine ← rpc ← models, storage ← memory-backend, explorer-backend ← workers, scripts
const BELOW_BACKENDS: readonly Layer[] = ['engine', 'rpc', 'models', 'storage'];
const BACKENDS: readonly Layer[] = ['memory-backend', 'explorer-backend'];
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  engine: [],
  rpc: ['engine'],
  models: ['engine', 'rpc'],
  storage: ['engine', 'rpc'],
  'memory-backend': BELOW_BACKENDS,
  // The explorer names the memory worker's errors it can meet (a page LLM lent to both).
  'explorer-backend': [...BELOW_BACKENDS, 'memory-backend'],
  state: ['engine'], // and the types of models, storage and the backends (below)
  app: [...BELOW_BACKENDS, ...BACKENDS, 'state'],
  ui: [...BELOW_BACKENDS, ...BACKENDS, 'state', 'app'],
  workers: [...BELOW_BACKENDS, ...BACKENDS],
  scripts: [...BELOW_BACKENDS, ...BACKENDS, 'app'],
};
const TYPES_ONLY: Partial<Record<Layer, readonly Layer[]>> = {
  state: ['models', 'storage', ...BACKENDS],
};

const LAYERS = Object.keys(FOLDER) as Layer[];

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

/** An import from a file in layer `from` (one folder down) of a module in layer `to`. */
function importOf(from: Layer, to: Layer, typeOnly = false): [code: string, filePath: string] {
  const filePath = `${FOLDER[from]}/sub/example.ts`;
  const target = posix.relative(posix.dirname(filePath), `${FOLDER[to]}/sub/thing.ts`);
  const code = typeOnly
    ? `import type { Thing } from '${target}';\nexport type T = Thing;\n`
    : `import { thing } from '${target}';\nexport const x = thing;\n`;
  return [code, filePath];
}

const pairs = (want: 'allowed' | 'forbidden') =>
  LAYERS.flatMap((from) =>
    LAYERS.filter((to) => to !== from && !TYPES_ONLY[from]?.includes(to))
      .filter((to) => MAY_IMPORT[from].includes(to) === (want === 'allowed'))
      .map((to) => [from, to] as const),
  );

describe('layers (lint): nothing imports upward or sideways', () => {
  it.each(pairs('forbidden'))('%s must not import %s', async (from, to) => {
    expect(await ruleIds(...importOf(from, to))).toContain('no-restricted-imports');
  });

  it.each(pairs('allowed'))('%s may import %s', async (from, to) => {
    expect(await ruleIds(...importOf(from, to))).toEqual([]);
  });

  it('the store may use the types of models and storage, never their code', async () => {
    for (const to of ['models', 'storage', 'memory-backend', 'explorer-backend'] as const) {
      expect(await ruleIds(...importOf('state', to, true))).toEqual([]);
      expect(await ruleIds(...importOf('state', to))).toContain('no-restricted-imports');
    }
  });

  it('views never import the runtime singleton (they read the store, and act through services)', async () => {
    const use = "import { runtime } from '../../app/runtime.ts';\nexport const r = runtime;\n";
    expect(await ruleIds(use, 'src/ui/settings/Example.tsx')).toContain('no-restricted-imports');
    expect(await ruleIds(use, 'src/app/chat/example.ts')).toEqual([]);
  });

  it('a layer test file is held to its layer too', async () => {
    const [code] = importOf('storage', 'app');
    expect(await ruleIds(code, 'src/storage/sub/example.test.ts')).toContain(
      'no-restricted-imports',
    );
  });

  it('worker entries compose the backends, never a view (the explorer logic left src/ui)', async () => {
    const at = 'workers/explorer.worker.ts';
    const use = (path: string) => `import { x } from '${path}';\nexport const y = x;\n`;
    expect(await ruleIds(use('../src/explorer-backend/explorer-host.ts'), at)).toEqual([]);
    expect(await ruleIds(use('../src/ui/explorer/Explorer.tsx'), at)).toContain(
      'no-restricted-imports',
    );
  });

  it('persistence knows nothing of the memory worker that uses it', async () => {
    const use = "import { x } from '../memory-backend/memory-host.ts';\nexport const y = x;\n";
    expect(await ruleIds(use, 'src/storage/tree-store.ts')).toContain('no-restricted-imports');
  });
});
