export { perturbTask, variantId } from './perturb-task.js';
export type { PerturbTaskOptions, VariantOutcome } from './perturb-task.js';
export { PERTURBATION_KINDS } from './perturbation-kinds.js';
export type {
  ExtraFile,
  Perturbation,
  PerturbationInput,
  PerturbationResult,
  SuiteContext,
} from './perturbation.js';
