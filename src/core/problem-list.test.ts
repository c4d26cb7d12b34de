import { describe, expect, it } from 'vitest';
import { EndstateError } from './errors.js';
import { MAX_LISTED_PROBLEMS, createProblemList } from './problem-list.js';

const problem = (line: number) => ({ file: 'labels.jsonl', line, message: 'not JSON' });

describe('createProblemList', () => {
  it('lists the first 20 problems and counts the rest', () => {
    const problems = createProblemList();
    for (let line = 1; line <= 1000; line++) problems.add(problem(line));
    const options = problems.errorOptions();
    expect(MAX_LISTED_PROBLEMS).toBe(20);
    expect(problems.size).toBe(1000);
    expect(options.problems.map((listed) => listed.line)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(options.unlistedProblems).toBe(980);
  });

  it('says how many more problems an error found than it lists', () => {
    const problems = createProblemList(2);
    for (let line = 1; line <= 5002; line++) problems.add(problem(line));
    const error = new EndstateError('E_LABELS_INVALID', 'labels file labels.jsonl is not valid', {
      ...problems.errorOptions(),
      hint: 'Fix the lines named.',
    });
    expect(error.message).toBe(
      [
        'labels file labels.jsonl is not valid',
        '  labels.jsonl:1: not JSON',
        '  labels.jsonl:2: not JSON',
        '  … and 5,000 more problems',
        'Hint: Fix the lines named.',
      ].join('\n'),
    );
    expect(error.unlistedProblems).toBe(5000);
  });

  it('says "1 more problem" in the singular', () => {
    const problems = createProblemList(1);
    problems.add(problem(1));
    problems.add(problem(2));
    expect(new EndstateError('E_LABELS_INVALID', 'x', problems.errorOptions()).message).toBe(
      'x\n  labels.jsonl:1: not JSON\n  … and 1 more problem',
    );
  });

  it("takes in another error's listed and unlisted problems", () => {
    const first = createProblemList(3);
    for (let line = 1; line <= 10; line++) first.add(problem(line));
    const merged = createProblemList(5);
    merged.add(problem(0));
    merged.addFrom(new EndstateError('E_LABELS_INVALID', 'x', first.errorOptions()));
    expect(merged.size).toBe(11);
    expect(merged.errorOptions().problems.map((listed) => listed.line)).toEqual([0, 1, 2, 3]);
    expect(merged.errorOptions().unlistedProblems).toBe(7);
  });
});
