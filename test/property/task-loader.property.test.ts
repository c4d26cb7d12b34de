import fc from 'fast-check';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import airline from '../../examples/airline/environment.js';
import support from '../../examples/support/environment.js';
import { parseTaskFile } from '../../src/task/index.js';
import {
  expectCodedError,
  fileContents,
  fuzzOptions,
  randomText,
  timed,
  timedAsync,
  FUZZ_TIMEOUT_MS,
} from './arbitraries.js';
import { createTempSuite, readTexts } from './temp-suite.js';

// Random and edited task files through the parser and the whole suite loader:
// a task loads, or loading fails with a coded error naming the file and line.

const SUPPORT_TASKS = readTexts('examples/support/tasks');
const AIRLINE_TASKS = readTexts('examples/airline/tasks');
const RETAIL_TASKS = readTexts('examples/retail/tasks', [
  'dev-000.yaml',
  'dev-001.yaml',
  'test-000.yaml',
  'train-001.yaml',
]);
const ALL_TASKS = [...SUPPORT_TASKS, ...AIRLINE_TASKS, ...RETAIL_TASKS];
const documentsOf = (texts: readonly string[]): unknown[] =>
  texts.map((text): unknown => parse(text));

const supportSuite = createTempSuite(support);
const airlineSuite = createTempSuite(airline);
afterAll(() => {
  supportSuite.remove();
  airlineSuite.remove();
});

const TASK_FILES = ['tasks/task.yaml', 'tasks/task.yml', 'tasks/task.json'] as const;

/** The fixture a task file names, if it parses that far: its problems name that file. */
function fixtureOf(text: string): string[] {
  const parsed = parseTaskFile(text, 'x.yaml');
  return parsed.ok && parsed.spec.fixture !== undefined ? [parsed.spec.fixture] : [];
}

describe('parseTaskFile (property)', () => {
  it(
    'returns a spec, or problems that name the file and a line',
    () => {
      fc.assert(
        fc.property(
          fileContents(ALL_TASKS, documentsOf(ALL_TASKS)),
          fc.constantFrom(...TASK_FILES),
          (text, file) => {
            const parsed = timed(() => parseTaskFile(text, file));
            if (parsed.ok) return;
            expect(parsed.problems.length).toBeGreaterThan(0);
            for (const problem of parsed.problems) {
              expect(problem.file).toBe(file);
              expect(problem.message).not.toBe('');
              expect(problem.line).toBeGreaterThanOrEqual(1);
            }
          },
        ),
        fuzzOptions(250, 1),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'never throws on random text',
    () => {
      fc.assert(
        fc.property(randomText, (text) => {
          const parsed = timed(() => parseTaskFile(text, 'tasks/random.yaml'));
          if (!parsed.ok) expect(parsed.problems.length).toBeGreaterThan(0);
        }),
        fuzzOptions(200, 2),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('loadSuite with edited task files (property)', () => {
  for (const [name, suite, texts] of [
    ['support', supportSuite, SUPPORT_TASKS],
    ['airline', airlineSuite, AIRLINE_TASKS],
  ] as const) {
    it(
      `loads a ${name} task or throws a coded error naming the file`,
      async () => {
        await fc.assert(
          fc.asyncProperty(
            fileContents(texts, documentsOf(texts)),
            fc.constantFrom(...TASK_FILES),
            async (text, file) => {
              suite.write({ [file]: text, 'fixtures/base.json': '{}' });
              try {
                const loaded = await timedAsync(() => suite.load());
                expect(loaded.tasks).toHaveLength(1);
                expect(loaded.tasks[0]!.initialState.hash).toMatch(/^[0-9a-f]{64}$/);
              } catch (error) {
                expectCodedError(error, [file, ...fixtureOf(text)], [file]);
              }
            },
          ),
          fuzzOptions(100, 3),
        );
      },
      FUZZ_TIMEOUT_MS,
    );
  }
});
