import { distractors } from './distractors.js';
import { extraTools } from './extra-tools.js';
import { paraphrase } from './paraphrase.js';
import type { Perturbation } from './perturbation.js';
import { renameTool } from './rename-tool.js';
import { rewordTools } from './reword-tools.js';
import { shuffleTools } from './shuffle-tools.js';
import { typos } from './typos.js';

/**
 * Every built-in kind, by name. A new kind is one file exporting a
 * `Perturbation` and one line here; `endstate perturb --kinds` lists them.
 */
export const PERTURBATION_KINDS: ReadonlyMap<string, Perturbation> = new Map(
  [paraphrase, typos, distractors, extraTools, shuffleTools, rewordTools, renameTool].map(
    (perturbation) => [perturbation.kind, perturbation],
  ),
);
