import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { canonicalJson } from '../../src/core/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import airline from '../../examples/airline/environment.js';
import support from '../../examples/support/environment.js';
import { createWorkingState, diffStates, freezeState, hashState } from '../../src/state/index.js';
import type { StateSnapshot } from '../../src/state/index.js';
import {
  expectCodedError,
  fileContents,
  fuzzOptions,
  timedAsync,
  trickyString,
  FUZZ_TIMEOUT_MS,
} from './arbitraries.js';
import { createTempSuite } from './temp-suite.js';

// Random and edited fixtures (and fixture paths) through the suite loader, and
// arbitrary snapshots through freezing, hashing and diffing.

const FIXTURES = [
  'examples/support/fixtures/base.json',
  'examples/airline/fixtures/base.json',
  'examples/airline/fixtures/fare-140.json',
].map((file) => readFileSync(file, 'utf8'));
const FIXTURE_DOCUMENTS = FIXTURES.map((text) => JSON.parse(text) as unknown);

const SUPPORT_TASK = readFileSync('examples/support/tasks/refund-8842.yaml', 'utf8');
const AIRLINE_TASK = readFileSync('examples/airline/tasks/change-flight-018.yaml', 'utf8');

/** The task with its `fixture:` line set to this path (written as a quoted YAML string). */
function withFixture(task: string, path: string): string {
  const line = `fixture: ${JSON.stringify(path)}`;
  // Replacer functions: a path such as "$$" is not a replacement pattern.
  return /^fixture: .*$/m.test(task)
    ? task.replace(/^fixture: .*$/m, () => line)
    : task.replace(/^clock: /m, () => `${line}\nclock: `);
}

const supportSuite = createTempSuite(support);
const airlineSuite = createTempSuite(airline);
afterAll(() => {
  supportSuite.remove();
  airlineSuite.remove();
});

describe('loadSuite with edited fixtures (property)', () => {
  it(
    'loads the fixture as s0 or throws a coded error naming the fixture file',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fileContents(FIXTURES, FIXTURE_DOCUMENTS),
          fc.constantFrom('fixtures/custom.json', 'fixtures/custom.yaml', 'custom.yml'),
          fc.boolean(),
          async (text, fixture, useAirline) => {
            const [suite, task] = useAirline
              ? [airlineSuite, AIRLINE_TASK]
              : [supportSuite, SUPPORT_TASK];
            suite.write({ 'tasks/task.yaml': withFixture(task, fixture), [fixture]: text });
            try {
              const loaded = await timedAsync(() => suite.load());
              const s0 = loaded.tasks[0]!.initialState;
              expect(s0.hash).toBe(hashState(s0.snapshot));
            } catch (error) {
              const coded = expectCodedError(
                error,
                ['tasks/task.yaml', fixture],
                ['tasks/task.yaml'],
              );
              expect(coded.problems.some((problem) => problem.file === fixture)).toBe(true);
            }
          },
        ),
        fuzzOptions(150, 11),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'loads or rejects any fixture path with a coded error naming the task file',
    async () => {
      const paths = fc.oneof(
        trickyString,
        fc.constantFrom(
          'fixtures/base.json',
          'fixtures/missing.json',
          'tasks/task.yaml',
          'tasks',
          'fixtures',
          './',
          'environment.js',
          '../',
        ),
        fc.string({ maxLength: 12 }),
      );
      await fc.assert(
        fc.asyncProperty(paths, async (path) => {
          supportSuite.write({
            'tasks/task.yaml': withFixture(SUPPORT_TASK, path),
            'fixtures/base.json': FIXTURES[0]!,
          });
          try {
            await timedAsync(() => supportSuite.load());
          } catch (error) {
            const coded = expectCodedError(error, ['tasks/task.yaml', path], ['tasks/task.yaml']);
            expect(coded.problems.some((problem) => problem.file === 'tasks/task.yaml')).toBe(true);
          }
        }),
        fuzzOptions(150, 12),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

/** Keys that collide with Object.prototype, among ordinary ones. */
const key = fc.constantFrom('1', '2', 'a', 'status', 'constructor', '__proto__', 'toString');
const record = fc
  .array(fc.tuple(key, fc.jsonValue({ maxDepth: 2 })), { maxLength: 4 })
  .map((entries) => Object.fromEntries(entries) as Record<string, never>);
const snapshot: fc.Arbitrary<StateSnapshot> = fc
  .array(
    fc.tuple(
      key,
      fc
        .array(fc.tuple(key, record), { maxLength: 4 })
        .map((entries) => Object.fromEntries(entries)),
    ),
    { maxLength: 4 },
  )
  .map((entries) => Object.fromEntries(entries) as StateSnapshot);

describe('state snapshots (property)', () => {
  it(
    'freezes and hashes any snapshot, the hash equal to hashState',
    () => {
      fc.assert(
        fc.property(snapshot, (state) => {
          const frozen = freezeState(state);
          expect(frozen.hash).toMatch(/^[0-9a-f]{64}$/);
          expect(frozen.hash).toBe(hashState(state));
        }),
        fuzzOptions(300, 13),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'diffs any two snapshots the way a working state records the same writes',
    () => {
      fc.assert(
        fc.property(snapshot, snapshot, (before, after) => {
          const state = createWorkingState(freezeState(before));
          for (const [collection, records] of Object.entries(before)) {
            for (const id of Object.keys(records)) {
              const kept =
                Object.hasOwn(after, collection) && Object.hasOwn(after[collection]!, id);
              if (!kept) state.delete(collection, id);
            }
          }
          for (const [collection, records] of Object.entries(after)) {
            for (const [id, value] of Object.entries(records)) state.put(collection, id, value);
          }
          const diff = diffStates(before, after);
          // Canonical JSON: "__proto__" stays a key, and -0 and 0 are one JSON number.
          expect(canonicalJson(diff)).toBe(canonicalJson(state.diff()));
          expect(state.hash()).toBe(hashState(after));
        }),
        fuzzOptions(300, 14),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
