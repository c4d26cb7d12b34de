import { describe, expect, it } from 'vitest';
import type { BlockedAttempts } from '../analysis/blocked-attempts.js';
import { describeBlockedAttempts } from './format-figures.js';

describe('describeBlockedAttempts', () => {
  const none = { calls: 0, blocked: 0, trials: 0, of_trials: 0 };

  it('names each rule some task declares, with calls, trials of its denominator and refusals', () => {
    const attempts: BlockedAttempts = {
      scope: { calls: 3, blocked: 2, trials: 2, of_trials: 5 },
      deny: { calls: 0, blocked: 0, trials: 0, of_trials: 4 },
      consent: { calls: 1, blocked: 0, trials: 1, of_trials: 1 },
    };
    expect(describeBlockedAttempts(attempts)).toBe(
      'out of scope 3 call(s) in 2/5 trials, 2 refused · denied tool 0 call(s) in 0/4 trials, 0 refused · without consent 1 call(s) in 1/1 trials, none refused',
    );
  });

  it('is empty when no task declares any of the rules', () => {
    expect(describeBlockedAttempts({ scope: none, deny: none, consent: none })).toBe('');
  });
});
