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
const forbiddenPatterns = [
  ...engineForbiddenImports.flatMap((name) => [name, `${name}/*`]),
  'd3-*',
  '**/ui/**',
  '**/storage/**',
  '**/models/**',
  '**/state/**',
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
