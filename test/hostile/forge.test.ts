import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, example, runCli, tempFolder } from '../e2e/run-cli.js';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from '../e2e/bubblewrap.js';

const SANDBOX = sandboxForTests();
// Said in the test summary, not only counted among the skipped tests.
it.skipIf(SANDBOX)(SANDBOX_SKIP_TITLE, () => {});

interface Report {
  readonly run: { readonly status: string };
  readonly integrity: { readonly status: string };
  readonly scorecard: {
    readonly counts: { readonly successes: number };
    readonly warnings: string[];
  };
}

const FORGER = join(REPO, 'test/fixtures/hostile/store-forger.mjs');

describe('hostile agent: forging stored results', () => {
  it("an agent that rewrites its run's earlier trials as successes is caught: the run's scorecard and report refuse the run, naming the trial", () => {
    const cwd = tempFolder();
    const run = runCli(
      [
        'run',
        example('support'),
        '--tasks',
        'refund-8842',
        '--trials',
        '3',
        '--concurrency',
        '1',
        '--agent',
        'command',
        '--command',
        `node ${FORGER}`,
        // Unisolated, so the forger can reach the store (the sandbox hides it: see below).
        '--no-sandbox',
        // Its trials are under test: the preflight's start would forge before them.
        '--no-preflight',
      ],
      cwd,
    );
    // The forger did rewrite records (its stderr is kept on failed trials only, so check the store's verdict).
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'was changed outside endstate: refund-8842 attempt 1 does not match its seal',
    );
    expect(run.stderr).toMatch(/success(, [a-z_]+)* changed|outcome, success changed/);
    expect(run.stdout).not.toMatch(/Success\s+\d/);

    // `report` refuses the run too, exit 2, naming the first changed trial.
    const report = runCli(['report', 'latest'], cwd);
    expect(report.code).toBe(2);
    expect(report.stderr).toMatch(
      /run \S+ was changed outside endstate: refund-8842 attempt 1 does not match its seal \(changed outside endstate\): outcome, success changed/,
    );
    expect(report.stderr).toContain('--accept-tampered');
    // Nor is it compared or regraded (a regraded run would be sealed anew).
    expect(runCli(['compare', 'latest', 'latest'], cwd).code).toBe(2);
    const regrade = runCli(['regrade', 'latest'], cwd);
    expect(regrade.code).toBe(2);
    expect(regrade.stderr).toContain('was changed outside endstate');

    // Shown anyway on request, marked in every output; the store is healthy and the run finished.
    const accepted = runCli(
      [
        'report',
        'latest',
        '--accept-tampered',
        '--json',
        'out.json',
        '--md',
        'out.md',
        '--junit',
        'out.xml',
      ],
      cwd,
    );
    expect(accepted.stderr).toContain('*** TAMPERED: run');
    expect(accepted.stdout).toContain('warning: TAMPERED: run');
    const json = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Report;
    expect(json.run.status).toBe('finished');
    expect(json.integrity.status).toBe('tampered');
    expect(json.scorecard.warnings[0]).toMatch(/^TAMPERED: /);
    expect(readFileSync(join(cwd, 'out.md'), 'utf8')).toContain('TAMPERED: run');
    expect(readFileSync(join(cwd, 'out.xml'), 'utf8')).toMatch(
      /<property name="integrity" value="TAMPERED: run /,
    );
  }, 60_000);

  it.runIf(SANDBOX)(
    'in the default sandbox the same forger cannot reach the store: the run verifies',
    () => {
      const cwd = tempFolder();
      const run = runCli(
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
          `node ${FORGER}`,
          '--no-preflight',
        ],
        cwd,
      );
      expect(run.stderr).not.toContain('was changed outside endstate');
      const report = runCli(['report', 'latest', '--json', 'out.json'], cwd);
      expect(report.code).toBe(0);
      const json = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Report;
      expect(json.integrity).toEqual({ status: 'sealed', complete: true });
      expect(json.run.status).toBe('finished');
      expect(json.scorecard.counts.successes).toBe(0);
    },
    60_000,
  );

  it('an honest run into the same kind of store verifies, and its report exits 0', () => {
    const cwd = tempFolder();
    const run = runCli(['run', example('support'), '--tasks', 'refund-8842', '--trials', '2'], cwd);
    expect(run.code).toBe(0);
    const report = runCli(['report', 'latest', '--json', 'out.json'], cwd);
    expect(report.code).toBe(0);
    expect(report.stderr).not.toContain('warning');
    const json = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Report;
    expect(json.integrity).toEqual({ status: 'sealed', complete: true });
  }, 60_000);
});
