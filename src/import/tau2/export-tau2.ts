import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EndstateError, HARNESS_VERSION } from '../../core/index.js';
import type { JsonObject } from '../../core/index.js';
import type { RunRecord, TrialRecord } from '../../schema/index.js';
import { parseTaskFile } from '../../task/index.js';
import { buildTau2Results } from './build-tau2-results.js';
import { readTau2Tasks } from './read-tau2-tasks.js';
import type { Tau2Results } from './tau2-results.js';

const taskFile = (suite: string, id: string) => join(suite, 'tasks', `${id}.yaml`);

/** policy.md, or tau2's telecom pair (main_policy.md and tech_support_manual.md) when only that is there. */
function policyFilesOf(data: string): string[] {
  const telecom = [join(data, 'main_policy.md'), join(data, 'tech_support_manual.md')];
  return !existsSync(join(data, 'policy.md')) && telecom.every((file) => existsSync(file))
    ? telecom
    : [join(data, 'policy.md')];
}

/** The policy as tau2's environment gives it: the telecom pair joined as tau2 joins it. */
function policyText(files: readonly string[]): string {
  const [main, techSupport] = files.map((file) => readFileSync(file, 'utf8'));
  if (techSupport === undefined) return main ?? '';
  return `<main_policy>\n${main ?? ''}\n</main_policy>\n<tech_support_policy>\n${techSupport}\n</tech_support_policy>`;
}

/**
 * `endstate export tau2 <run>`: a stored run of a suite written by
 * `endstate import tau2`, in tau2-bench's results format. Reads the suite
 * the run names (its data/tasks.json and data/policy.md, and each task
 * file's environment and step limit); fails with E_FILE_NOT_FOUND naming
 * the file when the suite is not where the run was played.
 */
export function exportTau2(run: RunRecord, trials: readonly TrialRecord[]): Tau2Results {
  const suite = run.suite.path;
  const tasksFile = join(suite, 'data', 'tasks.json');
  const policyFiles = policyFilesOf(join(suite, 'data'));
  const files = [tasksFile, ...policyFiles, ...run.suite.task_ids.map((id) => taskFile(suite, id))];
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new EndstateError(
      'E_FILE_NOT_FOUND',
      `run ${run.run_id} cannot be exported to tau2: ${missing.length} file(s) of its suite are missing, first ${missing[0]}`,
      {
        hint: 'Export runs of a suite written by `endstate import tau2` (tasks/<id>.yaml, data/tasks.json, data/policy.md), from where the run was played.',
      },
    );
  }
  const raw = JSON.parse(readFileSync(tasksFile, 'utf8')) as JsonObject[];
  const tasks = readTau2Tasks(tasksFile).map((task, index) => ({ raw: raw[index]!, task }));
  const specs = run.suite.task_ids.map((id) => {
    const file = taskFile(suite, id);
    const parsed = parseTaskFile(readFileSync(file), file);
    if (!parsed.ok) {
      throw new EndstateError('E_TASK_INVALID', `task file ${file} is not valid`, {
        problems: parsed.problems,
      });
    }
    return parsed.spec;
  });
  const domains = [...new Set(specs.map((spec) => spec.environment))];
  return buildTau2Results({
    run,
    trials,
    tasks,
    domain: domains.join(', '),
    policy: policyText(policyFiles),
    maxSteps: Math.max(0, ...specs.map((spec) => spec.limits.max_steps)),
    producer: `endstate ${HARNESS_VERSION}`,
  });
}
