import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Example environments import the package by name; tests use the sources.
    alias: [
      {
        find: /^endstate$/,
        replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
      },
      {
        find: /^endstate\/retail$/,
        replacement: fileURLToPath(new URL('./src/domains/retail/index.ts', import.meta.url)),
      },
      {
        find: /^endstate\/testing$/,
        replacement: fileURLToPath(new URL('./src/testing/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
