import { EndstateError } from '../../core/index.js';
import type { DiagnosisMode } from '../../schema/index.js';
import { buildScorecard } from './build-scorecard.js';
import type { RunTrials } from './check-comparable.js';
import { compareRuns } from './compare-runs.js';
import type {
  DiagnosedRun,
  Diagnosis,
  DiagnosisStage,
  ModeDifference,
  TaskDiagnosis,
} from './diagnosis.js';
import { systemDifferences } from './system-differences.js';

/** The three modes in the order a failure is attributed. */
export const DIAGNOSIS_ORDER = ['dialogue', 'no-user', 'oracle-plan'] as const;

/** A task passes in a mode when more than half of its valid trials succeeded. */
export const PASS_ABOVE = 0.5;

export const ATTRIBUTION_RULE =
  'a task passes in a mode when more than half of its valid trials succeed; ' +
  'passes in dialogue: passed; fails in dialogue but passes with no user: dialogue; ' +
  'fails with no user but passes with the plan: planning; fails even with the plan: execution; ' +
  'no valid trial in a mode that decides it: unknown';

const MEANINGS: Record<string, string> = {
  'dialogue→no-user': 'what the dialogue costs the agent (positive: it does better with no user)',
  'no-user→oracle-plan': 'what planning costs the agent (positive: it does better with the plan)',
};

const modeOfRun = ({ run }: RunTrials): DiagnosisMode => run.system.mode ?? 'dialogue';

/** The three runs are one system on one suite, each in the mode it is given as. */
function checkRuns(runs: Readonly<Record<DiagnosisMode, RunTrials>>): void {
  for (const mode of DIAGNOSIS_ORDER) {
    const actual = modeOfRun(runs[mode]);
    if (actual !== mode) {
      throw new EndstateError(
        'E_NOT_COMPARABLE',
        `run ${runs[mode].run.run_id} was played in mode ${actual}, not ${mode}`,
        { hint: 'Give the runs in the order dialogue, no-user, oracle-plan.' },
      );
    }
  }
  const base = runs.dialogue.run;
  for (const mode of ['no-user', 'oracle-plan'] as const) {
    const other = runs[mode].run;
    const differences = systemDifferences(base.system, other.system).filter(
      (path) => path !== 'mode',
    );
    if (differences.length > 0) {
      throw new EndstateError(
        'E_NOT_COMPARABLE',
        `runs ${base.run_id} and ${other.run_id} are different systems, not one system in two modes: they differ at ${differences.join(', ')}`,
        {
          hint: 'Diagnose three runs of the same agent, model and users (endstate diagnose plays them).',
        },
      );
    }
  }
}

/** Each task's success rate over its valid trials in one run (null without a valid trial). */
function ratesByTask({ trials }: RunTrials): Map<string, { successes: number; trials: number }> {
  const tallies = new Map<string, { successes: number; trials: number }>();
  for (const trial of trials) {
    if (!trial.valid) continue;
    const tally = tallies.get(trial.task_id) ?? { successes: 0, trials: 0 };
    tally.trials += 1;
    if (trial.success) tally.successes += 1;
    tallies.set(trial.task_id, tally);
  }
  return tallies;
}

/**
 * The stage a task's failure is put at, from its success rates in the
 * three modes (null: no valid trial): see {@link ATTRIBUTION_RULE}.
 */
export function attributeTask(
  rates: Readonly<Record<DiagnosisMode, number | null>>,
): DiagnosisStage {
  const passes = (mode: DiagnosisMode): boolean | null => {
    const rate = rates[mode];
    return rate === null ? null : rate > PASS_ABOVE;
  };
  const stages: readonly [DiagnosisMode, DiagnosisStage][] = [
    ['dialogue', 'passed'],
    ['no-user', 'dialogue'],
    ['oracle-plan', 'planning'],
  ];
  for (const [mode, stage] of stages) {
    const verdict = passes(mode);
    if (verdict === null) return 'unknown';
    if (verdict) return stage;
  }
  return 'execution';
}

