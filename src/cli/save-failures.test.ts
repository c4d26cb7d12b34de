import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReplayAgent, createSimulatedAgent } from '../agent/index.js';
import { runSuite } from '../run/index.js';
import type { RunResult } from '../run/index.js';
import { FailureCaseIndexSchema, FailureVerdictSchema } from '../schema/index.js';
import type { FailureVerdict, TrialRecord } from '../schema/index.js';
import { createMemoryStore } from '../store/index.js';
import { loadSuite } from '../task/index.js';
import type { Suite } from '../task/index.js';
import { loadTrajectories } from './load-trajectories.js';
import { saveFailures } from './save-failures.js';
import { failedChecks } from '../schema/index.js';

const failedCheckIds = (trial: TrialRecord | FailureVerdict): string[] =>
  'failed_checks' in trial
    ? trial.failed_checks.map((check) => check.id)
    : failedChecks(trial).map((check) => check.id);

let suite: Suite;
let original: RunResult;
let dir: string;
let saved: { written: number; files: string[] };

beforeAll(async () => {
  suite = await loadSuite('examples/support', { importModule: (url) => import(url) });
  original = await runSuite({
    suite,
    agent: createSimulatedAgent({ slip: 0.3 }),
    trials: 4,
    seed: 11,
    store: createMemoryStore(),
  });
  dir = mkdtempSync(join(tmpdir(), 'endstate-failures-'));
  saved = saveFailures(dir, original.trials, original.run);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Replays one trajectory file with the replay agent, as `--agent replay --trajectory FILE` does. */
async function replay(file: string): Promise<readonly TrialRecord[]> {
  const trajectories = loadTrajectories(file, dir);
  const tasks = suite.tasks.filter((task) => Object.hasOwn(trajectories, task.id));
  const { trials } = await runSuite({
    suite,
    agent: createReplayAgent(trajectories),
    tasks,
    trials: 1,
    seed: 11,
    store: createMemoryStore(),
  });
  return trials;
}

describe('saveFailures', () => {
  it('writes a trajectory and a verdict for each failed valid trial, and nothing for the rest', () => {
    const failed = original.trials.filter((trial) => trial.valid && !trial.success);
    expect(failed.length).toBeGreaterThan(5);
    expect(saved.written).toBe(failed.length);
    const names = readdirSync(dir).sort();
    expect(names).toHaveLength(failed.length * 2 + 2);
    for (const trial of failed) {
      const stem = `${trial.task_id}--a${trial.attempt}`;
      expect(names).toContain(`${stem}.trajectory.json`);
      const verdict = FailureVerdictSchema.parse(
        JSON.parse(readFileSync(join(dir, `${stem}.verdict.json`), 'utf8')),
      );
      expect(verdict).toMatchObject({
        success: false,
        run_id: original.run.run_id,
        seed: trial.seed,
        exit_reason: trial.exit_reason,
        task_revision: trial.task_revision,
        system_hash: original.run.system_hash,
      });
      expect(failedCheckIds(verdict)).toEqual(failedCheckIds(trial));
    }
  });

  it('fails each replayed case again with the same exit and the same failed checks', async () => {
    const index = FailureCaseIndexSchema.parse(
      JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')),
    );
    // The seeded run includes the endings a replay needs a stand-in step for.
    expect(new Set(index.cases.map((entry) => entry.exit_reason))).toContain('loop_detected');
    for (const entry of index.cases) {
      const verdict = FailureVerdictSchema.parse(
        JSON.parse(readFileSync(join(dir, entry.verdict), 'utf8')),
      );
      const [trial] = await replay(entry.trajectory);
      expect(trial, entry.case).toBeDefined();
      expect(
        {
          case: entry.case,
          success: trial!.success,
          exit: trial!.exit_reason,
          failed: failedCheckIds(trial!),
        },
        entry.case,
      ).toEqual({
        case: entry.case,
        success: false,
        exit: verdict.exit_reason,
        failed: failedCheckIds(verdict),
      });
    }
  });

  it('merges the first failed attempt of each task into trajectories.json and says so in the index', async () => {
    const index = FailureCaseIndexSchema.parse(
      JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')),
    );
    const firstOf = new Map<string, string>();
    for (const entry of index.cases)
      if (!firstOf.has(entry.task_id)) firstOf.set(entry.task_id, entry.case);
    const merged = loadTrajectories('trajectories.json', dir);
    expect(Object.keys(merged)).toEqual([...firstOf.keys()]);
    for (const entry of index.cases) {
      expect(entry.merged).toBe(firstOf.get(entry.task_id) === entry.case);
      if (entry.merged) {
        expect(merged[entry.task_id]).toEqual(
          loadTrajectories(entry.trajectory, dir)[entry.task_id],
        );
      }
    }
    expect(index.about).toContain(`--agent replay --trajectory ${dir}/trajectories.json`);
    const replayed = await replay('trajectories.json');
    expect(replayed.map((trial) => trial.task_id)).toEqual([...firstOf.keys()]);
    expect(replayed.every((trial) => !trial.success)).toBe(true);
  });
});
