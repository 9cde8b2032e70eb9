import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Libraries the pure engine must never import: UI, storage, model runtimes, app state.
export const engineForbiddenImports = [
  'react',
  'react-dom',
  'dexie',
  '@mlc-ai/web-llm',
  '@huggingface/transformers',
  'zustand',
  'd3',
  'comlink',
];

/**
 * The layers (README, "Architecture"): a folder imports only the folders below it, never one above
 * or beside it.
 *
 *   src/engine ← src/models, src/storage ← src/state ← src/app ← src/ui ← src/main.tsx
 *                src/models, src/storage ← workers/ (worker entries), scripts/ (Node CLI)
 *
 * `forbids` lists, per layer, the folders it must not import; the store may use the types of
 * models and storage (`import type` only: it holds their data, never calls them). Checked by
 * scripts/checks/layers.test.ts.
 */
/** Everything above the models and storage, which sit side by side on the engine and the RPC. */
const ABOVE_MODELS_AND_STORAGE = [
  'memory-backend',
  'explorer-backend',
  'state',
  'app',
  'ui',
  'workers',
  'scripts',
];

export const LAYERS = {
  engine: {
    files: ['src/engine/**/*.ts'],
    forbids: ['rpc', 'models', 'storage', ...ABOVE_MODELS_AND_STORAGE],
  },
  // The one RPC every worker we own speaks: over the engine, under everything that talks to a worker.
  rpc: {
    files: ['src/rpc/**/*.ts'],
    forbids: ['models', 'storage', ...ABOVE_MODELS_AND_STORAGE],
  },
  models: {
    files: ['src/models/**/*.{ts,tsx}'],
    forbids: ['storage', ...ABOVE_MODELS_AND_STORAGE],
  },
  storage: {
    files: ['src/storage/**/*.{ts,tsx}'],
    forbids: ['models', ...ABOVE_MODELS_AND_STORAGE],
  },
  // The memory worker's backend (host, service, engine wiring, its client and protocol): it
  // composes engine, models, rpc and storage; persistence knows nothing of it.
  'memory-backend': {
    files: ['src/memory-backend/**/*.{ts,tsx}'],
    forbids: ['explorer-backend', 'state', 'app', 'ui', 'workers', 'scripts'],
  },
  // The explorer worker's backend (dataset files, builds, the methods it runs, its client).
  'explorer-backend': {
    files: ['src/explorer-backend/**/*.{ts,tsx}'],
    forbids: ['state', 'app', 'ui', 'workers', 'scripts'],
  },
  state: {
    files: ['src/state/**/*.{ts,tsx}'],
    forbids: ['rpc', 'app', 'ui', 'workers', 'scripts'],
    typesOnly: ['models', 'storage', 'memory-backend', 'explorer-backend'],
  },
  app: { files: ['src/app/**/*.{ts,tsx}'], forbids: ['ui', 'workers', 'scripts'] },
  ui: {
    files: ['src/ui/**/*.{ts,tsx}'],
    forbids: ['workers', 'scripts'],
    // One owner per state: views read the LLM runtime from the store, and act on it through the
    // services (useServices().runtime), never through the singleton.
    also: [
      {
        group: ['**/app/runtime.ts'],
        message:
          'Views read the runtime from the store (useGrove) and act through useServices().runtime.',
      },
    ],
  },
  workers: { files: ['workers/**/*.ts'], forbids: ['state', 'app', 'ui', 'scripts'] },
  scripts: { files: ['scripts/**/*.ts'], forbids: ['state', 'ui', 'workers'] },
};

/** Import paths into a layer's folder, from anywhere (no other folder bears a layer's name). */
const layerPaths = (layer) => [`**/${layer}/**`];

const layerMessage = (from, to) =>
  `Layers: ${from} must not import ${to} (README, "Architecture": nothing imports upward or sideways).`;

function layerPatterns(layer) {
  const { forbids, typesOnly = [], also = [] } = LAYERS[layer];
  return [
    ...forbids.map((to) => ({ group: layerPaths(to), message: layerMessage(layer, to) })),
    ...also,
    ...typesOnly.map((to) => ({
      group: layerPaths(to),
      allowTypeImports: true,
      message: `Layers: ${layer} may use only the types of ${to} (import type).`,
    })),
  ];
}

const forbiddenPatterns = [
  ...engineForbiddenImports.flatMap((name) => [name, `${name}/*`]),
  'd3-*',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.bench/**',
      'dist-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The engine is pure TypeScript: it runs unchanged in Node, workers and the page.
    files: ['src/engine/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: forbiddenPatterns,
              message:
                'src/engine is pure: UI, storage, model and state libraries belong in adapters.',
            },
            ...layerPatterns('engine'),
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'indexedDB',
        'localStorage',
      ],
    },
  },
  ...Object.keys(LAYERS)
    .filter((layer) => layer !== 'engine')
    .map((layer) => ({
      files: LAYERS[layer].files,
      rules: { 'no-restricted-imports': ['error', { patterns: layerPatterns(layer) }] },
    })),
  {
    // The engine's transcendental maths comes from src/engine/math (fdlibm in plain arithmetic):
    // Math.exp and the like differ in the last bit between JavaScript engines, and the tree build
    // turns one bit into a different tree (issue 13: the explorer and grove eval disagreed).
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/math/**', 'src/engine/**/*.test.ts', 'src/engine/**/*.test-support.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['exp', 'expm1', 'log', 'log1p', 'log2', 'log10', 'pow', 'cbrt', 'hypot']
          .concat(['sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh'])
          .map((property) => ({
            object: 'Math',
            property,
            message:
              'Engine-dependent in the last bit: use src/engine/math (same bits everywhere).',
          })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='**'], AssignmentExpression[operator='**=']",
          message: '** is Math.pow: use pow from src/engine/math (same bits everywhere).',
        },
      ],
    },
  },
);
