export { perturbTask } from './perturb-task.js';
export type { VariantOutcome } from './perturb-task.js';
export { PERTURBATION_KINDS } from './perturbation-kinds.js';
export type { Perturbation } from './perturbation.js';
