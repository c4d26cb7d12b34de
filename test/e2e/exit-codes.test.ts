import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAiServer } from '../../src/testing/index.js';
import { REPO, example, runCli, runCliHere, tempFolder } from './run-cli.js';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from './bubblewrap.js';

const SANDBOX = sandboxForTests();
// Said in the test summary, not only counted among the skipped tests.
it.skipIf(SANDBOX)(SANDBOX_SKIP_TITLE, () => {});

const CRASHING = join(REPO, 'test/fixtures/crashing-suite');

describe('exit codes a CI can trust', () => {
  it('exits 4 when every trial is invalid, and shows why under the scorecard', async () => {
    const cwd = tempFolder();
    const result = await runCliHere(['run', CRASHING, '--no-canary'], cwd);
    expect(result.code).toBe(4);
    expect(result.stdout).toMatch(/^Success {4}— /m);
    expect(result.stdout).toContain(
      'no valid trial: all 3 attempt(s) were invalid, so there is no success rate',
    );
    expect(result.stdout).toContain(
      [
        'Invalid attempts (3; left out of every rate and rerun; 1 planned trial(s) have no valid record)',
        '      3  environment_failure · exit tool_crash',
        '         e.g. tool get_order crashed: the order database is unreachable',
      ].join('\n'),
    );
    expect(result.stderr).toContain(
      'invalid trials: 1 of 1 planned trial(s) have no valid record after reruns (100.0%, over --max-invalid 0)',
    );
  });

  it('lets --max-invalid tolerate missing trials, checks its range, and report applies it when asked', async () => {
    const cwd = tempFolder();
    expect(
      (await runCliHere(['run', CRASHING, '--no-canary', '--max-invalid', '1'], cwd)).code,
    ).toBe(0);
    expect((await runCliHere(['report', 'latest'], cwd)).code).toBe(0);
    expect(await runCliHere(['report', 'latest', '--max-invalid', '0.5'], cwd)).toMatchObject({
      code: 4,
      stderr: expect.stringContaining('over --max-invalid 0.5'),
    });
    expect(
      await runCliHere(['run', CRASHING, '--no-canary', '--max-invalid', '1.5'], cwd),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('expected a probability between 0 and 1'),
    });
  });

  it('puts invalid trials (4) before a failed gate (1)', async () => {
    const cwd = tempFolder();
    const result = await runCliHere(
      ['run', CRASHING, '--no-canary', '--fail-under', 'success_rate=0.5'],
      cwd,
    );
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('gate failed: success_rate is not available');
  });

  it.runIf(SANDBOX)(
    'shows the kinds of agent errors, their counts and a trial to show, in the terminal',
    () => {
      const cwd = tempFolder();
      writeFileSync(
        join(cwd, 'chatty.mjs'),
        "process.stdout.write('Hello! I will look into that order.\\n');\nsetTimeout(() => process.exit(0), 100);\n",
      );
      const result = runCli(
        [
          'run',
          example('support'),
          '--tasks',
          'refund-8842',
          '--trials',
          '2',
          '--agent',
          'command',
          '--command',
          'node chatty.mjs',
          // The preflight would stop the run at the first line; here its trials are the point.
          '--no-preflight',
        ],
        cwd,
      );
      expect(result.code).toBe(0);
      const lines = result.stdout.split('\n');
      const from = lines.findIndex((line) => line.startsWith('Agent errors ('));
      expect(from).toBeGreaterThan(0);
      expect(lines[from]).toBe(
        'Agent errors (2 in 2 valid trial(s), 1 kind(s), all; quoted values and numbers masked)',
      );
      expect(lines[from + 1]).toBe(
        "      2× in 2 trial(s)  agent error (crash or protocol): agent error: line # of the program's stdout is not JSON (…). Each stdout line must be one JSON message (…); write logs to stderr. Line #: …",
      );
      expect(lines[from + 2]).toMatch(/^ {9}e\.g\. agent error: line 1 of .* Line 1: /);
      expect(lines[from + 3]).toMatch(/^ {14}endstate show refund-8842 1 --run run-\S+$/);
    },
  );

  it('scores a model that cannot use the tools 0%, counts it, and exits 1', async () => {
    // Every request is refused with a 422, a refusal that does not stop the run:
    // the model cannot serve the harness's requests. (Unreadable tool calls are the
    // agent's own failures, not an incompatibility.)
    const server = await startFakeOpenAiServer(() => ({
      status: 422,
      body: {
        error: { message: 'this model cannot serve tool requests', type: 'invalid_request_error' },
      },
    }));
    const cwd = tempFolder();
    writeFileSync(
      join(cwd, 'pricing.json'),
      JSON.stringify({ models: { 'openai-compatible:fake-model': { input: 2, output: 10 } } }),
    );
    try {
      const result = await runCliHere(
        [
          'run',
          example('support'),
          '--tasks',
          'refund-8842',
          '--trials',
          '2',
          '--agent',
          'llm',
          '--model',
          `openai-compatible:${server.url}#fake-model`,
          '--pricing',
          'pricing.json',
          '--no-preflight',
          '--json',
          'out.json',
        ],
        cwd,
      );
      expect(result.stdout).toContain('Success    0.0%');
      expect(result.stdout).toContain('harness_incompatibility 2');
      expect(result.stdout).toContain(
        'note: 2 of 2 valid trial(s) ended in harness_incompatibility (the model could not use the tools): counted as failures',
      );
      expect(result.stdout).toContain('this model cannot serve tool requests');
      expect(result.stderr).toContain('incompatible: 2 of 2 valid trial(s)');
      expect(result.code).toBe(1);
    } finally {
      await server.close();
    }
  });
});
