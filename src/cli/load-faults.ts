import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { FaultFileSchema, injectedActions } from '../schema/index.js';
import type { Environment } from '../environment/index.js';
import {
  findPrototypeKeys,
  parseYamlSource,
  readInputFileOrThrow,
  zodProblems,
} from '../task/index.js';
import type { RunFaults } from '../trial/index.js';

/**
 * Reads `--faults FILE` (YAML or JSON): a list of faults, or
 * `{ faults: [...], inject: [...] }`, in the task format's own terms.
 * Every tool it names must be one of the environment's.
 */
export function loadRunFaults(path: string, cwd: string, environment: Environment): RunFaults {
  const file = resolve(cwd, path);
  if (!existsSync(file)) {
    throw new EndstateError('E_FILE_NOT_FOUND', `faults file ${path} does not exist`, {
      hint: 'Pass --faults FILE with a YAML list of faults, e.g. - { kind: timeout, tool: get_order }.',
    });
  }
  const bytes = readInputFileOrThrow(file, {
    file: path,
    what: 'faults file',
    code: 'E_FAULTS_INVALID',
    fix: 'a faults file lists faults and injections, not data; declare faults per task in its faults: field',
  });
  const source = parseYamlSource(bytes, path);
  if (source.problems.length > 0) {
    throw new EndstateError('E_FAULTS_INVALID', `faults file ${path} does not parse`, {
      problems: source.problems,
    });
  }
  // Check against the form the file has, so problems name fields of that form
  // (not "expected array" for an object with one bad field).
  const [list, object] = FaultFileSchema.options;
  const schema = Array.isArray(source.value) ? list : object;
  const parsed = schema.safeParse(source.value);
  const prototypeKeys = findPrototypeKeys(source);
  if (!parsed.success || prototypeKeys.length > 0) {
    throw new EndstateError('E_FAULTS_INVALID', `faults file ${path} is not valid`, {
      problems: [
        ...prototypeKeys,
        ...(parsed.success ? [] : zodProblems(parsed.error.issues, source, schema)),
      ],
      hint: 'Each fault has a kind (timeout, malformed, expired_session, rate_limit, lost_ack) and optional tool, args, call, probability, times; each injection a text and the goal it asks for (goal: { tool, args? }); see docs/task-format.md.',
    });
  }
  const declared = Array.isArray(parsed.data)
    ? { faults: parsed.data, inject: [] }
    : { faults: parsed.data.faults, inject: parsed.data.inject };
  const unknown = [...declared.faults, ...declared.inject].flatMap((entry) => [
    ...(entry.tool === undefined ? [] : typeof entry.tool === 'string' ? [entry.tool] : entry.tool),
    ...('reauth' in entry ? [entry.reauth] : []),
  ]);
  for (const injection of declared.inject)
    unknown.push(...(injectedActions(injection) ?? []).map((action) => action.tool));
  const missing = [...new Set(unknown)].filter((tool) => !environment.tools.has(tool));
  if (missing.length > 0) {
    throw new EndstateError(
      'E_FAULTS_INVALID',
      `faults file ${path} names tools that environment ${environment.name} does not have: ${missing.join(', ')}`,
      { hint: `Its tools: ${[...environment.tools.keys()].join(', ')}.` },
    );
  }
  return declared;
}
