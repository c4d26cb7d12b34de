import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The slow tier (`npm run test:slow`; CI runs it after `npm test`): what a
 * default local evaluation never meets, and what takes minutes to show —
 * adversarial sandbox probes, the scale-out services (Redis, PostgreSQL),
 * telemetry export, the CLI's start-up module checks, a new user's
 * offline `npm install` of the packed package (it compiles better-sqlite3), property sweeps, the
 * tau-bench retail sweeps through the CLI (all 635 tasks; the gold replay
 * of src/domains/retail stays fast) and its perturbation e2e, the Monte
 * Carlo coverage, power and false-positive simulations, the full-size
 * monotonicity sweeps (a smaller sweep stays fast), the 10,000- and 100,000-trial HTML
 * report in a browser (a 1,500-trial one stays fast), a 100,000-trial
 * report built in a bounded heap, every example of the commands' help run
 * in order, and the check that docs/api.md is what
 * the TSDoc gives (a whole-library type check). Everything else is the
 * fast tier, `npm test`.
 */
export const SLOW_TESTS = [
  'test/hostile/**/*.test.ts',
  'test/property/**/*.test.ts',
  'test/e2e/distributed.test.ts',
  'test/e2e/shared-limits.test.ts',
  'test/e2e/postgres-store.test.ts',
  'test/e2e/telemetry.test.ts',
  'test/e2e/html-report-large.test.ts',
  'test/docs/api-reference.test.ts',
  'test/e2e/perturb.test.ts',
  'test/e2e/startup.test.ts',
  'test/e2e/new-user.test.ts',
  'test/e2e/retail.test.ts',
  'test/e2e/taubench-airline-checkout.test.ts',
  'test/e2e/report-scale.test.ts',
  'test/e2e/help-examples.test.ts',
  'examples/shotgun-answer.test.ts',
  'src/**/*coverage*.test.ts',
  'src/**/*sweep*.test.ts',
  'src/**/*power*.test.ts',
  'src/**/*false-positive-rate*.test.ts',
  'src/run/stress.test.ts',
  'src/queue/redis-request-limiter.test.ts',
  'src/store/postgres-store.test.ts',
];

const ALL_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'];

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
        find: /^endstate\/airline$/,
        replacement: fileURLToPath(new URL('./src/domains/airline/index.ts', import.meta.url)),
      },
      {
        find: /^endstate\/telecom$/,
        replacement: fileURLToPath(new URL('./src/domains/tau2-telecom/index.ts', import.meta.url)),
      },
      {
        find: /^endstate\/stats$/,
        replacement: fileURLToPath(new URL('./src/stats/public.ts', import.meta.url)),
      },
      {
        find: /^endstate\/report$/,
        replacement: fileURLToPath(new URL('./src/report/public.ts', import.meta.url)),
      },
      {
        find: /^endstate\/testing$/,
        replacement: fileURLToPath(new URL('./src/testing/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Many tests wait on a child process (the built CLI, an agent, a
    // sandbox): one worker per core plus one keeps both cores busy.
    maxWorkers: availableParallelism() + 1,
    projects: [
      // The fast tier shares one module graph per worker (no isolation):
      // three times faster, and a test that leaks state into another file
      // fails here before it reaches CI.
      {
        extends: true,
        test: { name: 'fast', include: ALL_TESTS, exclude: SLOW_TESTS, isolate: false },
      },
      // The slow tier keeps each file apart; `test:slow` runs it one file
      // at a time, as its services (Redis, PostgreSQL) are shared.
      { extends: true, test: { name: 'slow', include: SLOW_TESTS } },
    ],
  },
});
