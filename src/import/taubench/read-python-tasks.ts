import { EndstateError, isJsonObject } from '../../core/index.js';
import type { Problem } from '../../core/index.js';
import { PythonCall, parsePythonAssignments, pythonValueToJson } from './parse-python-literal.js';
import type { PythonValue } from './parse-python-literal.js';
import { PythonSyntaxProblem } from './python-literal-tokens.js';
import type { TaubenchTask } from './taubench-task.js';

const HINT =
  "tau-bench's task files assign TASKS = [Task(user_id=..., instruction=..., actions=[Action(name=..., kwargs={...})], outputs=[...]), ...]; only literals are read (strings, numbers, True/False/None, lists, dicts). Fix the place named, or convert the list to tasks_test.json ([{user_id, instruction, actions: [{name, kwargs}], outputs}]).";

/**
 * The tasks of a tau-bench task file in Python (`tasks_test.py`), read
 * without running it: `TASKS` must be a list of `Task(...)` calls whose
 * `actions` are `Action(name=..., kwargs={...})` calls. Keyword arguments
 * other than user_id, instruction, actions and outputs (`annotator`) are
 * ignored, as tau-bench's model ignores them.
 *
 * @param source - the file's text
 * @param file - its path, for the messages
 * @throws EndstateError E_TASK_INVALID with every problem found, each at its file:line
 */
export function readPythonTasks(source: string, file: string): TaubenchTask[] {
  let assignments: Map<string, PythonValue>;
  try {
    assignments = parsePythonAssignments(source);
  } catch (error) {
    if (!(error instanceof PythonSyntaxProblem)) throw error;
    throw new EndstateError(
      'E_TASK_INVALID',
      `tau-bench task file ${file} is not in the Python subset endstate reads`,
      {
        problems: [{ file, line: error.line, column: error.column, message: error.message }],
        hint: HINT,
      },
    );
  }
  const list = assignments.get('TASKS');
  if (!Array.isArray(list)) {
    const names = [...assignments.keys()];
    throw new EndstateError(
      'E_TASK_INVALID',
      `${file} assigns no TASKS list${names.length > 0 ? ` (it assigns ${names.join(', ')})` : ''}`,
      { problems: [{ file, message: 'expected TASKS = [Task(...), ...]' }], hint: HINT },
    );
  }
  const problems: Problem[] = [];
  const tasks = (list as readonly PythonValue[]).flatMap((item, index) => {
    const task = readTask(item, index, { file, problems });
    return task === undefined ? [] : [task];
  });
  if (problems.length > 0) {
    throw new EndstateError(
      'E_TASK_INVALID',
      `tau-bench task file ${file} has ${problems.length === 1 ? 'a task field' : `${problems.length} task fields`} of the wrong kind`,
      { problems, hint: HINT },
    );
  }
  return tasks;
}

interface Report {
  readonly file: string;
  readonly problems: Problem[];
}

function readTask(item: PythonValue, index: number, report: Report): TaubenchTask | undefined {
  if (!(item instanceof PythonCall) || item.callee !== 'Task') {
    report.problems.push({
      file: report.file,
      line: item instanceof PythonCall ? item.line : undefined,
      path: `TASKS[${index}]`,
      message: 'expected a Task(...) call',
    } as Problem);
    return undefined;
  }
  const at = (field: string, message: string): void => {
    report.problems.push({
      file: report.file,
      line: item.line,
      path: `TASKS[${index}].${field}`,
      message,
    });
  };
  const { user_id, instruction, actions, outputs } = item.kwargs;
  if (typeof user_id !== 'string') at('user_id', 'user_id must be a string');
  if (typeof instruction !== 'string') at('instruction', 'instruction must be a string');
  const outputList = outputs === undefined ? [] : outputs;
  if (!Array.isArray(outputList) || !outputList.every((output) => typeof output === 'string')) {
    at('outputs', 'outputs must be a list of strings');
  }
  if (!Array.isArray(actions)) {
    at('actions', 'actions must be a list of Action(...) calls');
    return undefined;
  }
  const readActions = (actions as readonly PythonValue[]).map((action, position) => {
    const place = `actions[${position}]`;
    if (!(action instanceof PythonCall) || action.callee !== 'Action') {
      at(place, 'expected an Action(name=..., kwargs={...}) call');
      return undefined;
    }
    const { name, kwargs } = action.kwargs;
    const json = kwargs === undefined ? undefined : pythonValueToJson(kwargs);
    if (typeof name !== 'string') at(`${place}.name`, 'name must be a string');
    if (!isJsonObject(json)) at(`${place}.kwargs`, 'kwargs must be a dict of literals');
    return typeof name === 'string' && isJsonObject(json) ? { name, kwargs: json } : undefined;
  });
  if (
    typeof user_id !== 'string' ||
    typeof instruction !== 'string' ||
    !readActions.every((action) => action !== undefined) ||
    !Array.isArray(outputList)
  ) {
    return undefined;
  }
  return {
    user_id,
    instruction,
    actions: readActions,
    outputs: outputList as string[],
  };
}
