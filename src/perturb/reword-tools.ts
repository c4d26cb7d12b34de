import type { Perturbation } from './perturbation.js';
import type { PhraseRule } from './reword-text.js';
import { rewordText } from './reword-text.js';
import { withPresent } from './with-present.js';

/** Swaps that keep a tool description's meaning; code names (`order_id`) and numbers are kept. */
export const TOOL_DESCRIPTION_RULES: readonly PhraseRule[] = [
  { phrase: 'look up', alternatives: ['fetch', 'retrieve'] },
  { phrase: 'find', alternatives: ['look up', 'locate'] },
  { phrase: 'get', alternatives: ['fetch', 'retrieve', 'obtain'] },
  { phrase: 'returns', alternatives: ['gives back', 'responds with', 'yields'] },
  { phrase: 'check whether', alternatives: ['verify whether', 'determine if'] },
  { phrase: 'check', alternatives: ['verify', 'confirm'] },
  { phrase: 'calculate', alternatives: ['compute', 'work out'] },
  { phrase: 'send', alternatives: ['deliver', 'dispatch'] },
  { phrase: 'search', alternatives: ['look for', 'query'] },
  { phrase: 'list', alternatives: ['enumerate', 'show'] },
  { phrase: 'requires', alternatives: ['needs', 'depends on'] },
  { phrase: 'must', alternatives: ['has to', 'needs to'] },
  { phrase: 'never', alternatives: ['not ever', 'at no point'] },
  { phrase: 'the full details', alternatives: ['all the details', 'the complete record'] },
  { phrase: 'for example', alternatives: ['e.g.', 'such as'] },
  { phrase: 'whole', alternatives: ['entire', 'complete'] },
  { phrase: 'one', alternatives: ['a single'] },
  { phrase: 'call it', alternatives: ['use it', 'invoke it'] },
  { phrase: 'again', alternatives: ['once more', 'anew'] },
  { phrase: 'changes no', alternatives: ['modifies no', 'alters no'] },
];

/** Every tool description reworded by seeded phrase swaps (at least one swap per tool that has one). */
export const rewordTools: Perturbation = {
  kind: 'reword-tools',
  summary: 'tool descriptions reworded by seeded phrase swaps',
  perturb({ raw, context, rng }) {
    const describe: Record<string, string> = {};
    let swaps = 0;
    for (const tool of context.tools) {
      const reworded = rewordText(tool.description, TOOL_DESCRIPTION_RULES, rng.fork(tool.name));
      if (reworded.swaps.length === 0) continue;
      describe[tool.name] = reworded.text;
      swaps += reworded.swaps.length;
    }
    const names = Object.keys(describe);
    if (names.length === 0) return { type: 'skipped', reason: 'no description to reword' };
    const task = withPresent(raw, (present) => {
      present.describe = describe;
    });
    const detail = `${names.length} of ${context.tools.length} descriptions reworded (${swaps} swaps)`;
    return { type: 'variant', task, detail, files: [] };
  },
};
