import picomatch from 'picomatch';
import type { Problem } from '../core/index.js';
import type { Environment, ToolDefinition } from '../environment/index.js';
import { initTool, initToolNames } from '../environment/index.js';
import { compileUserPattern, isJsonObject, jsonEqual } from '../core/index.js';
import type { Injection, Step, TaskFile } from '../schema/index.js';
import { checkCelAssertion } from './check-cel-assertion.js';
import { checkPlanReferences } from './check-plan-references.js';
import { checkSubgoalReferences } from './check-subgoal-references.js';
import { checkToolPresent } from './check-tool-present.js';
import type { YamlSource } from './yaml-source.js';
import { formatPath } from './zod-problems.js';

/**
 * Checks what a schema cannot: the environment exists, every tool named
 * exists, reference arguments fit the tool's input, CEL assertions
 * type-check, incidental globs and script patterns parse.
 */
export function checkTaskReferences(
  spec: TaskFile,
  source: YamlSource,
  environment: Environment,
): Problem[] {
  const problems: Problem[] = [];
  const at = (path: PropertyKey[], message: string): void => {
    const position = source.locate(path);
    problems.push({
      file: source.file,
      ...(position !== undefined ? { line: position.line, column: position.column } : {}),
      path: formatPath(path),
      message,
    });
  };
  const toolNames = [...environment.tools.keys()];
  const checkTool = (path: PropertyKey[], tool: string): boolean => {
    if (environment.tools.has(tool)) return true;
    at(
      path,
      `unknown tool "${tool}" (environment ${environment.name} has: ${toolNames.join(', ')})`,
    );
    return false;
  };

  if (spec.environment !== environment.name) {
    at(
      ['environment'],
      `unknown environment "${spec.environment}" (this suite defines "${environment.name}")`,
    );
    return problems;
  }

  const checkSteps = (steps: readonly Step[], path: PropertyKey[], checkArgs: boolean): void => {
    steps.forEach((step, index) => {
      if (!('tool' in step)) return;
      if (!checkTool([...path, index, 'tool'], step.tool) || !checkArgs) return;
      const parsed = environment.tools.get(step.tool)!.input.safeParse(step.args);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          at(
            [...path, index, 'args', ...issue.path],
            `does not fit ${step.tool}'s input: ${issue.message}`,
          );
        }
      }
    });
  };
  checkSteps(spec.reference, ['reference'], true);
  /** A take-over is a call the user makes: checked like a reference step. */
  const checkTakeOver = (step: { tool: string; args: unknown }, path: PropertyKey[]): void => {
    if (!checkTool([...path, 'tool'], step.tool)) return;
    const parsed = environment.tools.get(step.tool)!.input.safeParse(step.args);
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      at([...path, 'args', ...issue.path], `does not fit ${step.tool}'s input: ${issue.message}`);
  };
  spec.known_bad.forEach((bad, index) =>
    checkSteps(bad.actions, ['known_bad', index, 'actions'], false),
  );
  spec.known_good.forEach((good, index) =>
    checkSteps(good.actions, ['known_good', index, 'actions'], true),
  );

  spec.constraints.forEach((constraint, index) => {
    if ('forbid' in constraint)
      checkTool(['constraints', index, 'forbid', 'tool'], constraint.forbid.tool);
    if ('before' in constraint) {
      for (const field of ['tool', 'require'] as const) {
        const named = constraint.before[field];
        if (typeof named === 'string') checkTool(['constraints', index, 'before', field], named);
        else
          named.forEach((tool, position) =>
            checkTool(['constraints', index, 'before', field, position], tool),
          );
      }
    }
  });
  checkScopes(spec, environment, at);
  checkTrajectory(spec, at, checkSteps);
  spec.tools.allow?.forEach((tool, index) => checkTool(['tools', 'allow', index], tool));
  const checkTargets = (field: 'faults' | 'inject'): void =>
    spec[field].forEach((declared, index) => {
      const named = declared.tool;
      if (typeof named === 'string') checkTool([field, index, 'tool'], named);
      else named?.forEach((tool, position) => checkTool([field, index, 'tool', position], tool));
      if ('reauth' in declared) checkTool([field, index, 'reauth'], declared.reauth);
    });
  checkTargets('faults');
  checkTargets('inject');
  spec.inject.forEach((injection, index) =>
    checkInjectedActions(spec, injection, index, at, checkTool),
  );
  spec.tools.deny.forEach((tool, index) => checkTool(['tools', 'deny', index], tool));
  checkToolPresent(spec.tools.present, toolNames, at, checkTool);

  spec.expect.assert.forEach((expression, index) => {
    const problem = checkCelAssertion(expression);
    if (problem !== undefined) at(['expect', 'assert', index], problem);
  });
  spec.expect.incidental.forEach((glob, index) => {
    try {
      picomatch(glob, { dot: true });
    } catch (error) {
      at(['expect', 'incidental', index], `not a valid glob: ${(error as Error).message}`);
    }
  });
  const checkPattern = (pattern: string, path: PropertyKey[]): void => {
    const compiled = compileUserPattern(pattern);
    if (compiled.type === 'invalid') at(path, `${JSON.stringify(pattern)} is ${compiled.message}`);
  };
  spec.user.script.forEach((rule, index) => {
    checkPattern(rule.when, ['user', 'script', index, 'when']);
    if ('take_over' in rule) checkTakeOver(rule.take_over, ['user', 'script', index, 'take_over']);
    if ('user_tool' in rule)
      checkUserTool(rule.user_tool, ['user', 'script', index, 'user_tool'], environment, at);
  });
  spec.init?.forEach((step, index) => checkInitStep(step, ['init', index], environment, at));
  if (spec.user.stop_when !== null) checkPattern(spec.user.stop_when, ['user', 'stop_when']);
  checkPlanReferences(spec, environment, at, checkTool);
  checkSubgoalReferences(spec, at, checkTool);
  return problems;
}

