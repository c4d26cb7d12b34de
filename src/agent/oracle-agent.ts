import type { Agent } from './agent.js';
import { runSteps } from './run-steps.js';

/** Executes the task's reference path: proves the task is solvable. */
export function createOracleAgent(): Agent {
  return {
    spec: { kind: 'oracle', name: 'oracle', version: '1', options: {} },
    readsReference: true,
    run: (session, reference = []) => runSteps(session, reference),
  };
}

/** Says it cannot help and does nothing: every task that requires a change must fail it. */
export function createDoNothingAgent(): Agent {
  return {
    spec: { kind: 'do-nothing', name: 'do-nothing', version: '1', options: {} },
    readsReference: false,
    run: () => Promise.resolve({ finalAnswer: 'I am sorry, I cannot help with that.' }),
  };
}
