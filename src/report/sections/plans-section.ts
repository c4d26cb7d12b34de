import { describePlans } from '../rendering/describe-plans.js';
import { summarisePlans } from '../analysis/plan-summary.js';
import type { ScorecardSection } from '../scorecard-section.js';

/** Micro and macro pass rates of agents' stated plans and their adherence. */
export const plansSection: ScorecardSection<'plans'> = {
  key: 'plans',
  weights: 'task',
  summarise: ({ valid, weights }) => summarisePlans(valid, weights),
  terminal: { slot: 'behaviour', lines: (plans) => [`Plans      ${describePlans(plans)}`] },
  markdown: { slot: 'behaviour', rows: (plans) => [['Plans', describePlans(plans)]] },
};
