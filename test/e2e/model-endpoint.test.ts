import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, textReply, toolCallReply } from '../../src/testing/index.js';
import type { FakeReply } from '../../src/testing/index.js';
import { example, runCliHere, tempFolder } from './run-cli.js';

/** The reference path of change-flight-017, as a model would play it, after the preflight's answer. */
const replies: FakeReply[] = [
  textReply('OK'),
  toolCallReply('get_reservation', { id: 'R7K2' }),
  toolCallReply('search_flights', { origin: 'JFK', dest: 'CDG', date: '2026-10-09' }),
  textReply('AF125 on Friday is economy and costs $80 more. Shall I go ahead and move you?'),
  toolCallReply('update_reservation', { id: 'R7K2', flight: 'AF125' }),
  textReply('Done: you are on AF125 on Friday; the $80 fare difference was charged.'),
];

interface Output {
  scorecard: { agent: string; cost: { total_usd: number | null; unpriced_trials: number } };
  trials: { success: boolean; usage: { input_tokens: number; cost_usd: number | null } }[];
  run: {
    system: { model: Record<string, unknown> };
    pricing?: { models: Record<string, unknown>; notes?: Record<string, string> };
  };
}

describe('endstate run with OPENAI_BASE_URL', () => {
  it('calls that URL, records it in the system spec and does not price the calls at OpenAI list price', async () => {
    let requests = 0;
    const server = await startFakeOpenAiServer(() => replies[requests++] ?? textReply('All done.'));
    const cwd = tempFolder();
    try {
      const result = await runCliHere(
        [
          'run',
          example('airline'),
          '--tasks',
          'change-flight-017',
          '--agent',
          'llm',
          '--model',
          'openai:gpt-4o-mini',
          '--json',
          'out.json',
        ],
        cwd,
        // A trailing slash, as users write it: the library drops it, and so does the record.
        { OPENAI_BASE_URL: `${server.url}/`, OPENAI_API_KEY: 'sk-test' },
      );
      expect(result.stderr).not.toContain('error');
      expect(result.code).toBe(0);
      // Every request, the preflight's included, reached the fake server.
      expect(requests).toBeGreaterThan(replies.length - 1);
      const output = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Output;
      expect(output.trials.map((trial) => trial.success)).toEqual([true]);
      expect(output.run.system.model).toMatchObject({
        provider: 'openai',
        id: 'gpt-4o-mini',
        base_url: server.url,
      });
      const key = `openai:gpt-4o-mini@${server.url}`;
      const note = `calls went to ${server.url}, not OpenAI's endpoint: its list price does not apply`;
      expect(output.run.pricing?.models).toEqual({ [key]: null });
      expect(output.run.pricing?.notes).toEqual({ [key]: note });
      expect(output.trials[0]!.usage.input_tokens).toBeGreaterThan(0);
      expect(output.trials[0]!.usage.cost_usd).toBeNull();
      expect(output.scorecard.cost).toMatchObject({ total_usd: null, unpriced_trials: 1 });
      expect(output.scorecard.agent).toBe(`llm:openai:gpt-4o-mini@1 via ${server.url}`);
      expect(result.stderr).toContain(
        `warning: no price for ${key} in endstate/pricing.json (${note})`,
      );
      expect(result.stdout).toContain(`${key} unpriced (${note})`);
    } finally {
      await server.close();
    }
  });
});
