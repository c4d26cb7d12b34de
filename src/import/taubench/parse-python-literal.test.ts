import { describe, expect, it } from 'vitest';
import { PythonCall, parsePythonAssignments, pythonValueToJson } from './parse-python-literal.js';
import { PythonSyntaxProblem } from './python-literal-tokens.js';

// Reference values: what CPython 3.11's ast.literal_eval gives for each literal.

function valueOf(source: string): unknown {
  const value = parsePythonAssignments(`X = ${source}`).get('X');
  return value === undefined ? undefined : pythonValueToJson(value);
}

function problemOf(source: string): { message: string; line: number; column: number } {
  try {
    parsePythonAssignments(source);
  } catch (error) {
    if (error instanceof PythonSyntaxProblem) {
      return { message: error.message, line: error.line, column: error.column };
    }
    throw error;
  }
  throw new Error('expected a problem');
}

describe('parsePythonAssignments', () => {
  it('reads numbers, booleans and None', () => {
    expect(valueOf('[1, -2, 3.5, 1e3, 1_000, .5, True, False, None]')).toEqual([
      1,
      -2,
      3.5,
      1000,
      1000,
      0.5,
      true,
      false,
      null,
    ]);
  });

  it('reads every quoting and joins adjacent strings', () => {
    expect(valueOf(`['a', "b", '''c\n'd"''', """e""", 'f' "g", ("h"\n "i")]`)).toEqual([
      'a',
      'b',
      'c\n\'d"',
      'e',
      'fg',
      'hi',
    ]);
  });

  it('reads escapes as Python does, unknown ones kept with their backslash', () => {
    expect(valueOf(String.raw`'it\'s\t\x41\u00e9\101\\ \d'`)).toBe("it's\tAé\u0041\\ \\d");
    expect(valueOf(String.raw`r'\n\''`)).toBe(String.raw`\n\'`);
    expect(valueOf("'one \\\ntwo'")).toBe('one two');
  });

  it('reads dicts, lists, tuples and trailing commas, skipping comments', () => {
    expect(
      valueOf(`{
        "a": [1, 2,],  # a comment
        'b': (3, 4),
        "c": (5,),
        "d": {},
      }`),
    ).toEqual({ a: [1, 2], b: [3, 4], c: [5], d: {} });
  });

  it('reads keyword calls and where they start', () => {
    const value = parsePythonAssignments(
      '\nX = [\n  Task(user_id="u", actions=[Action(name="n", kwargs={})]),\n]',
    ).get('X') as PythonCall[];
    expect(value[0]).toBeInstanceOf(PythonCall);
    expect(value[0]?.callee).toBe('Task');
    expect(value[0]?.line).toBe(3);
    expect(pythonValueToJson(value[0]!)).toBeUndefined();
  });

  it('skips import lines, parenthesised ones included', () => {
    const assignments = parsePythonAssignments(
      'from tau_bench.types import Action, Task\nimport json\nfrom a.b import (c as d,\n e,)\nX = 1\n',
    );
    expect([...assignments.keys()]).toEqual(['X']);
  });

  it('keeps a key named __proto__ as data', () => {
    expect(valueOf('{"__proto__": 1}')).toEqual(JSON.parse('{"__proto__": 1}'));
  });

  it('names the line and column of what it cannot read', () => {
    expect(problemOf('X = [\n  1,\n  foo,\n]')).toEqual({
      message:
        'foo is a name, not a literal (only True, False, None and calls such as Task(...) are read)',
      line: 3,
      column: 3,
    });
    expect(problemOf('X = [1 2]')).toMatchObject({
      message: 'expected "," or "]", found the number 2',
      line: 1,
      column: 8,
    });
    expect(problemOf("X = {1: 'a'}")).toMatchObject({
      message: 'a dict key must be a string (JSON keys are strings)',
    });
    expect(problemOf("X = 'open\n'")).toMatchObject({
      message: 'unterminated string (a line break inside a one-line string)',
      line: 1,
      column: 5,
    });
    expect(problemOf('X = f"{y}"')).toMatchObject({
      message: 'f-strings are not supported in a task file',
    });
    expect(problemOf('X = Task("u")')).toMatchObject({
      message: 'Task(...) takes keyword arguments only (name=value)',
    });
    expect(problemOf('X = [\n1,\n')).toMatchObject({
      message: 'expected a value, found the end of the file',
      line: 3,
    });
    expect(problemOf('X = 0x10')).toMatchObject({ line: 1, column: 5 });
  });
});
