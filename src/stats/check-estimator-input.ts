/**
 * Entry checks of the exported estimators. Impossible input (a negative or
 * fractional count, more successes than trials, a weight of 0, NaN or
 * Infinity, a level outside (0, 1)) throws a RangeError that names the
 * function, the argument or field with its index, the value and what is
 * allowed, e.g.
 *
 *   successRateInterval: counts[3].weight is 0; a task's weight must be a finite number above 0
 *
 * Why throw rather than return NaN: a NaN figure travels into a report as a
 * blank beside figures that did compute, and the reader cannot tell a bad
 * weight from missing data. "No data" (no tasks, no trials) is a
 * legitimate outcome and stays a NaN result in each estimator.
 */

/** Where a checked value sits: the estimator's name and the argument or field path. */
export interface InputPlace {
  /** The exported function, e.g. `successRateInterval`. */
  readonly fn: string;
  /** The argument or field, e.g. `counts[3].weight`. */
  readonly path: string;
}

function show(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '0' : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

/** Throws the RangeError of one bad value. */
export function rejectInput(place: InputPlace, value: unknown, allowed: string): never {
  throw new RangeError(`${place.fn}: ${place.path} is ${show(value)}; ${allowed}`);
}

const isNumber = (value: unknown): value is number => typeof value === 'number';

/** A task's weight: finite and above 0. */
export function checkWeight(place: InputPlace, weight: unknown): void {
  if (!(isNumber(weight) && Number.isFinite(weight) && weight > 0)) {
    rejectInput(place, weight, "a task's weight must be a finite number above 0");
  }
}

/**
 * Weights aligned with `length` items (named `itemsPath`), each checked by
 * {@link checkWeight} as `path[i]`.
 */
export function checkWeights(
  place: InputPlace,
  weights: readonly unknown[],
  aligned: { readonly length: number; readonly itemsPath: string },
): void {
  if (weights.length !== aligned.length) {
    rejectInput(
      { fn: place.fn, path: `${place.path}.length` },
      weights.length,
      `give one weight per entry of ${aligned.itemsPath} (${aligned.length})`,
    );
  }
  weights.forEach((weight, index) =>
    checkWeight({ fn: place.fn, path: `${place.path}[${index}]` }, weight),
  );
}

/** A whole count of at least `min` (default 0), e.g. trials; `fix` is appended to the message. */
export function checkCount(place: InputPlace, count: unknown, min = 0, fix = ''): void {
  if (!(isNumber(count) && Number.isSafeInteger(count) && count >= min)) {
    rejectInput(place, count, `it must be a whole number, ${min} or more${fix}`);
  }
}

/**
 * Per-task counts of clustered estimators that need every task observed:
 * `trials` a whole number ≥ 1 and `counted` (successes or events) whole in
 * [0, trials]; `path` names the list, e.g. `counts`.
 */
export function checkObservedTasks<Counted extends string>(
  place: InputPlace,
  counts: readonly ({ readonly trials: number } & Readonly<Record<Counted, number>>)[],
  counted: Counted,
): void {
  const { fn, path } = place;
  counts.forEach((task, index) => {
    const trialsPath = `${path}[${index}].trials`;
    checkCount({ fn, path: trialsPath }, task.trials, 1, ' (leave out tasks with no trials)');
    checkCountUpTo({ fn, path: `${path}[${index}].${counted}` }, task[counted], {
      value: task.trials,
      path: trialsPath,
    });
  });
}

/** A whole count from 0 to another count, e.g. successes out of trials (`maxPath`). */
export function checkCountUpTo(
  place: InputPlace,
  count: unknown,
  max: { readonly value: number; readonly path: string },
): void {
  if (!(isNumber(count) && Number.isSafeInteger(count) && count >= 0 && count <= max.value)) {
    rejectInput(place, count, `it must be a whole number from 0 to ${max.path} (${max.value})`);
  }
}

/** A finite amount of at least 0 that need not be whole (an effective sample size). */
export function checkAmount(place: InputPlace, amount: unknown): void {
  if (!(isNumber(amount) && Number.isFinite(amount) && amount >= 0)) {
    rejectInput(place, amount, 'it must be a finite number, 0 or more');
  }
}

/** A finite amount from 0 to another amount (`max.path`), not necessarily whole. */
export function checkAmountUpTo(
  place: InputPlace,
  amount: unknown,
  max: { readonly value: number; readonly path: string },
): void {
  if (!(isNumber(amount) && amount >= 0 && amount <= max.value)) {
    rejectInput(place, amount, `it must be a number from 0 to ${max.path} (${max.value})`);
  }
}

/** A two-sided (or one-sided) confidence level, strictly between 0 and 1. */
export function checkLevel(place: InputPlace, level: unknown): void {
  if (!(isNumber(level) && level > 0 && level < 1)) {
    rejectInput(place, level, 'a confidence level must be a number between 0 and 1, both excluded');
  }
}

/** Any finite number (a difference, an estimate). */
export function checkFinite(place: InputPlace, value: unknown): void {
  if (!(isNumber(value) && Number.isFinite(value))) {
    rejectInput(place, value, 'it must be a finite number');
  }
}

/** A probability or score in [0, 1]. */
export function checkUnitValue(place: InputPlace, value: unknown): void {
  if (!(isNumber(value) && value >= 0 && value <= 1)) {
    rejectInput(place, value, 'it must be a number from 0 to 1');
  }
}
