import type { Environment } from '../../environment/index.js';
import type { Tau2EnvAssertion } from './tau2-task.js';

/**
 * What the tau2 importer needs from one domain: its environment over the
 * domain folder, the environment module a suite carries, the files to copy
 * and how (if at all) its env assertions read as CEL over the state.
 * Everything else in the conversion is the same for every domain.
 */
export interface Tau2Domain {
  readonly name: string;
  /** The environment over tau2's domain folder (db.json, policy.md). */
  readonly createEnvironment: (folder: string) => Environment;
  /** `environment.ts` of the written suite; it reads the data from ./data. */
  readonly environmentModule: string;
  /** Files of the domain folder copied into the suite's data/. */
  readonly dataFiles: readonly string[];
  /**
   * One env assertion as a CEL predicate over `sT`/`sT_by_id`, or a reason
   * it cannot be one (the import stops naming the task and the field).
   */
  readonly envAssertion: (
    assertion: Tau2EnvAssertion,
  ) => { readonly cel: string } | { readonly unsupported: string };
}
