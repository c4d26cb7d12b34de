// @ts-check
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * Layers import downward only (STYLE.md). Each entry lists the folders a
 * layer may NOT import from.
 */
const forbiddenImports = {
  core: [
    'schema',
    'state',
    'environment',
    'task',
    'agent',
    'user',
    'grade',
    'stats',
    'trial',
    'run',
    'store',
    'report',
    'cli',
  ],
  schema: [
    'state',
    'environment',
    'task',
    'agent',
    'user',
    'grade',
    'stats',
    'trial',
    'run',
    'store',
    'report',
    'cli',
  ],
  state: [
    'schema',
    'environment',
    'task',
    'agent',
    'user',
    'grade',
    'stats',
    'trial',
    'run',
    'store',
    'report',
    'cli',
  ],
  stats: [
    'schema',
    'state',
    'environment',
    'task',
    'agent',
    'user',
    'grade',
    'trial',
    'run',
    'store',
    'report',
    'cli',
  ],
  environment: [
    'task',
    'agent',
    'user',
    'grade',
    'stats',
    'trial',
    'run',
    'store',
    'report',
    'cli',
  ],
  domains: ['task', 'agent', 'user', 'grade', 'stats', 'trial', 'run', 'store', 'report', 'cli'],
  model: ['agent', 'user', 'grade', 'stats', 'trial', 'run', 'store', 'report', 'cli'],
  import: ['agent', 'user', 'grade', 'stats', 'trial', 'run', 'store', 'report', 'cli'],
  task: ['agent', 'user', 'grade', 'stats', 'trial', 'run', 'store', 'report', 'cli'],
  grade: ['task', 'agent', 'user', 'stats', 'trial', 'run', 'store', 'report', 'cli'],
  user: ['agent', 'grade', 'stats', 'trial', 'run', 'store', 'report', 'cli'],
  agent: ['grade', 'stats', 'trial', 'run', 'store', 'report', 'cli'],
  trial: ['run', 'store', 'report', 'cli'],
  store: ['environment', 'task', 'agent', 'user', 'grade', 'trial', 'run', 'report', 'cli'],
  report: ['environment', 'task', 'agent', 'user', 'grade', 'trial', 'run', 'store', 'cli'],
  run: ['report', 'cli'],
  sandbox: [
    'schema',
    'state',
    'environment',
    'domains',
    'model',
    'import',
    'task',
    'agent',
    'user',
    'grade',
    'stats',
    'trial',
    'run',
    'store',
    'report',
    'cli',
  ],
};

const layerRules = Object.entries(forbiddenImports).map(([layer, banned]) => ({
  files: [`src/${layer}/**/*.ts`],
  // Tests and contract suites may reach across layers to build their fixtures.
  ignores: ['**/*.test.ts', '**/*.contract.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: banned.map((folder) => `**/${folder}/**`).concat(banned.map((f) => `../${f}/*`)),
            message: `src/${layer} may not import from this layer (STYLE.md: import downward only).`,
          },
        ],
      },
    ],
  },
}));

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
  ...layerRules,
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
