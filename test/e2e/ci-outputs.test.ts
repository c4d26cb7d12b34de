import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateJunit } from '../support/xmllint.js';
import { copyExample, example, runCliHere, tempFolder } from './run-cli.js';
import type { CliResult } from './run-cli.js';

interface Output {
  run: { run_id: string };
  scorecard: {
    success_rate: {
      value: number;
      ci95: [number, number];
      successes: number;
      trials: number;
      tasks: number;
    };
    pass_hat_k: Record<string, number>;
    tasks: { task_id: string; successes: number; trials: number }[];
  };
}

// A simulated agent that slips: some tasks fail, so gates and failures have something to bite on.
const RUN = ['run', example('support'), '--agent', 'simulated', '--slip', '0.1'];
const RUN_ARGS = [...RUN, '--trials', '2', '--seed', '7'];

/** The attributes of the first element named `name`. */
function attributesOf(xml: string, name: string): Record<string, string> {
  const tag = new RegExp(`<${name}\\s([^>]*?)/?>`).exec(xml)?.[1] ?? '';
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe('CI outputs', () => {
  const cwd = tempFolder();
  let output: Output;
  let baseline: CliResult;

  beforeAll(async () => {
    baseline = await runCliHere(
      [...RUN_ARGS, '--json', 'out.json', '--junit', 'junit.xml', '--md', 'summary.md'],
      cwd,
    );
    output = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Output;
  });

  it('writes the JUnit and Markdown files after the scorecard and says so', () => {
    expect(baseline.code).toBe(0);
    expect(baseline.stderr).toContain('wrote junit.xml\nwrote summary.md\n');
    const rate = output.scorecard.success_rate.value;
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThan(1);
  });

  it('writes JUnit XML that validates against the common schema, a failure per task under the gate', async () => {
    const xml = readFileSync(join(cwd, 'junit.xml'), 'utf8');
    expect(await validateJunit(xml)).toMatchObject({ valid: true });
    const { tasks } = output.scorecard;
    const under = tasks.filter((task) => task.successes < task.trials);
    expect(under.length).toBeGreaterThan(0);
    expect(attributesOf(xml, 'testsuite')).toMatchObject({
      name: 'support',
      tests: String(tasks.length),
      failures: String(under.length),
      errors: '0',
      skipped: '0',
      id: output.run.run_id,
    });
    expect(xml.match(/<testcase /g)).toHaveLength(tasks.length);
    expect(xml.match(/<failure /g)).toHaveLength(under.length);
    for (const task of under) {
      expect(xml).toContain(`name="${task.task_id}" time="`);
      expect(xml).toContain(`${task.task_id}: ${task.successes} of ${task.trials} valid trial(s)`);
    }
  });

  it('writes a Markdown summary with the run and its figures', () => {
    const markdown = readFileSync(join(cwd, 'summary.md'), 'utf8');
    const { success_rate: rate, pass_hat_k: passHat } = output.scorecard;
    expect(markdown).toContain(`### endstate · \`${output.run.run_id}\``);
    expect(markdown).toContain(
      `| Success | **${(rate.value * 100).toFixed(1)}%** (95% CI ${(rate.ci95[0] * 100).toFixed(1)}% to ${(rate.ci95[1] * 100).toFixed(1)}%; ${rate.successes}/${rate.trials} valid trials, ${rate.tasks} tasks)`,
    );
    expect(markdown).toContain(`k=2 ${passHat['2']!.toFixed(3)}`);
    expect(markdown).toContain('**Tasks under their gate**');
  });

  it('run: exits 0 with a gate at the success rate', async () => {
    const value = output.scorecard.success_rate.value;
    const result = await runCliHere([...RUN_ARGS, '--fail-under', `success_rate=${value}`], cwd);
    expect(result.stderr).not.toContain('gate failed');
    expect(result.code).toBe(0);
  });

  it('run: exits 1 with a gate just above the success rate, naming it', async () => {
    const value = output.scorecard.success_rate.value;
    const result = await runCliHere(
      [...RUN_ARGS, '--fail-under', `success_rate=${value + 0.001}`],
      cwd,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`gate failed: success_rate = ${value.toFixed(4)} is under`);
  });

  it('report: exits 0 at or above every gate and 1 under any, on the stored run', async () => {
    const { run_id: runId } = output.run;
    const passHat = output.scorecard.pass_hat_k['2']!;
    const value = output.scorecard.success_rate.value;
    const report = (...gates: string[]) =>
      runCliHere(['report', runId, ...gates.flatMap((gate) => ['--fail-under', gate])], cwd);
    expect(
      (await report(`success_rate=${value}`, `pass_hat_k@2=${passHat}`, 'valid_rate=1')).code,
    ).toBe(0);
    expect((await report('success_rate=0', 'outcome_rate=0', 'success_rate_lower=0')).code).toBe(0);
    const under = await report(`success_rate=${value}`, `pass_hat_k@2=${passHat + 0.001}`);
    expect(under.code).toBe(1);
    expect(under.stderr).toContain('gate failed: pass_hat_k@2');
    expect(under.stderr).not.toContain('gate failed: success_rate');
    const missingK = await report('pass_hat_k@3=0');
    expect(missingK).toMatchObject({ code: 1 });
    expect(missingK.stderr).toContain('pass_hat_k@3 is not available (k stops at 2)');
  });

  it('report: writes the same JUnit and Markdown as the run, from the store alone', async () => {
    const result = await runCliHere(
      ['report', output.run.run_id, '--junit', 'report.xml', '--md', 'report.md'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(readFileSync(join(cwd, 'report.xml'), 'utf8')).toBe(
      readFileSync(join(cwd, 'junit.xml'), 'utf8'),
    );
    expect(readFileSync(join(cwd, 'report.md'), 'utf8')).toBe(
      readFileSync(join(cwd, 'summary.md'), 'utf8'),
    );
  });

  it('report: --task-gate 0 passes every task that has a valid trial', async () => {
    const result = await runCliHere(
      ['report', output.run.run_id, '--junit', 'lenient.xml', '--task-gate', '0'],
      cwd,
    );
    expect(result.code).toBe(0);
    const xml = readFileSync(join(cwd, 'lenient.xml'), 'utf8');
    expect(attributesOf(xml, 'testsuite')).toMatchObject({ failures: '0', errors: '0' });
    expect(xml).toContain('<property name="task_gate" value="0"/>');
  });

  it.each([
    [['report', 'latest', '--fail-under', 'success=0.8'], /unknown metric "success"/],
    [['report', 'latest', '--fail-under', 'success_rate=80'], /between 0 and 1/],
    [['report', 'latest', '--task-gate', '2'], /expected a probability between 0 and 1/],
    [[...RUN_ARGS, '--fail-under', 'pass_hat_k@0=1'], /unknown metric "pass_hat_k@0"/],
  ])('exits 2 on a bad gate: %j', async (args, message) => {
    const result = await runCliHere(args, cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});

describe('task gate labels', () => {
  it("use a task's gate label over --task-gate, and refuse a bad one before the run", async () => {
    const cwd = copyExample('support');
    const file = join(cwd, 'support/tasks/refund-8842.yaml');
    const original = readFileSync(file, 'utf8');
    const labelled = (gate: string) =>
      original.replace(
        'labels: { family: refund, horizon: short }',
        `labels: { family: refund, horizon: short, gate: ${gate} }`,
      );

    writeFileSync(file, labelled('high'));
    const refused = await runCliHere(
      ['run', 'support', '--tasks', 'refund-8842', '--junit', 'junit.xml'],
      cwd,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('tasks/refund-8842.yaml labels.gate');
    expect(refused.stderr).toContain('got "high"');
    expect(refused.stderr).not.toContain('trials');

    writeFileSync(file, labelled('0'));
    const lenient = await runCliHere(
      [
        'run',
        'support',
        '--tasks',
        'refund-8842*',
        '--agent',
        'simulated',
        '--slip',
        '0.5',
        '--trials',
        '4',
        '--junit',
        'junit.xml',
      ],
      cwd,
    );
    expect(lenient.code).toBe(0);
    const xml = readFileSync(join(cwd, 'junit.xml'), 'utf8');
    expect(await validateJunit(xml)).toMatchObject({ valid: true });
    // The labelled task passes whatever its rate; its unlabelled siblings keep the gate of 1.
    expect(xml).toMatch(/<testcase classname="support" name="refund-8842" time="[\d.]+"\/>/);
    expect(attributesOf(xml, 'testsuite').failures).not.toBe('0');
  });
});

describe('paths in outputs', () => {
  it('names the suite and the saved cases relative to the working folder, never by absolute path', async () => {
    const cwd = copyExample('support');
    const result = await runCliHere(
      [
        'run',
        'support',
        '--agent',
        'simulated',
        '--slip',
        '0.3',
        '--trials',
        '2',
        '--json',
        'out.json',
        '--save-failures',
        join(cwd, 'cases'),
      ],
      cwd,
    );
    expect(result.code, result.stderr).toBe(0);
    const json = readFileSync(join(cwd, 'out.json'), 'utf8');
    const index = readFileSync(join(cwd, 'cases', 'index.json'), 'utf8');
    expect((JSON.parse(json) as { run: { suite: { path: string } } }).run.suite.path).toBe(
      'support',
    );
    expect((JSON.parse(index) as { suite: { path: string } }).suite.path).toBe('support');
    expect(result.stderr).toContain(
      'replay: endstate run support --agent replay --trajectory cases/trajectories.json',
    );
    for (const [what, text] of [
      ['out.json', json],
      ['cases/index.json', index],
      ['the messages', result.stdout + result.stderr],
    ] as const)
      expect(text.includes(cwd), `${what} holds the working folder's absolute path`).toBe(false);
  });
});
