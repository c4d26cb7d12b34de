import type { EndstateError, EndstateErrorOptions, Problem } from './errors.js';

/**
 * How many problems one error lists. Past them problems are only counted
 * ("… and 4,981 more problems"): the first ones show what is wrong, and a
 * file with a million bad lines costs no more to report than one with twenty.
 */
export const MAX_LISTED_PROBLEMS = 20;

/** Problems gathered one at a time, the first few kept and the rest counted. */
export interface ProblemList {
  /** Keeps the problem while fewer than the cap are kept; else counts it. */
  add(problem: Problem): void;
  /** Takes in another error's problems, those it only counted included. */
  addFrom(error: EndstateError): void;
  /** Every problem found, listed or not. */
  readonly size: number;
  /** The problems to list and the count of the rest, as an `EndstateError` takes them. */
  errorOptions(): Required<Pick<EndstateErrorOptions, 'problems' | 'unlistedProblems'>>;
}

/**
 * A list that keeps the first `max` problems (default
 * {@link MAX_LISTED_PROBLEMS}) and counts the others.
 *
 * @example
 * const problems = createProblemList();
 * for (const line of lines) if (isBad(line)) problems.add({ file, line: line.number, message });
 * if (problems.size > 0) throw new EndstateError('E_LABELS_INVALID', `${file} is not valid`, problems.errorOptions());
 */
export function createProblemList(max: number = MAX_LISTED_PROBLEMS): ProblemList {
  const listed: Problem[] = [];
  let unlisted = 0;
  return {
    add(problem) {
      if (listed.length < max) listed.push(problem);
      else unlisted++;
    },
    addFrom(error) {
      for (const problem of error.problems) this.add(problem);
      unlisted += error.unlistedProblems;
    },
    get size() {
      return listed.length + unlisted;
    },
    errorOptions: () => ({ problems: [...listed], unlistedProblems: unlisted }),
  };
}
