import type { Environment } from '../../environment/index.js';
import { airlinePerturbations } from './airline-perturbations.js';
import type { Perturb } from './perturbation.js';
import { retailPerturbations } from './retail-perturbations.js';
import { AUTHENTICATION_TOOLS } from './taubench-task.js';

/** What the converter needs to know of one tau-bench domain. */
export interface TaubenchDomain {
  readonly name: 'retail' | 'airline';
  readonly environment: Environment;
  /** The user's opening words: the goal stays hidden, as tau-bench's simulated user keeps it. */
  readonly opening: string;
  /**
   * Tools that identify the user; every write must come after one. None in
   * airline, where the user gives the id and the agent reads the profile.
   */
  readonly authenticationTools: readonly string[];
  readonly perturb: Perturb;
}

export function retailDomain(environment: Environment): TaubenchDomain {
  return {
    name: 'retail',
    environment,
    opening: 'Hi! I need some help with my orders.',
    authenticationTools: AUTHENTICATION_TOOLS,
    perturb: retailPerturbations,
  };
}

export function airlineDomain(environment: Environment): TaubenchDomain {
  return {
    name: 'airline',
    environment,
    opening: 'Hi! I need some help with my reservations.',
    authenticationTools: [],
    perturb: airlinePerturbations,
  };
}
