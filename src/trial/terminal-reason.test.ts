import { describe, expect, it } from 'vitest';
import { isValidTerminal, terminalReason } from './terminal-reason.js';

describe('terminalReason and isValidTerminal', () => {
  it('keeps a harness incompatibility in the denominator, as a failure of the system', () => {
    const reason = terminalReason('provider_error', { success: false }, 'harness_incompatibility');
    expect(reason).toBe('harness_incompatibility');
    expect(isValidTerminal(reason)).toBe(true);
  });

  it('makes environment and grader failures invalid, and agent failures valid', () => {
    expect(isValidTerminal(terminalReason('tool_crash', { success: false }))).toBe(false);
    expect(isValidTerminal(terminalReason('provider_error', { success: false }))).toBe(false);
    expect(isValidTerminal(terminalReason('finished', 'grader_failed'))).toBe(false);
    expect(isValidTerminal(terminalReason('agent_error', { success: false }))).toBe(true);
    expect(isValidTerminal(terminalReason('finished', { success: true }))).toBe(true);
  });
});