function diagnoseTasks(runs: Readonly<Record<DiagnosisMode, RunTrials>>): TaskDiagnosis[] {
  const tallies = Object.fromEntries(
    DIAGNOSIS_ORDER.map((mode) => [mode, ratesByTask(runs[mode])]),
  ) as Record<DiagnosisMode, ReturnType<typeof ratesByTask>>;
  return runs.dialogue.run.suite.task_ids.map((taskId) => {
    const rate = (mode: DiagnosisMode): number | null => {
      const tally = tallies[mode].get(taskId);
      return tally === undefined ? null : tally.successes / tally.trials;
    };
    const rates = {
      dialogue: rate('dialogue'),
      'no-user': rate('no-user'),
      'oracle-plan': rate('oracle-plan'),
    };
    const trials = (mode: DiagnosisMode): number => tallies[mode].get(taskId)?.trials ?? 0;
    return {
      task_id: taskId,
      rates,
      trials: {
        dialogue: trials('dialogue'),
        'no-user': trials('no-user'),
        'oracle-plan': trials('oracle-plan'),
      },
      stage: attributeTask(rates),
    };
  });
}

function difference(
  a: DiagnosisMode,
  b: DiagnosisMode,
  runs: Readonly<Record<DiagnosisMode, RunTrials>>,
): ModeDifference {
  const comparison = compareRuns(runs[a], runs[b]);
  return {
    a,
    b,
    meaning: MEANINGS[`${a}→${b}`] ?? `${b} − ${a}`,
    difference: comparison.difference,
    improved: comparison.changes.improved,
    regressed: comparison.changes.regressed,
  };
}

/**
 * One system's runs in the three modes, side by side: each mode's success
 * with the scorecard's clustered 95% interval, the paired differences
 * dialogue → no-user and no-user → oracle-plan (per task, as `endstate
 * compare` pairs them), and each task's failure put at the dialogue,
 * planning or execution stage. Pure: the same records give the same
 * diagnosis. Refuses runs of different suites or systems, or in the wrong
 * mode (`E_NOT_COMPARABLE`).
 *
 * @example
 * const diagnosis = buildDiagnosis({ dialogue: a, 'no-user': b, 'oracle-plan': c });
 * diagnosis.attribution.counts.planning; // tasks that failed without a user but passed with the plan
 */
export function buildDiagnosis(runs: Readonly<Record<DiagnosisMode, RunTrials>>): Diagnosis {
  checkRuns(runs);
  const diagnosed: DiagnosedRun[] = DIAGNOSIS_ORDER.map((mode) => {
    const { run, trials } = runs[mode];
    const card = buildScorecard(run, trials);
    return {
      mode,
      run_id: run.run_id,
      system_hash: run.system_hash,
      agent: card.agent,
      trials_per_task: run.trials_per_task,
      success_rate: card.success_rate,
    };
  });
  const differences = [
    difference('dialogue', 'no-user', runs),
    difference('no-user', 'oracle-plan', runs),
  ];
  const tasks = diagnoseTasks(runs);
  const stages: DiagnosisStage[] = ['passed', 'dialogue', 'planning', 'execution', 'unknown'];
  const tasksByStage = Object.fromEntries(
    stages.map((stage) => [
      stage,
      tasks.filter((task) => task.stage === stage).map((task) => task.task_id),
    ]),
  ) as Record<DiagnosisStage, string[]>;
  const counts = Object.fromEntries(
    stages.map((stage) => [stage, tasksByStage[stage].length]),
  ) as Record<DiagnosisStage, number>;
  const notes: string[] = [];
  const k = Math.max(...diagnosed.map((run) => run.trials_per_task));
  if (k === 1)
    notes.push('one trial per task: each task passes or fails on a single trial in each mode');
  return {
    suite: { name: runs.dialogue.run.suite.name, hash: runs.dialogue.run.suite.hash },
    runs: diagnosed,
    differences,
    attribution: {
      rule: ATTRIBUTION_RULE,
      pass_above: PASS_ABOVE,
      counts,
      tasks_by_stage: tasksByStage,
    },
    tasks,
    notes,
  };
}
