import { checkAmount, checkAmountUpTo, checkLevel } from './check-estimator-input.js';

/**
 * The entry check of a one-proportion interval: trials a finite number
 * ≥ 0, successes from 0 to trials, confidence in (0, 1); else a RangeError
 * naming `fn` and the argument. Successes and trials need not be whole
 * (an effective sample size is not).
 */
export function checkProportionInput(
  fn: string,
  input: { readonly successes: number; readonly trials: number; readonly confidence: number },
): void {
  checkAmount({ fn, path: 'trials' }, input.trials);
  checkAmountUpTo({ fn, path: 'successes' }, input.successes, {
    value: input.trials,
    path: 'trials',
  });
  checkLevel({ fn, path: 'confidence' }, input.confidence);
}
