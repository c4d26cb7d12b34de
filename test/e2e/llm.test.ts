import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  noAnswer,
  rateLimitedReply,
  startFakeOpenAiServer,
  textReply,
  toolCallReply,
} from '../../src/testing/index.js';
import type { FakeReply } from '../../src/testing/index.js';
import type { JsonObject } from '../../src/core/index.js';
import { REPO, example, runCliHere, tempFolder } from './run-cli.js';

/** The one-line request endstate sends before the first trial. */
const isPreflight = (body: JsonObject): boolean =>
  JSON.stringify(body.messages).includes('Reply with the word OK.');

/** Answers the preflight, and every other request by its index among the others. */
function afterPreflight(
  respond: (body: JsonObject, index: number) => FakeReply,
): (body: JsonObject) => FakeReply {
  let index = 0;
  return (body) => (isPreflight(body) ? textReply('OK') : respond(body, index++));
}

/** `endstate run` of change-flight-017 on the airline suite with the llm agent and `model`. */
const changeFlight = (model: string): string[] => [
  'run',
  example('airline'),
  '--tasks',
  'change-flight-017',
  '--agent',
  'llm',
  '--model',
  model,
];

/** The reference path of change-flight-017, as a model would play it. */
const replies: FakeReply[] = [
  toolCallReply('get_reservation', { id: 'R7K2' }),
  toolCallReply('search_flights', { origin: 'JFK', dest: 'CDG', date: '2026-10-09' }),
  textReply('AF125 on Friday is economy and costs $80 more. Shall I go ahead and move you?'),
  toolCallReply('update_reservation', { id: 'R7K2', flight: 'AF125' }),
  textReply('Done: you are on AF125 on Friday; the $80 fare difference was charged.'),
];

interface Output {
  scorecard: {
    success_rate: { value: number };
    cost: { total_usd: number | null; per_success_usd: number | null; unpriced_trials: number };
  };
  trials: {
    task_id: string;
    success: boolean;
    usage: { model_calls: number; input_tokens: number; cost_usd: number | null; retries: number };
    events: unknown[];
  }[];
  run: {
    request_limits?: { max_concurrent_requests: number; requests_per_minute?: number };
    pricing?: {
      sources: { kind: string; path: string; sha256: string }[];
      models: Record<string, unknown>;
    };
    system: {
      agent: { kind: string };
      model: { provider: string; id: string; temperature: number };
    };
  };
}

/** What the endpoint test reads of `--json`. */
interface EndpointOutput {
  scorecard: { agent: string; cost: { total_usd: number | null; unpriced_trials: number } };
  trials: { success: boolean; usage: { input_tokens: number; cost_usd: number | null } }[];
  run: {
    system: { model: Record<string, unknown> };
    pricing?: { models: Record<string, unknown>; notes?: Record<string, string> };
  };
}

