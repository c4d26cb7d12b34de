import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAirlineEnvironment, loadAirlineData } from '../../src/domains/airline/index.js';
import { importTaubench } from '../../src/import/index.js';
import { validateSuite } from '../../src/run/index.js';
import { loadSuite } from '../../src/task/index.js';
import { compareAirlineSuite } from '../support/taubench-airline-parity.js';
import type { AirlineGoldEntry } from '../support/taubench-airline-parity.js';
import { REPO } from './run-cli.js';

// tau-bench's data cannot ship with endstate: this test reads a checkout
// (TAUBENCH_DIR, its root) and runs tau-bench's own code on it through
// scripts/taubench-airline-gold.py (Python 3.10+ with pydantic 2).

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const TAUBENCH_DIR = process.env.TAUBENCH_DIR;

describe.skipIf(TAUBENCH_DIR === undefined)(
  "tau-bench's own airline tasks (runs only with TAUBENCH_DIR=<a tau-bench checkout>)",
  () => {
    it('imports all 50 tasks and matches tau-bench on each: errors, end states, outputs verdicts; known-bad paths fail', async () => {
      const checkout = TAUBENCH_DIR!;
      const airline = join(checkout, 'tau_bench/envs/airline');
      const script = spawnSync(
        'python3',
        [join(REPO, 'scripts/taubench-airline-gold.py'), '--taubench', checkout, '--data', airline],
        { encoding: 'utf8', maxBuffer: 1 << 28 },
      );
      expect(script.status, script.stderr).toBe(0);
      const gold = (JSON.parse(script.stdout) as { tasks: AirlineGoldEntry[] }).tasks;
      expect(gold).toHaveLength(50);

      const out = mkdtempSync(join(tmpdir(), 'endstate-taubench-airline-'));
      folders.push(out);
      const summary = await importTaubench({ source: airline, out });
      expect(summary.tasks.test).toBe(50);
      // The data's licence comes from the checkout's root.
      expect(readFileSync(join(out, 'data', 'LICENSE'), 'utf8')).toContain('MIT License');
      const suite = await loadSuite(out, {
        importModule: () =>
          Promise.resolve({
            default: createAirlineEnvironment(loadAirlineData(join(out, 'data'))),
          }),
        taskCache: false,
      });
      const parity = await compareAirlineSuite(suite, gold);
      console.log(
        `tau-bench airline parity: ${parity.endStatesEqual}/${parity.tasks} end states equal, ` +
          `${parity.errorsEqual}/${parity.tasks} error texts equal, ` +
          `${parity.saidVerdictsEqual}/${parity.tasks} and ${parity.silentVerdictsEqual}/${parity.tasks} outputs verdicts equal (summary said, not said), ` +
          `${summary.knownBad} known-bad paths`,
      );
      expect(parity.mismatches).toEqual([]);

      const validation = await validateSuite(suite);
      const failing = validation.tasks.flatMap((task) =>
        task.checks
          .filter((check) => check.severity === 'error' && !check.pass)
          .map((check) => `${task.task_id}: ${check.message}`),
      );
      expect(failing).toEqual([]);
    }, 600_000);
  },
);
