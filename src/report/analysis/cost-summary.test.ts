import { describe, expect, it } from 'vitest';
import type { RunPricing, TrialRecord } from '../../schema/index.js';
import { buildRunRecord, buildTrialRecord } from '../../testing/index.js';
import { buildScorecard } from './build-scorecard.js';
import { renderJunit } from '../rendering/render-junit.js';
import { renderMarkdown } from '../rendering/render-markdown.js';
import { renderTerminal } from '../rendering/render-terminal.js';

/** One trial of task `t` with the given success and cost (null: a model call was not priced). */
function trial(attempt: number, success: boolean, costUsd: number | null): TrialRecord {
  const base = buildTrialRecord({ task_id: 't', attempt, success });
  return {
    ...base,
    usage: { ...base.usage, input_tokens: 1000, output_tokens: 100, cost_usd: costUsd },
  };
}

const pricing: RunPricing = {
  sources: [{ kind: 'shipped', path: 'endstate/pricing.json', sha256: 'c'.repeat(64) }],
  models: {
    'openai:gpt-4o': { price: { input: 2.5, output: 10 }, source: 'endstate/pricing.json' },
    'openai-compatible:local': null,
  },
};

describe('cost with unpriced trials', () => {
  const run = buildRunRecord(['t'], { trials_per_task: 4, pricing });
  const card = buildScorecard(run, [
    trial(1, true, 0.01),
    trial(2, true, null),
    trial(3, false, 0.02),
    trial(4, false, null),
  ]);

  it('shows every cost figure as unknown, keeps the priced spend as a lower bound, and still counts tokens', () => {
    expect(card.cost).toMatchObject({
      total_usd: null,
      unpriced_trials: 2,
      per_trial_usd: null,
      per_success_usd: null,
      per_success_ci95: null,
      mean_success_usd: null,
    });
    expect(card.cost.priced_usd).toBeCloseTo(0.03, 12);
    expect(card.model_usage.input_tokens).toBe(4000);
  });

  it('says so in the terminal, Markdown and JUnit, never as $0', () => {
    const terminal = renderTerminal(card);
    expect(terminal).toContain(
      'Cost       unknown (≥ $0.0300 priced; 2 of 4 trials unpriced) total · unknown per success (2 successes) · unknown mean success',
    );
    expect(renderMarkdown({ scorecard: card, taskGate: 1 })).toContain(
      '| Cost per success | unknown (2 successes; total unknown (≥ $0.0300 priced; 2 of 4 trials unpriced)) |',
    );
    expect(renderJunit({ scorecard: card, trials: [], taskGate: 1 })).toContain(
      '<property name="cost_per_success_usd" value="unknown"/>',
    );
  });

  it('shows the prices the run applied in the footer: tables with their hash, each model', () => {
    expect(card.pricing).toEqual(pricing);
    expect(renderTerminal(card).split('\n').at(-1)).toBe(
      'Pricing    endstate/pricing.json (sha256 cccccccccccc) · openai:gpt-4o $2.5 in / $10 out per 1M tokens from endstate/pricing.json · openai-compatible:local unpriced',
    );
  });

  it('gives the figures as before when every trial is priced', () => {
    const priced = buildScorecard(buildRunRecord(['t'], { trials_per_task: 2 }), [
      trial(1, true, 0.01),
      trial(2, false, 0.03),
    ]);
    expect(priced.cost).toMatchObject({ unpriced_trials: 0, per_trial_usd: 0.02 });
    expect(priced.cost.total_usd).toBeCloseTo(0.04, 12);
    expect(priced.cost.per_success_usd).toBeCloseTo(0.04, 12);
    expect(priced.pricing).toBeNull();
    expect(renderTerminal(priced)).toContain('Cost       $0.0400 total · $0.0400 per success');
    expect(renderTerminal(priced)).not.toContain('Pricing');
  });
});
