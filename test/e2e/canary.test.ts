import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, runCliHere } from './run-cli.js';

describe('the canary gate', () => {
  it('stops a run before any trial when the canary task fails, and says why', async () => {
    const cwd = copyExample('support');
    const file = join(cwd, 'support/tasks/refund-8842.yaml');
    const text = readFileSync(file, 'utf8');
    // Make refund-8842 the canary, and break its reference path (a wrong amount).
    const broken = text
      .replace(
        'labels: { family: refund, horizon: short }',
        'labels: { family: refund, horizon: short, canary: true }',
      )
      .replace(
        "  - { tool: process_refund, args: { order_id: '8842', amount_cents: 4299 } }\n  - tool: send_email",
        "  - { tool: process_refund, args: { order_id: '8842', amount_cents: 4300 } }\n  - tool: send_email",
      );
    expect(broken).not.toBe(text);
    writeFileSync(file, broken);

    const run = await runCliHere(['run', 'support', '--agent', 'simulated', '--trials', '2'], cwd);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'error E_CANARY: the canary failed, so no trial was run: suite support or its environment is broken',
    );
    expect(lines[1]).toMatch(
      /^ {2}tasks\/refund-8842\.yaml: refund-8842 oracle: the oracle \(its reference path\) did not succeed: agent_failure, exit finished; failed expect\.changes\[0\]: /,
    );
    expect(lines.at(-1)).toBe(
      "Hint: Run endstate validate support to see every task's checks. Canary tasks are those labelled canary: true (else the first task); --no-canary skips the gate.",
    );
    // Nothing was recorded.
    const report = await runCliHere(['report', 'latest'], cwd);
    expect(report.code).toBe(2);

    // --no-canary lets the run go ahead; the broken task then fails in its trials.
    const skipped = await runCliHere(
      ['run', 'support', '--agent', 'oracle', '--tasks', 'refund-8842', '--no-canary'],
      cwd,
    );
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toMatch(/Success\s+0\.0%/);
  });

  it('stops a run before any trial when the environment leaks state between trials', async () => {
    const cwd = copyExample('support');
    const tools = join(cwd, 'support/support-tools.ts');
    const text = readFileSync(tools, 'utf8');
    // A refund counter kept in module memory: it outlives the trial.
    const leaky = `let refundsIssued = 0;\n${text.replace(
      "const refundId = context.state.nextId('refunds', 'RF-');",
      'const refundId = `RF-M${++refundsIssued}`;',
    )}`;
    expect(leaky).not.toContain("nextId('refunds'");
    writeFileSync(tools, leaky);
    const task = join(cwd, 'support/tasks/refund-8842.yaml');
    writeFileSync(
      task,
      readFileSync(task, 'utf8').replace(
        'labels: { family: refund, horizon: short }',
        'labels: { family: refund, horizon: short, canary: true }',
      ),
    );

    const run = await runCliHere(['run', 'support', '--agent', 'oracle', '--trials', '1'], cwd);
    expect(run.code).toBe(2);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'error E_CANARY: the canary failed, so no trial was run: suite support or its environment is broken',
    );
    expect(lines[1]).toMatch(
      /^ {2}tasks\/refund-8842\.yaml: refund-8842 leak: a second play of its reference path \(after task [\w.-]+, from a fresh reset, same seed\) differs from the first: tool result of call \d+ \(process_refund\): refund_id "RF-M\d+" vs "RF-M1" \(second vs first\)/,
    );
    expect((await runCliHere(['report', 'latest'], cwd)).code).toBe(2);
  });

  it('passes on an intact suite with the first task as the canary', async () => {
    const cwd = copyExample('support');
    const run = await runCliHere(
      ['run', 'support', '--tasks', 'refund-8842', '--trials', '1'],
      cwd,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Success\s+100\.0%/);
  });
});
