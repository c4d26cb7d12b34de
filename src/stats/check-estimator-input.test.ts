import { describe, expect, it } from 'vitest';
import {
  checkAmountUpTo,
  checkCount,
  checkLevel,
  checkUnitValue,
  checkWeight,
  checkWeights,
} from './check-estimator-input.js';

const place = { fn: 'someEstimator', path: 'counts[3].weight' };

describe('checkEstimatorInput', () => {
  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses a weight of %s', (weight) => {
    expect(() => checkWeight(place, weight)).toThrow(
      new RangeError(
        `someEstimator: counts[3].weight is ${weight}; a task's weight must be a finite number above 0`,
      ),
    );
  });

  it('accepts a positive finite weight', () => {
    expect(() => checkWeight(place, 0.25)).not.toThrow();
  });

  it('names a string passed where a number belongs', () => {
    expect(() => checkWeight(place, '2')).toThrow('counts[3].weight is "2"');
  });

  it('refuses weights not aligned with their items', () => {
    expect(() =>
      checkWeights({ fn: 'f', path: 'options.weights' }, [1, 2], {
        length: 3,
        itemsPath: 'estimates',
      }),
    ).toThrow(
      new RangeError('f: options.weights.length is 2; give one weight per entry of estimates (3)'),
    );
  });

  it('names the index of the bad weight in a list', () => {
    expect(() =>
      checkWeights({ fn: 'f', path: 'options.weights' }, [1, 0], { length: 2, itemsPath: 'x' }),
    ).toThrow('f: options.weights[1] is 0;');
  });

  it('refuses a negative or fractional count', () => {
    expect(() => checkCount({ fn: 'f', path: 'trials' }, -1)).toThrow(
      'f: trials is -1; it must be a whole number, 0 or more',
    );
    expect(() => checkCount({ fn: 'f', path: 'trials' }, 2.5)).toThrow('trials is 2.5');
  });

  it('refuses an amount above its bound, naming the bound', () => {
    expect(() =>
      checkAmountUpTo({ fn: 'f', path: 'successes' }, 5, { value: 4, path: 'trials' }),
    ).toThrow('f: successes is 5; it must be a number from 0 to trials (4)');
  });

  it.each([0, 1, Number.NaN])('refuses a level of %s', (level) => {
    expect(() => checkLevel({ fn: 'f', path: 'options.level' }, level)).toThrow(
      `f: options.level is ${level}; a confidence level must be a number between 0 and 1, both excluded`,
    );
  });

  it('refuses an estimate outside [0, 1]', () => {
    expect(() => checkUnitValue({ fn: 'f', path: 'estimates[0]' }, 1.5)).toThrow(
      'f: estimates[0] is 1.5; it must be a number from 0 to 1',
    );
  });
});
