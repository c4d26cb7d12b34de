// @ts-check
import { join } from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { layerImports } from './lint/layer-imports.js';

/**
 * Layers import downward only (STYLE.md). Each entry is the allowlist of the
 * folders a layer may import from; anything else under src/ is refused,
 * by a static or a dynamic import.
 * `cli` may import anything, and tests and contract suites may reach across
 * layers to build their fixtures.
 */
const allowedImports = {
  core: [],
  schema: ['core'],
  state: ['core'],
  stats: ['core'],
  environment: ['core', 'schema', 'state', 'grade'],
  task: ['core', 'schema', 'state', 'environment'],
  model: ['core', 'schema', 'task'],
  grade: ['core', 'schema', 'state'],
  import: ['core', 'schema', 'state', 'environment', 'task', 'grade', 'domains'],
  domains: ['core', 'schema', 'state', 'environment'],
  user: ['core', 'schema', 'task', 'model'],
  sandbox: ['core'],
  agent: ['core', 'schema', 'environment', 'task', 'model', 'user', 'sandbox'],
  trial: ['core', 'schema', 'state', 'environment', 'task', 'model', 'user', 'agent', 'grade'],
  store: ['core', 'schema'],
  report: ['core', 'schema', 'stats'],
  queue: ['core', 'schema', 'model', 'task', 'run', 'store', 'agent', 'user'],
  run: [
    'core',
    'schema',
    'state',
    'environment',
    'task',
    'model',
    'user',
    'agent',
    'grade',
    'trial',
    'store',
  ],
  testing: ['core', 'schema', 'state', 'environment', 'task', 'domains', 'grade'],
  telemetry: ['core', 'schema'],
  perturb: ['core', 'schema', 'state', 'environment'],
};

/** The layer rule checks static and dynamic imports alike (lint/layer-imports.js). */
const layerRules = {
  files: ['src/**/*.ts'],
  ignores: ['**/*.test.ts', '**/*.contract.ts'],
  plugins: { endstate: { rules: { 'layer-imports': layerImports } } },
  rules: {
    'endstate/layer-imports': ['error', { root: join(import.meta.dirname, 'src'), allowedImports }],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.endstate/**', 'coverage/**', 'bin/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Randomness comes from core/rng.ts (seeded).',
        },
        { object: 'Date', property: 'now', message: 'Time comes from core/clock.ts.' },
      ],
    },
  },
  layerRules,
  {
    files: [
      'src/core/clock.ts',
      'src/core/rng.ts',
      'src/store/**',
      'src/cli/**',
      '**/*.test.ts',
      'test/**',
      'bench/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.contract.ts', 'test/**/*.ts'],
    rules: {
      // expect.any() and friends are typed `any` by design.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', console: 'readonly' },
    },
  },
);
