import type { Rng } from '../core/index.js';
import type { Perturbation } from './perturbation.js';
import { withPresent } from './with-present.js';

/** A seeded Fisher–Yates shuffle. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = rng.int(0, index);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** The tools shown in a seeded order other than the environment's. */
export const shuffleTools: Perturbation = {
  kind: 'shuffle-tools',
  summary: 'the tools shown to the agent in a seeded order',
  perturb({ raw, context, rng }) {
    const names = context.tools.map((tool) => tool.name);
    if (names.length < 2) return { type: 'skipped', reason: 'fewer than two tools' };
    let order = shuffled(names, rng);
    // A shuffle may give back the original order; rotating it by one then changes every position.
    if (order.every((name, index) => name === names[index])) order = [...names.slice(1), names[0]!];
    const task = withPresent(raw, (present) => {
      present.order = order;
    });
    return { type: 'variant', task, detail: `order: ${order.join(', ')}`, files: [] };
  },
};
