import { describe, expect, it } from 'vitest';
import { isEndstateError } from '../../core/index.js';
import type { DiagnosisMode, TrialRecord } from '../../schema/index.js';
import { successRateInterval } from '../../stats/index.js';
import { buildRunRecord, buildTrialRecord } from '../../testing/index.js';
import { attributeTask, buildDiagnosis } from './build-diagnosis.js';
import type { RunTrials } from './check-comparable.js';
import { compareRuns } from './compare-runs.js';
import { renderDiagnosisTerminal } from '../rendering/render-diagnosis-terminal.js';

const TASKS = ['t1', 't2', 't3', 't4', 't5'];

/** A run of `mode` whose task i succeeds in successes[i] of its trials (k = 4). */
function runOf(mode: DiagnosisMode, successes: readonly (number | null)[], k = 4): RunTrials {
  const run = buildRunRecord(TASKS, {
    run_id: `run-${mode}`,
    trials_per_task: k,
    system_hash: mode.padEnd(64, 'x'),
    ...(mode === 'dialogue' ? {} : { system: { mode } }),
  });
  const trials: TrialRecord[] = TASKS.flatMap((taskId, index) => {
    const count = successes[index] ?? null;
    return Array.from({ length: k }, (_, attempt) =>
      buildTrialRecord({
        task_id: taskId,
        attempt: attempt + 1,
        run_id: run.run_id,
        // null: every trial invalid (no valid trial of the task in this mode).
        valid: count !== null,
        success: count !== null && attempt < count,
      }),
    );
  });
  return { run, trials };
}

const dialogue = runOf('dialogue', [4, 1, 0, 2, 0]);
const noUser = runOf('no-user', [4, 4, 1, 2, 3]);
const plan = runOf('oracle-plan', [3, 4, 4, 1, 1]);

describe('attributeTask', () => {
  it('puts a failure at the first mode, in order, whose help made the task pass', () => {
    const cases: [number | null, number | null, number | null, string][] = [
      [1, 0, 0, 'passed'],
      [0.75, null, null, 'passed'],
      [0.5, 1, 0, 'dialogue'],
      [0.25, 0.5, 0.75, 'planning'],
      [0, 0.5, 0.5, 'execution'],
      [0, 0, 0, 'execution'],
      [null, 1, 1, 'unknown'],
      [0, null, 1, 'unknown'],
      [0, 0, null, 'unknown'],
    ];
    for (const [d, n, p, stage] of cases) {
      expect(attributeTask({ dialogue: d, 'no-user': n, 'oracle-plan': p }), `${d} ${n} ${p}`).toBe(
        stage,
      );
    }
  });
});

describe('buildDiagnosis', () => {
  const diagnosis = buildDiagnosis({ dialogue, 'no-user': noUser, 'oracle-plan': plan });

  it("gives each mode's success as the mean of its task rates with the clustered interval", () => {
    const expected = [
      [4, 1, 0, 2, 0],
      [4, 4, 1, 2, 3],
      [3, 4, 4, 1, 1],
    ];
    for (const [index, run] of diagnosis.runs.entries()) {
      const counts = expected[index]!.map((successes) => ({ successes, trials: 4 }));
      const mean = counts.reduce((sum, task) => sum + task.successes / 4, 0) / counts.length;
      const interval = successRateInterval(counts);
      expect(run.success_rate.value).toBeCloseTo(mean, 12);
      expect(run.success_rate.ci95[0]).toBeCloseTo(interval.lower, 12);
      expect(run.success_rate.ci95[1]).toBeCloseTo(interval.upper, 12);
      expect(run.success_rate.trials).toBe(20);
    }
  });

  it('pairs the differences by task as compare does', () => {
    const first = compareRuns(dialogue, noUser).difference;
    const second = compareRuns(noUser, plan).difference;
    expect(diagnosis.differences[0]!.difference).toEqual(first);
    expect(diagnosis.differences[1]!.difference).toEqual(second);
    // By hand: no-user − dialogue per task is 0, 3/4, 1/4, 0, 3/4.
    expect(first.value).toBeCloseTo((0 + 0.75 + 0.25 + 0 + 0.75) / 5, 12);
  });

  it('attributes each task by majority of its valid trials and counts the stages', () => {
    expect(diagnosis.tasks.map((task) => [task.task_id, task.stage])).toEqual([
      ['t1', 'passed'],
      ['t2', 'dialogue'],
      ['t3', 'planning'],
      ['t4', 'execution'],
      ['t5', 'dialogue'],
    ]);
    expect(diagnosis.attribution.counts).toEqual({
      passed: 1,
      dialogue: 2,
      planning: 1,
      execution: 1,
      unknown: 0,
    });
    expect(diagnosis.attribution.tasks_by_stage.dialogue).toEqual(['t2', 't5']);
    const text = renderDiagnosisTerminal(diagnosis);
    expect(text).toContain('2  dialogue (passed with no user): t2, t5');
    expect(text).toContain('t4  50.0% / 50.0% / 25.0% → execution');
  });

  it('leaves a task without valid trials in a deciding mode unattributed', () => {
    const withInvalid = buildDiagnosis({
      dialogue: runOf('dialogue', [4, 1, 0, 2, null]),
      'no-user': noUser,
      'oracle-plan': plan,
    });
    expect(withInvalid.tasks[4]).toMatchObject({ stage: 'unknown', trials: { dialogue: 0 } });
    expect(withInvalid.tasks[4]!.rates.dialogue).toBeNull();
  });

  it('refuses runs given in the wrong mode, or of different systems', () => {
    const refusal = (call: () => unknown): string => {
      try {
        call();
      } catch (error) {
        if (isEndstateError(error)) return `${error.code}: ${error.message}`;
        throw error;
      }
      return 'no refusal';
    };
    expect(
      refusal(() => buildDiagnosis({ dialogue: noUser, 'no-user': dialogue, 'oracle-plan': plan })),
    ).toMatch(/^E_NOT_COMPARABLE: run run-no-user was played in mode no-user, not dialogue/);
    const other = runOf('no-user', [4, 4, 1, 2, 3]);
    const otherSystem: RunTrials = {
      ...other,
      run: {
        ...other.run,
        system: {
          ...other.run.system,
          agent: { ...other.run.system.agent, options: { slip: 0.5 } },
        },
      },
    };
    expect(
      refusal(() => buildDiagnosis({ dialogue, 'no-user': otherSystem, 'oracle-plan': plan })),
    ).toMatch(/different systems.*agent\.options\.slip/);
  });
});
