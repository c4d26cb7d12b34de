import type { LabelAgreement } from '../../stats/index.js';
import { fixed, percent } from './format-figures.js';

/** A share with its numerator and denominator, e.g. `80.0% (12/15)`. */
const share = (count: number, of: number): string =>
  `${percent(of === 0 ? Number.NaN : count / of)} (${count}/${of})`;

const possessive = (name: string): string => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** Who labelled: the reference rater (rows) and the rater under test (columns). */
export interface LabelAgreementNames {
  readonly title: string;
  readonly reference: string;
  readonly rater: string;
}

const JUDGE_NAMES: LabelAgreementNames = {
  title: 'Judge against people',
  reference: 'people',
  rater: 'the judge',
};

/** How the intervals count the items, e.g. `clustered by task, 12 tasks (…)`. */
function clusteringNote(agreement: LabelAgreement): string {
  const { tasks, items, itemsWithoutTask } = agreement;
  const plural = tasks === 1 ? '' : 's';
  if (itemsWithoutTask === items)
    return `items independent, ${items} item(s): none names its task, so each counts as its own (exact agreement bounds)`;
  const alone =
    itemsWithoutTask === 0
      ? ''
      : `; ${itemsWithoutTask} item(s) name no task and count as their own`;
  return tasks === 1
    ? `one task: exact agreement bounds of its items, nothing measures the spread between tasks${alone}`
    : `clustered by task, ${tasks} task${plural} (task bootstrap and exact agreement bounds${alone})`;
}

/**
 * The terminal summary of `endstate judge validate` (and `endstate labels
 * agree`): accuracy and kappa with their intervals (clustered by task) and
 * denominators, items and tasks, the
 * confusion table (rows: the reference rater, columns: the rater under
 * test) and precision and recall per label.
 */
export function renderLabelAgreement(
  agreement: LabelAgreement,
  source: string,
  names: LabelAgreementNames = JUDGE_NAMES,
): string {
  const { accuracy, kappa, labels, confusion, perLabel, items, tasks } = agreement;
  const agreed = perLabel.reduce((sum, label) => sum + label.agreed, 0);
  const kappaLine = Number.isNaN(kappa.kappa)
    ? `undefined: ${names.reference} and ${names.rater} used a single label, so agreement by chance is 1`
    : `${fixed(kappa.kappa)}  95% CI [${fixed(kappa.interval.lower, 2)}, ${fixed(kappa.interval.upper, 2)}]  (agreement ${fixed(kappa.observedAgreement)}, by chance ${fixed(kappa.chanceAgreement)})`;
  const width = Math.max(6, ...labels.map((label) => label.length)) + 2;
  const cell = (text: string | number): string => String(text).padStart(width);
  const lines = [
    `${names.title} · ${source} · ${items} item(s) in ${tasks} task(s)`,
    `Accuracy   ${percent(accuracy.rate)}  95% CI [${percent(accuracy.interval.lower)}, ${percent(accuracy.interval.upper)}]  (${agreed}/${items} labelled alike)`,
    `Kappa      ${kappaLine}`,
    `Intervals  ${clusteringNote(agreement)}`,
    '',
    `Confusion (rows: ${names.reference}, columns: ${names.rater.replace(/^the /, '')})`,
    `  ${''.padEnd(width)}${labels.map(cell).join('')}`,
    ...labels.map((label, i) => `  ${label.padEnd(width)}${confusion[i]!.map(cell).join('')}`),
    '',
    `Per label (precision: of ${possessive(names.rater)} labels, the share ${names.reference} gave too; recall: of ${possessive(names.reference)}, the share ${names.rater} found)`,
    `  ${''.padEnd(width)}${'precision'.padEnd(20)}recall`,
    ...perLabel.map(
      (label) =>
        `  ${label.label.padEnd(width)}${share(label.agreed, label.raterCount).padEnd(20)}${share(label.agreed, label.referenceCount)}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