describe('endstate run --agent llm', () => {
  it('completes change-flight-017 against a local OpenAI-compatible server and prices it', async () => {
    const server = await startFakeOpenAiServer(
      afterPreflight((_body, index) =>
        index === 1
          ? rateLimitedReply(0)
          : (replies[index > 1 ? index - 1 : index] ?? textReply('All done.')),
      ),
    );
    const cwd = tempFolder();
    const pricingText = JSON.stringify({
      models: { 'openai-compatible:fake-model': { input: 2, output: 10 } },
    });
    writeFileSync(join(cwd, 'pricing.json'), pricingText);
    try {
      const result = await runCliHere(
        [
          ...changeFlight(`openai-compatible:${server.url}#fake-model`),
          '--temperature',
          '0',
          '--pricing',
          'pricing.json',
          '--json',
          'out.json',
        ],
        cwd,
      );
      expect(result.stderr).not.toMatch(/error/i);
      expect(result.code).toBe(0);
      const output = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Output;
      const [trial] = output.trials;
      expect(trial).toMatchObject({
        task_id: 'change-flight-017',
        success: true,
        usage: { model_calls: 5, retries: 1 },
      });
      // 5 calls of 100 input and 20 output tokens at $2 and $10 per million.
      expect(trial!.usage.cost_usd).toBeCloseTo((500 * 2 + 100 * 10) / 1e6, 12);
      expect(output.scorecard.cost.per_success_usd).toBeCloseTo(0.002, 12);
      expect(result.stdout).toContain('$0.0020 per success');
      // The run keeps the tables it read (by content hash) and the price it applied.
      const sha256 = (bytes: Buffer | string): string =>
        createHash('sha256').update(bytes).digest('hex');
      expect(output.run.pricing).toEqual({
        sources: [
          { kind: 'file', path: 'pricing.json', sha256: sha256(pricingText) },
          {
            kind: 'shipped',
            path: 'endstate/pricing.json',
            sha256: sha256(readFileSync(join(REPO, 'pricing.json'))),
          },
        ],
        models: {
          'openai-compatible:fake-model': {
            price: { input: 2, output: 10 },
            source: 'pricing.json',
          },
        },
      });
      expect(result.stdout).toContain(
        `Pricing    pricing.json (sha256 ${sha256(pricingText).slice(0, 12)})`,
      );
      expect(output.run.system).toMatchObject({
        agent: { kind: 'llm' },
        model: { provider: 'openai-compatible', id: 'fake-model', temperature: 0 },
      });
    } finally {
      await server.close();
    }
  });

  it('runs an unpriced model with its cost unknown, tokens counted, and one warning saying how to price it', async () => {
    const server = await startFakeOpenAiServer(
      afterPreflight((_body, index) => replies[index] ?? textReply('All done.')),
    );
    const cwd = tempFolder();
    try {
      const result = await runCliHere(
        [
          ...changeFlight(`openai-compatible:${server.url}#fake-model`),
          '--trials',
          '2',
          '--max-concurrent-requests',
          '3',
          '--requests-per-minute',
          '600',
          '--json',
          'out.json',
        ],
        cwd,
      );
      expect(result.code).toBe(0);
      const warnings = result.stderr.split('\n').filter((line) => line.startsWith('warning:'));
      expect(warnings).toEqual([
        'warning: no price for openai-compatible:fake-model in endstate/pricing.json: its cost is shown as unknown (tokens are still counted). To price it, pass --pricing FILE with {"models": {"openai-compatible:fake-model": {"input": 2.5, "cached_input": 1.25, "output": 10}}} (USD per million tokens; "provider:*" prices every model of a provider)',
      ]);
      const output = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Output;
      for (const trial of output.trials) {
        expect(trial.usage.cost_usd).toBeNull();
        expect(trial.usage.input_tokens).toBeGreaterThan(0);
      }
      expect(output.scorecard.cost).toMatchObject({
        total_usd: null,
        per_success_usd: null,
        unpriced_trials: 2,
      });
      expect(output.run.pricing?.models).toEqual({ 'openai-compatible:fake-model': null });
      // The limits the model calls were held to are kept with the run, outside the system spec.
      expect(output.run.request_limits).toEqual({
        max_concurrent_requests: 3,
        requests_per_minute: 600,
      });
      expect(output.run.system).not.toHaveProperty('request_limits');
      expect(result.stdout).toContain(
        'Cost       unknown (≥ $0.0000 priced; 2 of 2 trials unpriced)',
      );
      expect(result.stdout).not.toMatch(/\$0\.0000 per success/);
    } finally {
      await server.close();
    }
  });

  it('replays a recorded run with the network unreachable and gives identical trial records', async () => {
    // Each trial's conversation is answered by its length, so both trials follow the path.
    const server = await startFakeOpenAiServer((body) => {
      const turns = (body.messages as { role: string }[]).filter(
        (message) => message.role === 'assistant',
      );
      return replies[turns.length] ?? textReply('All done.');
    });
    const cwd = tempFolder();
    const model = `openai-compatible:${server.url}#fake-model`;
    const args = [...changeFlight(model), '--trials', '2'];
    try {
      const recorded = await runCliHere(
        [...args, '--record', 'recording', '--json', 'recorded.json'],
        cwd,
      );
      expect(recorded.code).toBe(0);
    } finally {
      await server.close();
    }
    const replayed = await runCliHere(
      [...args, '--replay', 'recording', '--json', 'replayed.json'],
      cwd,
    );
    expect(replayed.code).toBe(0);
    const volatile = [
      't_ms',
      'duration_ms',
      'latency_ms',
      'started_at',
      'run_id',
      'trial_id',
      'created_at',
      'finished_at',
    ];
    const trialsOf = (file: string): unknown =>
      JSON.parse(
        JSON.stringify(
          (JSON.parse(readFileSync(join(cwd, file), 'utf8')) as Output).trials,
          (key, value: unknown) => (volatile.includes(key) ? null : value),
        ),
      );
    expect(trialsOf('replayed.json')).toEqual(trialsOf('recorded.json'));
    expect((trialsOf('replayed.json') as Output['trials']).every((trial) => trial.success)).toBe(
      true,
    );
  });

  it('asks for a model and for the provider key it needs, with exit 2', async () => {
    const cwd = tempFolder();
    expect(await runCliHere(['run', example('airline'), '--agent', 'llm'], cwd)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--agent llm needs --model'),
    });
    const noKey = await runCliHere(
      ['run', example('airline'), '--agent', 'llm', '--model', 'openai:gpt-4o-mini'],
      cwd,
    );
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('needs an API key in OPENAI_API_KEY');
    expect(
      (
        await runCliHere(
          ['run', example('airline'), '--agent', 'llm', '--model', 'mistral:large'],
          cwd,
        )
      ).stderr,
    ).toContain('expected openai:<id>');
  });

  it('refuses a request timeout out of range with exit 2', async () => {
    const result = await runCliHere(
      ['run', example('airline'), '--agent', 'oracle', '--request-timeout', '0'],
      tempFolder(),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('expected a number from 1 to 3600 s');
  });

  it('stops before the first trial when the preflight names a model the server does not have', async () => {
    const server = await startFakeOpenAiServer((body) =>
      body.model === 'fake-model'
        ? textReply('OK')
        : {
            status: 404,
            body: {
              error: {
                message: `The model \`${JSON.stringify(body.model).slice(1, -1)}\` does not exist`,
                type: 'invalid_request_error',
                code: 'model_not_found',
              },
            },
          },
    );
    const started = Date.now();
    try {
      const result = await runCliHere(
        [
          'run',
          example('airline'),
          '--agent',
          'llm',
          '--model',
          `openai-compatible:${server.url}#wrong-model`,
          '--trials',
          '3',
        ],
        tempFolder(),
      );
      expect(result.code).toBe(4);
      expect(result.stderr).toContain(
        'the preflight request failed, so no trial was run: openai-compatible:wrong-model refused the request: HTTP 404',
      );
      expect(result.stderr).toContain('The model `wrong-model` does not exist');
      expect(result.stderr).toContain(
        'Check the API key (OPENAI_COMPATIBLE_API_KEY), the model name and the base URL',
      );
      expect(server.requests).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await server.close();
    }
  });

  it('stops the run at the first refused request, keeps the finished trials, and resumes', async () => {
    const unauthorized: FakeReply = {
      status: 401,
      body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
    };
    // The first trial plays the reference path; then the key is revoked, until it is fixed.
    let keyFixed = false;
    let calls = 0;
    const server = await startFakeOpenAiServer((body) => {
      if (isPreflight(body)) return textReply('OK');
      if (!keyFixed && calls++ >= replies.length) return unauthorized;
      const turns = (body.messages as { role: string }[]).filter(
        (message) => message.role === 'assistant',
      );
      return replies[turns.length] ?? textReply('All done.');
    });
    const cwd = tempFolder();
    const model = `openai-compatible:${server.url}#fake-model`;
    try {
      const stopped = await runCliHere(
        [...changeFlight(model), '--trials', '3', '--concurrency', '1', '--no-canary'],
        cwd,
      );
      // Preflight, the first trial's five calls, one refused call: no retry, no rerun.
      expect(server.requests).toHaveLength(1 + replies.length + 1);
      expect(stopped.code).toBe(4);
      expect(stopped.stderr).toContain('HTTP 401: Incorrect API key provided');
      expect(stopped.stderr).toContain('Check the API key');
      const runId = /go on with --resume (\S+)/.exec(stopped.stderr)?.[1];
      expect(runId).toBeDefined();

      keyFixed = true;
      const resumed = await runCliHere(
        [
          'run',
          example('airline'),
          '--agent',
          'llm',
          '--model',
          model,
          '--no-canary',
          '--resume',
          runId!,
          '--json',
          'out.json',
        ],
        cwd,
      );
      expect(resumed.stderr).toContain('1 of 3 trials were stored, 2 to run');
      expect(resumed.code).toBe(0);
      const output = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Output;
      expect(output.trials.map((trial) => trial.success)).toEqual([true, true, true]);
    } finally {
      await server.close();
    }
  });

  it('stops a replay at the first call missing from the recording, with exit 4', async () => {
    const cwd = tempFolder();
    mkdirSync(join(cwd, 'recording'));
    const result = await runCliHere(
      [
        'run',
        example('airline'),
        '--agent',
        'llm',
        '--model',
        'openai-compatible:http://127.0.0.1:9/v1#fake-model',
        '--replay',
        'recording',
        '--concurrency',
        '1',
      ],
      cwd,
    );
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('no recorded response in');
    expect(result.stderr).toContain('record it again with --record');
  });

  it('shows the provider error text under the scorecard, not only the exit reason', async () => {
    const server = await startFakeOpenAiServer(() => ({
      status: 503,
      body: { error: { message: 'The engine is currently overloaded', type: 'server_error' } },
    }));
    try {
      const result = await runCliHere(
        [
          ...changeFlight(`openai-compatible:${server.url}#fake-model`),
          '--trials',
          '2',
          '--max-retries',
          '0',
          '--max-reruns',
          '0',
          '--no-preflight',
          '--no-canary',
        ],
        tempFolder(),
      );
      expect(result.stdout).toContain(
        'Provider errors (2 invalid trial(s); the first message of each kind)\n  2× openai-compatible:fake-model still failing after 0 retries: The engine is currently overloaded',
      );
    } finally {
      await server.close();
    }
  });

  it('gives up on a provider that never answers after --request-timeout: an invalid trial, not an agent failure', async () => {
    const server = await startFakeOpenAiServer(() => noAnswer());
    const cwd = tempFolder();
    const started = Date.now();
    try {
      const result = await runCliHere(
        [
          ...changeFlight(`openai-compatible:${server.url}#fake-model`),
          '--request-timeout',
          '1',
          '--max-retries',
          '0',
          '--max-reruns',
          '0',
          '--no-preflight',
          '--no-canary',
          '--json',
          'out.json',
        ],
        cwd,
      );
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(result.stdout).toContain(
        '1× openai-compatible:fake-model still failing after 0 retries: no answer within 1 s',
      );
      const [trial] = (
        JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
          trials: { exit_reason: string; terminal_reason: string; valid: boolean }[];
        }
      ).trials;
      expect(trial).toMatchObject({
        exit_reason: 'provider_error',
        terminal_reason: 'environment_failure',
        valid: false,
      });
    } finally {
      await server.close();
    }
  }, 30_000);

  it('checks the user model in the preflight too', async () => {
    const server = await startFakeOpenAiServer(() => ({
      status: 401,
      body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
    }));
    try {
      const result = await runCliHere(
        ['run', example('retail'), '--user-model', `openai-compatible:${server.url}#fake-user`],
        tempFolder(),
      );
      expect(result.code).toBe(4);
      expect(result.stderr).toContain(
        'the preflight request failed, so no trial was run: openai-compatible:fake-user refused the request: HTTP 401: Incorrect API key provided',
      );
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]).not.toHaveProperty('tools');
    } finally {
      await server.close();
    }
  });

  it('with OPENAI_BASE_URL calls that URL, records it in the system spec and does not price the calls at OpenAI list price', async () => {
    let requests = 0;
    const server = await startFakeOpenAiServer(
      afterPreflight((_body, index) => {
        requests += 1;
        return replies[index] ?? textReply('All done.');
      }),
    );
    const cwd = tempFolder();
    try {
      const result = await runCliHere(
        [...changeFlight('openai:gpt-4o-mini'), '--json', 'out.json'],
        cwd,
        // A trailing slash, as users write it: the library drops it, and so does the record.
        { OPENAI_BASE_URL: `${server.url}/`, OPENAI_API_KEY: 'sk-test' },
      );
      expect(result.stderr).not.toContain('error');
      expect(result.code).toBe(0);
      // Every request of the trial reached the fake server.
      expect(requests).toBeGreaterThanOrEqual(replies.length);
      const output = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as EndpointOutput;
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
