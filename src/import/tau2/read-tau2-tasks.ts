import { existsSync } from 'node:fs';
import { z } from 'zod';
import { EndstateError } from '../../core/index.js';
import { parseYamlSource, readInputFileOrThrow, zodProblems } from '../../task/index.js';
import { Tau2TaskSchema } from './tau2-task.js';
import type { Tau2Task } from './tau2-task.js';

const Tau2TasksSchema = z.array(Tau2TaskSchema);

/**
 * Reads and checks a tau2 `tasks.json` (a list of tasks). Every problem is
 * reported at once, as `file:line:column field.path: message`, with
 * E_TASK_INVALID; ids must be unique.
 */
export function readTau2Tasks(file: string): Tau2Task[] {
  if (!existsSync(file)) {
    throw new EndstateError('E_FILE_NOT_FOUND', `no tau2 task file ${file}`, {
      hint: "Give tau2's domain folder (data/tau2/domains/<domain> in a tau2-bench checkout): it holds tasks.json, db.json and policy.md.",
    });
  }
  const bytes = readInputFileOrThrow(file, {
    file,
    what: 'tau2 task file',
    code: 'E_TASK_INVALID',
    fix: "tau2's own task files are far smaller: check the file, or split the list",
  });
  const source = parseYamlSource(bytes, file);
  const result = Tau2TasksSchema.safeParse(source.value);
  const problems =
    source.problems.length > 0
      ? source.problems
      : result.success
        ? duplicateIds(result.data).map((id) => ({
            file,
            message: `task id "${id}" appears more than once`,
          }))
        : zodProblems(result.error.issues, source, Tau2TasksSchema);
  if (problems.length > 0 || !result.success) {
    throw new EndstateError('E_TASK_INVALID', `tau2 task file ${file} is not valid`, {
      problems,
      hint: 'Each task needs id, user_scenario {persona?, instructions} and evaluation_criteria {actions, communicate_info, nl_assertions, env_assertions, reward_basis}, as tau2-bench writes them.',
    });
  }
  return result.data;
}

function duplicateIds(tasks: readonly Tau2Task[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const task of tasks) (seen.has(task.id) ? twice : seen).add(task.id);
  return [...twice];
}
