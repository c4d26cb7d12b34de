import type { TaskFile } from '../schema/index.js';
import { checkCelAssertion } from './check-cel-assertion.js';

type At = (path: PropertyKey[], message: string) => void;
type CheckTool = (path: PropertyKey[], tool: string) => boolean;

/** Sub-goals name tools of the environment, and their CEL assertions parse within the limits. */
export function checkSubgoalReferences(spec: TaskFile, at: At, checkTool: CheckTool): void {
  spec.subgoals.forEach((subgoal, index) => {
    if ('called' in subgoal) checkTool(['subgoals', index, 'called', 'tool'], subgoal.called.tool);
    if ('assert' in subgoal) {
      const problem = checkCelAssertion(subgoal.assert);
      if (problem !== undefined) at(['subgoals', index, 'assert'], problem);
    }
  });
}
