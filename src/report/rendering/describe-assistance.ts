import type { AssistanceSummary } from '../analysis/assistance-summary.js';
import { fixed, percent } from './format-figures.js';
import type { RateSummary } from '../scorecard.js';

const rate = (of: RateSummary): string =>
  `${percent(of.value)} (95% CI [${percent(of.ci95[0])}, ${percent(of.ci95[1])}]; ${of.successes}/${of.trials} valid trials)`;

/**
 * Success split by the user's help, as labelled figures for the terminal
 * and Markdown reports: unassisted success, assisted completion (the two
 * add up to success), and how much the user helped.
 *
 * @example
 * // [['Unassisted success', '25.0% (95% CI [...]; 2/6 valid trials)'], ['Assisted completion', ...], ['User help', ...]]
 */
export function describeAssistance(assistance: AssistanceSummary): [string, string][] {
  const { hints, take_overs: takeOvers, per_trial: perTrial } = assistance.assistances;
  return [
    ['Unassisted success', `${rate(assistance.unassisted_success)}: no hint, no take-over`],
    [
      'Assisted completion',
      `${rate(assistance.assisted_completion)}: succeeded with the user's help (unassisted + assisted = success)`,
    ],
    [
      'User help',
      `${percent(assistance.assisted_trials.value)} of trials helped (${assistance.assisted_trials.successes}/${assistance.trials}) · ${fixed(perTrial, 2)} assistances per trial (${hints} hint(s), ${takeOvers} take-over(s)) · ${assistance.assist_tasks} task(s) whose user can help`,
    ],
  ];
}
