// @ts-check
import { join } from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { allowedImports } from './lint/allowed-imports.js';
import { layerImports } from './lint/layer-imports.js';

/**
 * Layers import downward only (STYLE.md): each folder of src/ to its
 * allowlist (lint/allowed-imports.js), static and dynamic imports alike
 * (lint/layer-imports.js).
 */
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
