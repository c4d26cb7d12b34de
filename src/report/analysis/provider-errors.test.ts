import { describe, expect, it } from 'vitest';
import { providerErrorGroups, renderProviderErrors } from './provider-errors.js';

const overloaded = 'openai:gpt-4o still failing after 5 retries: HTTP 503: Overloaded';
const missing = (task: string) =>
  `no recorded response in rec for this agent call (${task} attempt 1, call 2): the run differs from the recorded one`;

describe('renderProviderErrors', () => {
  it('shows the first message of each kind of provider error with its count, most frequent first', () => {
    const trials = [
      { exit_reason: 'provider_error' as const, error: missing('a') },
      { exit_reason: 'provider_error' as const, error: overloaded },
      { exit_reason: 'finished' as const, error: null },
      { exit_reason: 'provider_error' as const, error: overloaded },
      { exit_reason: 'provider_error' as const, error: missing('b') },
      { exit_reason: 'provider_error' as const, error: overloaded },
    ];
    expect(renderProviderErrors(providerErrorGroups(trials))).toMatchInlineSnapshot(`
      "Provider errors (5 invalid trial(s); the first message of each kind)
        3× openai:gpt-4o still failing after 5 retries: HTTP 503: Overloaded
        2× no recorded response in rec for this agent call (a attempt 1, call 2): the run differs from the recorded one"
    `);
  });

  it('shows nothing when no trial met a provider error', () => {
    expect(
      renderProviderErrors(providerErrorGroups([{ exit_reason: 'max_steps', error: null }])),
    ).toBe('');
  });
});
