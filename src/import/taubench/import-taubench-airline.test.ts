import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAirlineEnvironment, loadAirlineData } from '../../domains/airline/index.js';
import { validateSuite } from '../../run/index.js';
import { loadSuite } from '../../task/index.js';
import type { Suite } from '../../task/index.js';
import { compareAirlineSuite } from '../../../test/support/taubench-airline-parity.js';
import type { AirlineGoldEntry } from '../../../test/support/taubench-airline-parity.js';
import { importTaubench } from './import-taubench.js';
import { readPythonTasks } from './read-python-tasks.js';
import type { ImportSummary } from './import-taubench.js';

// test/fixtures/taubench-airline-mini is a hand-written dataset in tau-bench's
// layout; taubench-airline-mini-gold.json is what tau-bench's own Python
// made of it (scripts/taubench-airline-gold.py).
const MINI = fileURLToPath(
  new URL('../../../test/fixtures/taubench-airline-mini/', import.meta.url),
);
const GOLD = (
  JSON.parse(
    readFileSync(
      new URL('../../../test/fixtures/taubench-airline-mini-gold.json', import.meta.url),
      'utf8',
    ),
  ) as { tasks: AirlineGoldEntry[] }
).tasks;

let out: string;
let summary: ImportSummary;
let suite: Suite;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'endstate-airline-import-'));
  summary = await importTaubench({ source: MINI, out });
  // The suite's environment.ts imports endstate/airline; here, the sources.
  suite = await loadSuite(out, {
    importModule: () =>
      Promise.resolve({
        default: createAirlineEnvironment(loadAirlineData(join(out, 'data'))),
      }),
    taskCache: false,
  });
}, 60_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

describe("importTaubench on tau-bench's airline layout", () => {
  it('writes test-000 ... test-007, the data, the policy and the environment module', () => {
    expect(summary).toMatchObject({ domain: 'airline', tasks: { test: 8, train: 0, dev: 0 } });
    expect(readdirSync(join(out, 'tasks')).sort()).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((index) => `test-00${index}.yaml`),
    );
    expect(readdirSync(join(out, 'data')).sort()).toEqual([
      'flights.json',
      'policy.md',
      'reservations.json',
      'users.json',
    ]);
    expect(readFileSync(join(out, 'data', 'policy.md'), 'utf8')).toBe(
      readFileSync(join(MINI, 'wiki.md'), 'utf8'),
    );
    expect(readFileSync(join(out, 'environment.ts'), 'utf8')).toContain(
      "import { createAirlineEnvironment, loadAirlineData } from 'endstate/airline';",
    );
  });

  it('adds no user lookup (airline has none) but consent and scope', () => {
    const task = suite.tasks.find((candidate) => candidate.id === 'test-000')!;
    expect(task.spec.constraints).toEqual([
      { consent: 'write' },
      { scope: { owner: 'ada_lovelace_1001' } },
    ]);
    expect(task.spec.labels).toMatchObject({
      source: 'taubench-airline',
      family: 'book_reservation',
    });
    expect(task.spec.reference[0]).toEqual({
      tool: 'get_user_details',
      args: { user_id: 'ada_lovelace_1001' },
    });
  });

  it('validates: the oracle solves every task and every known-bad path fails', async () => {
    const validation = await validateSuite(suite);
    const failing = validation.tasks.flatMap((task) =>
      task.checks
        .filter((check) => check.severity === 'error' && !check.pass)
        .map((check) => `${task.task_id}: ${check.message}`),
    );
    expect(failing).toEqual([]);
    // A write that went through gets a perturbed twin; the failing gold writes and the read-only task do not.
    expect(summary.knownBad).toBeGreaterThanOrEqual(6);
    expect(summary.unchangedTasks).toBe(1);
  });

  it("matches tau-bench's own replay: error texts, end states and the outputs verdicts", async () => {
    const parity = await compareAirlineSuite(suite, GOLD);
    expect(parity.mismatches).toEqual([]);
    expect(parity).toMatchObject({
      tasks: 8,
      errorsEqual: 8,
      endStatesEqual: 8,
      outcomesPassed: 8,
      saidVerdictsEqual: 8,
      silentVerdictsEqual: 8,
    });
  });

  it('gold actions that fail on purpose are in the gold fixture (the comparison has teeth)', () => {
    expect(GOLD.flatMap((entry) => entry.errors.filter((error) => error !== null))).toEqual([
      'Error: certificate cannot be used to update reservation',
      'Error: gift card balance is not enough',
      'Error: number of passengers does not match',
      "Error: 'certificate_4444444'",
      "Error: '2024-05-20'",
    ]);
    expect(GOLD.filter((entry) => entry.reward.silent === 0)).toHaveLength(4);
  });

  it('reads tasks_test.json in the converted shape as it reads tasks_test.py', async () => {
    const source = mkdtempSync(join(tmpdir(), 'endstate-airline-json-'));
    const jsonOut = mkdtempSync(join(tmpdir(), 'endstate-airline-json-out-'));
    try {
      cpSync(join(MINI, 'data'), join(source, 'data'), { recursive: true });
      cpSync(join(MINI, 'wiki.md'), join(source, 'wiki.md'));
      const tasks = readPythonTasks(
        readFileSync(join(MINI, 'tasks_test.py'), 'utf8'),
        'tasks_test.py',
      );
      writeFileSync(join(source, 'tasks_test.json'), JSON.stringify(tasks, null, 2));
      await importTaubench({ source, out: jsonOut });
      const files = readdirSync(join(out, 'tasks')).sort();
      expect(readdirSync(join(jsonOut, 'tasks')).sort()).toEqual(files);
      for (const file of files) {
        expect(readFileSync(join(jsonOut, 'tasks', file), 'utf8')).toBe(
          readFileSync(join(out, 'tasks', file), 'utf8'),
        );
      }
    } finally {
      rmSync(source, { recursive: true, force: true });
      rmSync(jsonOut, { recursive: true, force: true });
    }
  });

  it('perturbs one successful gold write per task into a known-bad path of its kind', () => {
    const names = suite.tasks
      .flatMap((task) => task.spec.known_bad.map((bad) => `${task.id} ${bad.name}`))
      .sort();
    expect(names).toEqual([
      'test-000 book_reservation-passenger-typo-3',
      'test-002 update_reservation_flights-other-payment-method-4',
      'test-003 update_reservation_baggages-extra-bag-2',
      'test-004 update_reservation_passengers-passenger-typo-2',
      'test-005 send_certificate-other-amount-2',
      'test-006 book_reservation-passenger-typo-3',
    ]);
  });

  it('says what an airline folder lacks', async () => {
    const source = mkdtempSync(join(tmpdir(), 'endstate-airline-empty-'));
    try {
      cpSync(join(MINI, 'data'), join(source, 'data'), { recursive: true });
      await expect(importTaubench({ source, out: join(source, 'out') })).rejects.toMatchObject({
        code: 'E_FILE_NOT_FOUND',
        message: expect.stringContaining('tasks_test.py') as unknown,
      });
      cpSync(join(MINI, 'tasks_test.py'), join(source, 'tasks_test.py'));
      await expect(importTaubench({ source, out: join(source, 'out') })).rejects.toMatchObject({
        code: 'E_ENVIRONMENT_INVALID',
        message: expect.stringContaining('wiki.md') as unknown,
      });
    } finally {
      rmSync(source, { recursive: true, force: true });
    }
  });
});