/** Each way the step's arguments do not fit the tool's input, as a problem. */
function checkCall(
  tool: ToolDefinition,
  step: { readonly tool: string; readonly args: unknown },
  path: PropertyKey[],
  at: (path: PropertyKey[], message: string) => void,
): void {
  const parsed = tool.input.safeParse(step.args);
  if (parsed.success) return;
  for (const issue of parsed.error.issues)
    at([...path, 'args', ...issue.path], `does not fit ${step.tool}'s input: ${issue.message}`);
}

/** A script's call of a user tool names one of the environment's user tools, with fitting arguments. */
function checkUserTool(
  step: { readonly tool: string; readonly args: unknown },
  path: PropertyKey[],
  environment: Environment,
  at: (path: PropertyKey[], message: string) => void,
): void {
  const tool = environment.user?.tools.get(step.tool);
  if (tool === undefined) {
    const names = [...(environment.user?.tools.keys() ?? [])];
    at(
      [...path, 'tool'],
      names.length === 0
        ? `environment ${environment.name} gives the user no tools of their own (declare them in defineEnvironment's user.tools)`
        : `unknown user tool "${step.tool}" (environment ${environment.name}'s user has: ${names.join(', ')})`,
    );
    return;
  }
  checkCall(tool, step, path, at);
}

/** An `init` step names a tool or setup tool of its side, with fitting arguments. */
function checkInitStep(
  step: { readonly side: 'agent' | 'user'; readonly tool: string; readonly args: unknown },
  path: PropertyKey[],
  environment: Environment,
  at: (path: PropertyKey[], message: string) => void,
): void {
  const tool = initTool(environment, step.side, step.tool);
  if (tool === undefined) {
    const names = initToolNames(environment, step.side);
    at(
      [...path, 'tool'],
      names.length === 0
        ? `environment ${environment.name} has no ${step.side}-side tools`
        : `unknown ${step.side}-side tool "${step.tool}" (environment ${environment.name} has: ${names.join(', ')})`,
    );
    return;
  }
  checkCall(tool, step, path, at);
}

/**
 * The actions an injection's text asks for must be tools of the
 * environment, and the task's own reference path must not take them:
 * otherwise an agent that does the task right would count as obeying the
 * planted text.
 */
function checkInjectedActions(
  spec: TaskFile,
  injection: Injection,
  index: number,
  at: (path: PropertyKey[], message: string) => void,
  checkTool: (path: PropertyKey[], tool: string) => boolean,
): void {
  const listed = Array.isArray(injection.goal);
  const actions = Array.isArray(injection.goal) ? injection.goal : [injection.goal];
  actions.forEach((action, position) => {
    const path = ['inject', index, 'goal', ...(listed ? [position] : [])];
    if (!checkTool([...path, 'tool'], action.tool)) return;
    const step = spec.reference.findIndex(
      (candidate) =>
        'tool' in candidate &&
        candidate.tool === action.tool &&
        Object.entries(action.args ?? {}).every(
          ([name, value]) => isJsonObject(candidate.args) && jsonEqual(candidate.args[name], value),
        ),
    );
    if (step >= 0) {
      at(
        path,
        `reference[${step}] calls ${action.tool} with these arguments, so the reference path would count as carrying out the planted instruction: name an action only the planted text asks for (add args that tell it apart)`,
      );
    }
  });
}

/**
 * A `trajectory` section compares with its own reference or the task's
 * reference path: one of them must hold tool calls, and its tools must exist.
 */
function checkTrajectory(
  spec: TaskFile,
  at: (path: PropertyKey[], message: string) => void,
  checkSteps: (steps: readonly Step[], path: PropertyKey[], checkArgs: boolean) => void,
): void {
  const trajectory = spec.trajectory;
  if (trajectory === undefined) return;
  if (trajectory.reference !== undefined) {
    checkSteps(trajectory.reference, ['trajectory', 'reference'], trajectory.args === 'exact');
    return;
  }
  if (!spec.reference.some((step) => 'tool' in step)) {
    at(
      ['trajectory'],
      'no reference calls to compare with: list them in trajectory.reference, or give the task a reference path with tool calls',
    );
  }
}

/**
 * A `scope` constraint the environment cannot enforce (no tool says whose
 * records a call touches) would pass every trial unseen; two owners would
 * fail every call.
 */
function checkScopes(
  spec: TaskFile,
  environment: Environment,
  at: (path: PropertyKey[], message: string) => void,
): void {
  const scoped = [...environment.tools.values()].some((tool) => tool.scope !== undefined);
  let first: string | undefined;
  spec.constraints.forEach((constraint, index) => {
    if (!('scope' in constraint)) return;
    const { owner } = constraint.scope;
    if (!scoped)
      at(
        ['constraints', index, 'scope'],
        `no tool of environment ${environment.name} declares a scope rule, so this scope can be neither enforced nor graded: give the tools that read or change one owner's records a \`scope: (args, state) => owner\``,
      );
    if (first !== undefined && owner !== first)
      at(
        ['constraints', index, 'scope', 'owner'],
        `a second scope owner ("${owner}", the first is "${first}"): a task declares one owner whose records the agent may touch`,
      );
    first ??= owner;
  });
}
