import { describe, expect, it } from 'vitest';
import { TrialStoppedError } from './agent.js';

describe('TrialStoppedError', () => {
  it('carries why the trial stopped as a value, and says it in its message', () => {
    const error = new TrialStoppedError('max_steps');
    expect(error.reason).toBe('max_steps');
    expect(error.message).toBe('trial stopped: max_steps');
    expect(error.name).toBe('TrialStoppedError');
  });
});
