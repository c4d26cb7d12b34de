import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isEndstateError } from '../../core/index.js';
import { readPythonTasks } from './read-python-tasks.js';

const MINI_TASKS = new URL(
  '../../../test/fixtures/taubench-airline-mini/tasks_test.py',
  import.meta.url,
).pathname;

function failure(source: string): { message: string; problems: unknown } {
  try {
    readPythonTasks(source, 'tasks_test.py');
  } catch (error) {
    if (isEndstateError(error)) {
      expect(error.code).toBe('E_TASK_INVALID');
      return { message: error.message, problems: error.problems };
    }
    throw error;
  }
  throw new Error('expected an error');
}

describe('readPythonTasks', () => {
  it('reads the tasks of a tau-bench task file', () => {
    const tasks = readPythonTasks(readFileSync(MINI_TASKS, 'utf8'), MINI_TASKS);
    expect(tasks).toHaveLength(8);
    expect(tasks[0]).toMatchObject({
      user_id: 'ada_lovelace_1001',
      actions: [
        { name: 'get_user_details', kwargs: { user_id: 'ada_lovelace_1001' } },
        { name: 'search_direct_flight' },
        { name: 'book_reservation', kwargs: { nonfree_baggages: 1, insurance: 'no' } },
      ],
      outputs: [],
    });
    // A triple-quoted instruction keeps its line breaks; an escaped quote is a quote.
    expect(tasks[0]?.instruction).toContain('economy\nflight');
    expect(tasks[1]?.instruction).toContain("you 're not");
    expect(tasks[5]?.outputs).toEqual(['certificate_3221324', '150']);
  });

  it('leaves outputs empty when a task gives none, and ignores other fields', () => {
    const [task] = readPythonTasks(
      'TASKS = [Task(annotator="0", user_id="u", instruction="i", actions=[])]',
      'tasks_test.py',
    );
    expect(task).toEqual({ user_id: 'u', instruction: 'i', actions: [], outputs: [] });
  });

  it('names the file, line and column of a syntax problem', () => {
    const { message, problems } = failure('TASKS = [\n  Task(user_id="u",\n    instruction=x)]');
    expect(message.split('\n')[0]).toBe(
      'tau-bench task file tasks_test.py is not in the Python subset endstate reads',
    );
    expect(message).toContain(
      'tasks_test.py:3:17: x is a name, not a literal (only True, False, None and calls such as Task(...) are read)',
    );
    expect(problems).toEqual([
      {
        file: 'tasks_test.py',
        line: 3,
        column: 17,
        message:
          'x is a name, not a literal (only True, False, None and calls such as Task(...) are read)',
      },
    ]);
  });

  it('names every task whose fields are wrong, each with its line', () => {
    const { message, problems } = failure(
      'TASKS = [\n  Task(user_id=1, instruction="i", actions=[]),\n  Task(user_id="u", instruction="i", actions=[Action(name="n", kwargs=[1])], outputs=[2]),\n]',
    );
    expect(message.split('\n')[0]).toBe(
      'tau-bench task file tasks_test.py has 3 task fields of the wrong kind',
    );
    expect(message).toContain('tasks_test.py:2 TASKS[0].user_id: user_id must be a string');
    expect(problems).toEqual([
      {
        file: 'tasks_test.py',
        line: 2,
        path: 'TASKS[0].user_id',
        message: 'user_id must be a string',
      },
      {
        file: 'tasks_test.py',
        line: 3,
        path: 'TASKS[1].outputs',
        message: 'outputs must be a list of strings',
      },
      {
        file: 'tasks_test.py',
        line: 3,
        path: 'TASKS[1].actions[0].kwargs',
        message: 'kwargs must be a dict of literals',
      },
    ]);
  });

  it('says what the file assigns when there is no TASKS', () => {
    expect(failure('OTHER = []').message.split('\n')[0]).toBe(
      'tasks_test.py assigns no TASKS list (it assigns OTHER)',
    );
  });
});
