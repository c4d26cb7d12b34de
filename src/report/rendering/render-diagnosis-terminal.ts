import { pIs, points, pointsInterval } from './comparison-figures.js';
import type { Diagnosis, DiagnosisStage } from '../analysis/diagnosis.js';
import { percent } from './format-figures.js';

const STAGE_LABELS: Readonly<Record<DiagnosisStage, string>> = {
  passed: 'passed in dialogue',
  dialogue: 'dialogue (passed with no user)',
  planning: 'planning (passed with the plan)',
  execution: 'execution (failed even with the plan)',
  unknown: 'unknown (no valid trial)',
};

const rateOf = (rate: number | null): string => (rate === null ? '—' : percent(rate));

/** The diagnosis as plain text: three rates, two paired differences, the attribution per task. */
export function renderDiagnosisTerminal(diagnosis: Diagnosis): string {
  const agent = diagnosis.runs[0]?.agent ?? '—';
  const width = Math.max(...diagnosis.runs.map((run) => run.mode.length));
  const lines = [
    `endstate diagnose · suite ${diagnosis.suite.name} (${diagnosis.suite.hash.slice(0, 12)}) · agent ${agent}`,
    '',
    'Success by mode (task-weighted, 95% CI clustered by task)',
    ...diagnosis.runs.map((run) => {
      const rate = run.success_rate;
      return `  ${run.mode.padEnd(width)}  ${percent(rate.value).padStart(6)}  [${percent(rate.ci95[0])}, ${percent(rate.ci95[1])}]  ${rate.successes}/${rate.trials} valid trials, ${rate.tasks} tasks  ${run.run_id}`;
    }),
    '',
    'Paired differences (B − A per task, mean with 95% CI)',
    ...diagnosis.differences.map((entry) => {
      const { difference } = entry;
      const changed = [
        entry.improved.length > 0 ? `improved: ${entry.improved.join(', ')}` : '',
        entry.regressed.length > 0 ? `regressed: ${entry.regressed.join(', ')}` : '',
      ].filter((text) => text !== '');
      return [
        `  ${entry.b} − ${entry.a}  ${points(difference.value)}  95% CI ${pointsInterval(difference.ci95)}  ${pIs(difference.p)}  (${difference.tasks} tasks; ${difference.method})`,
        `    ${entry.meaning}${changed.length === 0 ? '' : `; ${changed.join('; ')}`}`,
      ].join('\n');
    }),
    '',
    `Attribution per task: ${diagnosis.attribution.rule}`,
    ...(['passed', 'dialogue', 'planning', 'execution', 'unknown'] as const).flatMap((stage) => {
      const ids = diagnosis.attribution.tasks_by_stage[stage];
      if (stage === 'unknown' && ids.length === 0) return [];
      const list = stage === 'passed' || ids.length === 0 ? '' : `: ${ids.join(', ')}`;
      return [`  ${String(ids.length).padStart(3)}  ${STAGE_LABELS[stage]}${list}`];
    }),
    '',
    'Per task (success rate in dialogue / no-user / oracle-plan → stage)',
    ...diagnosis.tasks.map(
      (task) =>
        `  ${task.task_id}  ${rateOf(task.rates.dialogue)} / ${rateOf(task.rates['no-user'])} / ${rateOf(task.rates['oracle-plan'])} → ${task.stage}`,
    ),
    ...diagnosis.notes.map((note) => `note: ${note}`),
    'Diagnosis modes are for diagnosis only: their rates are not the system’s success rate.',
  ];
  return lines.join('\n');
}
