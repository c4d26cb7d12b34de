import type { Perturbation } from './perturbation.js';
import { PARAPHRASE_RULES } from './paraphrase-rules.js';
import { rewordText } from './reword-text.js';
import { rewriteUserText, summariseChanges } from './rewrite-user-text.js';

/** A closing "thanks" sentence moved to the front, where people also put it. */
function movePoliteness(text: string): { text: string; changes: string[] } {
  const sentences = text.split(/(?<=[.!?])\s+/);
  const last = sentences.at(-1);
  if (sentences.length < 2 || last === undefined || !/^(thanks|thank you)\b/i.test(last))
    return { text, changes: [] };
  return {
    text: [last, ...sentences.slice(0, -1)].join(' '),
    changes: [`"${last}" moved to the front`],
  };
}

/**
 * The user's words reworded by seeded phrase swaps (greetings, politeness,
 * contractions, common verbs); numbers, ids, e-mails and quoted text are
 * kept verbatim, so the request means the same.
 */
export const paraphrase: Perturbation = {
  kind: 'paraphrase',
  summary: "the user's instruction and scripted replies reworded (numbers, ids, e-mails kept)",
  perturb({ raw, rng }) {
    const { task, changes } = rewriteUserText(raw, (text) => {
      const moved = rng.chance(0.5) ? movePoliteness(text) : { text, changes: [] };
      const reworded = rewordText(moved.text, PARAPHRASE_RULES, rng);
      return { text: reworded.text, changes: [...moved.changes, ...reworded.swaps] };
    });
    if (changes.length === 0) return { type: 'skipped', reason: 'no phrase to reword' };
    return { type: 'variant', task, detail: summariseChanges(changes), files: [] };
  },
};
