import { humanise } from '../rendering/figure-labels.js';
import type { Scorecard } from '../scorecard.js';
import { h } from './dom.js';
import { labelledTable, term } from './figure-term.js';
import { interval, percent } from './format.js';
import { facts } from './overview.js';

type Constraints = NonNullable<Scorecard['constraints_pass']>;
type Plans = NonNullable<Scorecard['plans']>;
type Partial = NonNullable<Scorecard['partial']>;

/** `96.9% [81.1%, 98.1%]`: an estimate with its 95% interval, as the terminal prints it. */
const withInterval = (value: number, ci: readonly [number, number]): string =>
  `${percent(value)} ${interval(ci)}`;

/** Pass rates of the process constraints: pooled, mean over kinds, and a row per kind. */
export function constraintFacts(pass: Constraints): HTMLElement {
  const { micro } = pass;
  return h(
    'div',
    { id: 'constraints' },
    h('h3', {}, 'Process constraints'),
    facts([
      [
        term('constraints_pass.micro'),
        `${percent(micro.rate)} (${micro.passed}/${micro.checks} checks) · by task ${withInterval(micro.task_rate, micro.ci95)}`,
      ],
      [
        term('constraints_pass.kind_mean'),
        `${percent(pass.kind_mean.rate)} over ${pass.kind_mean.kinds} kind(s)`,
      ],
    ]),
    labelledTable(
      'figures',
      [
        term('constraints_pass.by_kind'),
        { label: 'Passed', definition: 'Checks of this kind that passed, over the checks made.' },
        {
          label: 'By task (95% CI)',
          definition:
            'Mean over tasks of each task’s pass rate for this kind, with its 95% interval clustered by task.',
        },
      ],
      Object.entries(pass.by_kind).map(([kind, of]) => [
        h('span', { title: `constraint kind ${kind}` }, humanise(kind).toLowerCase()),
        `${of.passed}/${of.checks} (${percent(of.rate)})`,
        withInterval(of.task_rate, of.ci95),
      ]),
    ),
  );
}

/** Checks of the agents' stated plans, whole plans that passed, and adherence. */
export function planFacts(plans: Plans): HTMLElement {
  return h(
    'div',
    { id: 'plans' },
    h('h3', {}, 'Stated plans'),
    facts([
      [
        term('plans.micro'),
        plans.micro === null
          ? 'no plan checks made'
          : `${withInterval(plans.micro.rate, plans.micro.ci95)} (${plans.micro.passed}/${plans.micro.of} checks of ${plans.plans} stated plan(s))`,
      ],
      [
        term('plans.macro'),
        `${withInterval(plans.macro.rate, plans.macro.ci95)} (${plans.macro.passed}/${plans.macro.of} trials)`,
      ],
      [term('plans.no_plan'), String(plans.no_plan)],
      [
        term('plans.adherence'),
        plans.adherence === null
          ? 'no plan to follow'
          : `${withInterval(plans.adherence.mean, plans.adherence.ci95)} (${plans.adherence.trials} plan(s))`,
      ],
    ]),
  );
}

/** The mean partial score beside the success of the same trials. */
export function partialFacts(partial: Partial): HTMLElement {
  return h(
    'div',
    { id: 'partial' },
    h('h3', {}, 'Partial credit'),
    facts([
      [
        term('partial.mean'),
        `${withInterval(partial.mean, partial.ci95)} (${partial.trials} trials, ${partial.tasks} tasks with sub-goals)`,
      ],
      [
        term('partial.success'),
        `${withInterval(partial.success.rate, partial.success.ci95)} (${partial.success.successes}/${partial.trials})`,
      ],
    ]),
  );
}
