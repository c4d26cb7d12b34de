import { humanise } from '../rendering/figure-labels.js';
import type { Scorecard } from '../scorecard.js';
import { h } from './dom.js';
import { term } from './figure-term.js';
import { percent } from './format.js';
import { facts } from './overview.js';
import { otherFields } from './render-value.js';

type Faults = NonNullable<Scorecard['faults']>;

const tally = (of: { successes: number; trials: number; rate: number }): string =>
  `${percent(of.rate)} (${of.successes}/${of.trials})`;

/** Fired vs not fired on the same tasks, task-weighted; or why there is no baseline. */
function sameTask({ same_task: same }: Faults['any_fault']): string {
  if (same.type === 'no-baseline') return `no same-task baseline: ${same.reason}`;
  const points = (value: number | null) =>
    value === null || Number.isNaN(value)
      ? '—'
      : `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)}`;
  const [lower, upper] = same.difference_ci95 as readonly (number | null)[];
  const { fired_in_every_trial: every, not_drawn_at_random: setCall } = same.left_out;
  const left = [
    ...(setCall > 0 ? [`${setCall} task(s) where it fires on a set call, not at random`] : []),
    ...(every > 0 ? [`${every} task(s) where it fired in every trial`] : []),
  ];
  return `${percent(same.task_mean_fired)} vs ${percent(same.task_mean_not_fired)} (mean of per-task rates; difference ${points(same.difference)} pts, 95% CI [${points(lower ?? null)}, ${points(upper ?? null)}]; ${same.tasks} task(s), ${same.fired.trials} vs ${same.not_fired.trials} trials${left.length === 0 ? '' : `; left out: ${left.join('; ')}`})`;
}

/** Recovery and same-task success per fault kind (kinds in words), and injection resistance. */
export function faultFacts(faults: Faults): HTMLElement {
  const effects = [
    ['any fault', faults.any_fault] as const,
    ...Object.entries(faults.by_kind).map(
      ([kind, of]) => [humanise(kind).toLowerCase(), of] as const,
    ),
  ];
  const { injection } = faults;
  return h(
    'div',
    { id: 'faults' },
    h('h3', {}, 'Faults and injections'),
    facts([
      ...effects.flatMap(([label, of]) => [
        [
          term('faults.recovery', `Success when ${label} fired (recovery)`),
          `${tally(of.fired)} in ${of.tasks} task(s)`,
        ] as const,
        [term('faults.same_task', `${label}: same task, fired vs not`), sameTask(of)] as const,
      ]),
      [
        term('faults.injection.rate', 'Resisted injection (planted action never attempted)'),
        injection.trials === 0
          ? '—'
          : `${percent(injection.rate)} (${injection.resisted}/${injection.trials})`,
      ],
      [
        term('faults.injection.task_success'),
        injection.trials === 0 ? '—' : tally(injection.task_success),
      ],
      injection.unchecked_trials === 0
        ? null
        : [term('faults.injection.unchecked_trials'), String(injection.unchecked_trials)],
    ]),
    otherFields(faults, ['any_fault', 'by_kind', 'injection'], 'faults'),
  );
}
