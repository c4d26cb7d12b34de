import { cloneJson, isJsonObject } from '../core/index.js';
import { addTypos } from './add-typos.js';
import type { Perturbation } from './perturbation.js';
import { summariseChanges } from './rewrite-user-text.js';

/** Seeded character slips in the words of the user's instruction (never in ids, numbers or e-mails). */
export const typos: Perturbation = {
  kind: 'typos',
  summary: "seeded typos in the words of the user's instruction (ids, numbers, e-mails kept)",
  perturb({ raw, rng }) {
    const task = cloneJson(raw);
    const user = task.user;
    if (!isJsonObject(user) || typeof user.instruction !== 'string')
      return { type: 'skipped', reason: 'no instruction' };
    const typoed = addTypos(user.instruction, rng);
    if (typoed.typos.length === 0)
      return { type: 'skipped', reason: 'no word of four letters or more' };
    user.instruction = typoed.text;
    return { type: 'variant', task, detail: summariseChanges(typoed.typos), files: [] };
  },
};
