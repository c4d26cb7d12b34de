import { describe, expect, it } from 'vitest';
import { FIGURE_LABELS, figureLabel, humanise } from './figure-labels.js';

describe('figureLabel', () => {
  it('gives a known figure its label and one-line definition', () => {
    expect(figureLabel('model_usage.cached_input_tokens')).toEqual({
      label: 'Cached input tokens',
      definition: 'Input tokens the provider served from its prompt cache (priced lower).',
    });
  });

  it('gives an unknown figure its key in words, never in snake_case, and says where it comes from', () => {
    const label = figureLabel('cost.queue_wait_ms');
    expect(label.label).toBe('Queue wait (ms)');
    expect(label.definition).toContain('field cost.queue_wait_ms of the scorecard JSON');
  });

  it('labels and defines every figure in words, each definition one line', () => {
    for (const [path, { label, definition }] of Object.entries(FIGURE_LABELS)) {
      expect(label, path).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
      expect(definition, path).toMatch(/^\S.*\.$/);
      expect(definition, path).not.toContain('\n');
    }
  });
});

describe('humanise', () => {
  it('spells code names in words, with units and intervals as a report writes them', () => {
    expect(humanise('incompatible_trials')).toBe('Incompatible trials');
    expect(humanise('per_success_ci95')).toBe('Per success 95% CI');
    expect(humanise('priced_usd')).toBe('Priced (USD)');
    expect(humanise('waitMs')).toBe('Wait (ms)');
  });
});
