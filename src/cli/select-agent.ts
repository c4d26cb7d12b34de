import type { Agent } from '../agent/index.js';
import { createOracleAgent, createReplayAgent, createSimulatedAgent } from '../agent/index.js';
import { EndstateError } from '../core/index.js';
import type { Suite, Task } from '../task/index.js';
import { loadTrajectories } from './load-trajectories.js';

export const AGENT_KINDS = ['oracle', 'replay', 'simulated'] as const;

export interface AgentChoice {
  readonly kind: string;
  readonly slip: number;
  readonly trajectory: string | undefined;
}

/** The agent the flags ask for, and the tasks it can run (replay runs only the tasks in its file). */
export function selectAgent(
  choice: AgentChoice,
  suite: Suite,
  tasks: readonly Task[],
  cwd: string,
): { agent: Agent; tasks: readonly Task[] } {
  if (choice.kind !== 'replay' && choice.trajectory !== undefined) {
    throw new EndstateError('E_USAGE', '--trajectory only applies to --agent replay');
  }
  switch (choice.kind) {
    case 'oracle':
      return { agent: createOracleAgent(), tasks };
    case 'simulated':
      return { agent: createSimulatedAgent({ slip: choice.slip }), tasks };
    case 'replay': {
      if (choice.trajectory === undefined) {
        throw new EndstateError('E_USAGE', '--agent replay needs --trajectory FILE');
      }
      const trajectories = loadTrajectories(choice.trajectory, cwd);
      const known = new Set(suite.tasks.map((task) => task.id));
      const unknown = Object.keys(trajectories).filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw new EndstateError(
          'E_TRAJECTORY_INVALID',
          `trajectory file ${choice.trajectory} names unknown task(s): ${unknown.join(', ')}`,
          {
            hint: `Suite ${suite.name} has: ${[...known].join(', ')}.`,
          },
        );
      }
      return {
        agent: createReplayAgent(trajectories),
        tasks: tasks.filter((task) => Object.hasOwn(trajectories, task.id)),
      };
    }
    default:
      throw new EndstateError('E_USAGE', `unknown agent "${choice.kind}"`, {
        hint: `Choose one of: ${AGENT_KINDS.join(', ')}.`,
      });
  }
}
