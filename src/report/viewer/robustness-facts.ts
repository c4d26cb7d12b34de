import { ROBUSTNESS_NOTE, describeRobustnessKind } from '../rendering/describe-robustness.js';
import type { Scorecard } from '../scorecard.js';
import { h } from './dom.js';
import { term } from './figure-term.js';
import { facts } from './overview.js';

/** Per perturbation kind, the robustness gap with its interval and both rates. */
export function robustnessFacts(robustness: NonNullable<Scorecard['robustness']>): HTMLElement {
  return h(
    'div',
    { id: 'robustness' },
    h('h3', {}, 'Robustness'),
    facts(
      robustness.kinds.map(
        (kind) =>
          [term('robustness.kinds', kind.perturbation), describeRobustnessKind(kind)] as const,
      ),
    ),
    h('p', { class: 'note' }, ROBUSTNESS_NOTE),
  );
}
