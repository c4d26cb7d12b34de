import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { EndstateError } from '../../core/index.js';
import type { Problem } from '../../core/index.js';
import { convertTau2Task } from './convert-tau2-task.js';
import { AIRLINE_DOMAIN } from './airline-domain.js';
import { readTau2Tasks } from './read-tau2-tasks.js';
import { RETAIL_DOMAIN } from './retail-domain.js';
import { TELECOM_DOMAIN } from './telecom-domain.js';
import type { Tau2Domain } from './tau2-domain.js';
import type { Tau2Task } from './tau2-task.js';

/** The tau2 domains endstate plays; each is one adapter (see tau2-domain.ts). */
const TAU2_DOMAINS: readonly Tau2Domain[] = [RETAIL_DOMAIN, AIRLINE_DOMAIN, TELECOM_DOMAIN];

export interface ImportTau2Options {
  /** tau2's domain folder: db.json, tasks.json, policy.md (data/tau2/domains/<domain>). */
  readonly source: string;
  /** The suite folder to write. */
  readonly out: string;
  /**
   * The task file in the source folder (default `tasks.json`; e.g.
   * `tasks_small.json`). The suite keeps it as `data/tasks.json`.
   */
  readonly tasksFile?: string;
  /** The domain; default: the source folder's name. */
  readonly domain?: string;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface ImportTau2Summary {
  readonly domain: string;
  readonly tasks: number;
  /** Tasks whose correct end state is s0. */
  readonly unchangedTasks: number;
  /** Tasks with a judge rubric (tau2's nl_assertions). */
  readonly judgedTasks: number;
}

/**
 * The domain: the one named, else the folder's name when it is a domain
 * (data/tau2/domains/retail), else the one every task's structured
 * instructions name.
 */
function domainOf(
  source: string,
  tasks: readonly Tau2Task[],
  named: string | undefined,
): Tau2Domain {
  const folder = source.split(/[\\/]/).filter(Boolean).at(-1) ?? '';
  const declared = [
    ...new Set(
      tasks.map(({ user_scenario: { instructions } }) =>
        typeof instructions === 'string' ? undefined : instructions.domain,
      ),
    ),
  ];
  const candidates =
    named !== undefined ? [named] : [folder, ...(declared.length === 1 ? declared : [])];
  const domain = TAU2_DOMAINS.find((candidate) => candidates.includes(candidate.name));
  if (domain === undefined) {
    throw new EndstateError(
      'E_USAGE',
      `no tau2 domain "${named ?? folder}"${named === undefined && declared.length > 0 ? ` (its tasks name ${declared.map(String).join(', ')})` : ''}`,
      {
        hint: `Domains: ${TAU2_DOMAINS.map((candidate) => candidate.name).join(', ')}. Give the domain folder (data/tau2/domains/retail or .../airline), or a folder whose tasks' instructions all name one domain.`,
      },
    );
  }
  return domain;
}

/** Two tau2 ids that make one endstate id (see endstateTaskId) stop the import. */
function refuseSharedIds(ids: readonly [string, string][], file: string): void {
  const byId = new Map<string, string>();
  const problems: Problem[] = [];
  for (const [id, tau2Id] of ids) {
    const first = byId.get(id);
    if (first !== undefined)
      problems.push({
        file,
        path: `task ${tau2Id}`,
        message: `makes the task id "${id}", as "${first}" does`,
      });
    byId.set(id, tau2Id);
  }
  if (problems.length > 0)
    throw new EndstateError('E_TASK_INVALID', `two tau2 tasks would share an endstate task id`, {
      problems,
      hint: 'Rename one of the tau2 tasks: endstate ids keep letters, digits, ".", "_" and "-", other characters become "-".',
    });
}

/** A task file name for a tau2 id: the id itself, which the importer has checked is safe. */
const taskFileName = (id: string) => `${id}.yaml`;

/**
 * `endstate import tau2 <domain dir> --out <suite>`: converts a tau2-bench
 * domain's tasks into an endstate suite (tasks/<id>.yaml, environment.ts,
 * data/ with tau2's db.json and policy.md).
 */
export async function importTau2(options: ImportTau2Options): Promise<ImportTau2Summary> {
  const source = resolve(options.source);
  const out = resolve(options.out);
  const file = join(source, options.tasksFile ?? 'tasks.json');
  const tasks = readTau2Tasks(file);
  const domain = domainOf(source, tasks, options.domain);
  const environment = domain.createEnvironment(source);

  const converted = [];
  for (const task of tasks) {
    converted.push(await convertTau2Task(task, { domain, environment, file }));
    options.onProgress?.(converted.length, tasks.length);
  }
  refuseSharedIds(
    converted.map(({ task }, index) => [task.id, tasks[index]!.id]),
    file,
  );
  mkdirSync(join(out, 'tasks'), { recursive: true });
  const dataFolder = join(out, 'data');
  if (resolve(dataFolder) !== source) {
    mkdirSync(dataFolder, { recursive: true });
    for (const dataFile of domain.dataFiles) {
      // The tasks imported, whatever their file's name, are the suite's tasks.json.
      const from = dataFile === 'tasks.json' ? file : join(source, dataFile);
      if (existsSync(from)) copyFileSync(from, join(dataFolder, dataFile));
    }
  }
  writeFileSync(join(out, 'environment.ts'), domain.environmentModule);
  for (const { file: spec, task } of converted) {
    writeFileSync(
      join(out, 'tasks', taskFileName(task.id)),
      stringify(spec, { lineWidth: 0, aliasDuplicateObjects: false }),
    );
  }
  return {
    domain: domain.name,
    tasks: converted.length,
    // A task that checks no end state (DB not in reward_basis) is not one whose outcome is no change.
    unchangedTasks: converted.filter(
      ({ task }) => task.expect.changes.length === 0 && task.expect.unchanged !== 'ignore',
    ).length,
    judgedTasks: converted.filter(({ task }) => task.judge !== undefined).length,
  };
}
