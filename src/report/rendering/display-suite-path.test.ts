import { describe, expect, it } from 'vitest';
import { displaySuitePath } from './display-suite-path.js';

describe('displaySuitePath', () => {
  it('shows a suite inside the working folder relative to it', () => {
    expect(displaySuitePath('/home/ana/evals/suites/support', '/home/ana/evals')).toBe(
      'suites/support',
    );
    expect(displaySuitePath('/home/ana/evals', '/home/ana/evals')).toBe('.');
  });

  it('shows no path for a suite outside the working folder, or when the folder is unknown', () => {
    expect(displaySuitePath('/opt/endstate/examples/support', '/home/ana/evals')).toBeNull();
    expect(displaySuitePath('/home/ana/evals-old/support', '/home/ana/evals')).toBeNull();
    expect(displaySuitePath('/home/ana/evals/support', undefined)).toBeNull();
  });

  it('keeps a relative path as it was recorded', () => {
    expect(displaySuitePath('suites/support', '/home/ana/evals')).toBe('suites/support');
  });
});
