import { describe, expect, it } from 'vitest';
import { buildRun, buildTrials } from '../../../test/support/run-fixture.js';
import { validateJunit } from '../../../test/support/xmllint.js';
import type { TrialRecord } from '../../schema/index.js';
import { buildGrades } from '../../testing/index.js';
import { buildScorecard } from '../analysis/build-scorecard.js';
import { renderJunit } from './render-junit.js';

const refundMissing: Partial<TrialRecord> = {
  grades: buildGrades({
    outcome: [
      {
        id: 'expect.changes[1]',
        kind: 'insert',
        pass: false,
        message: 'no refunds record matches { order_id: "8842" } & amount < 4300',
        evidence: null,
      },
    ],
  }),
};

function render(trials: TrialRecord[], taskIds: string[], taskGate = 1, suiteName = 'demo') {
  const run = buildRun(taskIds, 4, suiteName);
  return renderJunit({ scorecard: buildScorecard(run, trials), trials, taskGate });
}

/** The attributes of the first element named `name`. */
function attributesOf(xml: string, name: string): Record<string, string> {
  const tag = new RegExp(`<${name}\\s([^>]*?)/?>`).exec(xml)?.[1] ?? '';
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe('renderJunit', () => {
  it('writes a test case per task, a failure under the gate and an error without valid trials', () => {
    const trials = [
      ...buildTrials('refund-8842', ['1', '0', '1', '1'], { failure: refundMissing }),
      ...buildTrials('quote-8843', ['1', '1', '1', '1']),
      ...buildTrials('flaky-env', ['xxx', 'xxx', 'xxx', 'xxx']),
    ];
    expect(render(trials, ['refund-8842', 'quote-8843', 'flaky-env'])).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="endstate" tests="3" failures="1" errors="1" time="5.000">
        <testsuite name="demo" tests="3" failures="1" errors="1" skipped="0" time="5.000" id="run-20261130-000000-abcdef">
          <properties>
            <property name="run_id" value="run-20261130-000000-abcdef"/>
            <property name="suite_hash" value="aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"/>
            <property name="system_hash" value="bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"/>
            <property name="agent" value="simulated:simulated@1"/>
            <property name="success_rate" value="0.875"/>
            <property name="success_rate_ci95_lower" value="0.21259088295995726"/>
            <property name="success_rate_ci95_upper" value="0.9802132659100279"/>
            <property name="success_rate_method" value="pseudo-task-bootstrap"/>
            <property name="successes" value="7"/>
            <property name="valid_trials" value="8"/>
            <property name="invalid_attempts" value="12"/>
            <property name="trials_per_task" value="4"/>
            <property name="pass_hat_k@1" value="0.875"/>
            <property name="pass_hat_k@2" value="0.75"/>
            <property name="pass_hat_k@3" value="0.625"/>
            <property name="pass_hat_k@4" value="0.5"/>
            <property name="cost_per_success_usd" value="0"/>
            <property name="task_gate" value="1"/>
          </properties>
          <testcase classname="demo" name="refund-8842" time="1.000">
            <failure message="3/4 trials succeeded (75.0%), under the gate 1" type="under-gate">refund-8842: 3 of 4 valid trial(s) succeeded, 75.0% (95% CI 30.1% to 95.4%); gate 1 (--task-gate)

      Most failed checks (failed trials, check, kind, first message):
        1x expect.changes[1] (insert): no refunds record matches { order_id: "8842" } &amp; amount &lt; 4300

      Failed trials:
        attempt 2 (seed 101): exit finished; outcome:insert</failure>
          </testcase>
          <testcase classname="demo" name="quote-8843" time="1.000"/>
          <testcase classname="demo" name="flaky-env" time="3.000">
            <error message="no valid trial: 12 invalid attempt(s)" type="no-valid-trial">flaky-env: all 12 attempt(s) were invalid, so the task could not be judged
        attempt 1 rerun 0: environment_failure (exit tool_crash)
        attempt 1 rerun 1: environment_failure (exit tool_crash)
        attempt 1 rerun 2: environment_failure (exit tool_crash)
        attempt 2 rerun 0: environment_failure (exit tool_crash)
        attempt 2 rerun 1: environment_failure (exit tool_crash)
        attempt 2 rerun 2: environment_failure (exit tool_crash)
        attempt 3 rerun 0: environment_failure (exit tool_crash)
        attempt 3 rerun 1: environment_failure (exit tool_crash)
        attempt 3 rerun 2: environment_failure (exit tool_crash)
        attempt 4 rerun 0: environment_failure (exit tool_crash)
        ...and 2 more</error>
          </testcase>
        </testsuite>
      </testsuites>
      "
    `);
  });
});

describe('renderJunit gates', () => {
  const half = [...buildTrials('t', ['1', '0', '1', '0'], { failure: refundMissing })];

  it('fails a task under --task-gate and passes it at the gate', () => {
    expect(attributesOf(render(half, ['t'], 1), 'testsuite')).toMatchObject({ failures: '1' });
    expect(attributesOf(render(half, ['t'], 0.5), 'testsuite')).toMatchObject({ failures: '0' });
    expect(attributesOf(render(half, ['t'], 0.51), 'testsuite')).toMatchObject({ failures: '1' });
  });

  it("lets a task's gate label override --task-gate", () => {
    const labelled = buildTrials('t', ['1', '0', '1', '0'], { labels: { gate: '0.5' } });
    const xml = render(labelled, ['t'], 1);
    expect(attributesOf(xml, 'testsuite')).toMatchObject({ tests: '1', failures: '0' });
    const strict = buildTrials('t', ['1', '1', '1', '0'], { labels: { gate: '1' } });
    expect(attributesOf(render(strict, ['t'], 0), 'failure')).toMatchObject({
      message: '3/4 trials succeeded (75.0%), under the gate 1',
    });
    expect(render(strict, ['t'], 0)).toContain("gate 1 (the task's gate label)");
  });

  it('errs on a task with no stored trial (an interrupted run)', () => {
    const xml = render(buildTrials('a', ['1', '1', '1', '1']), ['a', 'b']);
    expect(attributesOf(xml, 'error')).toEqual({
      message: 'no trial stored',
      type: 'missing-trials',
    });
  });

  it('refuses a gate label that is not a rate, naming the task', () => {
    expect(() => render(buildTrials('t', ['1'], { labels: { gate: 'high' } }), ['t'])).toThrow(
      /task t: the gate must be a success rate between 0 and 1, got "high"/,
    );
  });
});

describe('renderJunit and the common JUnit schema', () => {
  it('validates against junit-10.xsd (libxml2, built to WebAssembly)', async () => {
    const trials = [
      ...buildTrials('refund-8842', ['1', '0', '0', 'x1'], { failure: refundMissing }),
      ...buildTrials('quote-8843', ['1', '1', '1', '1']),
      ...buildTrials('flaky-env', ['xxx', 'xxx', 'xxx', 'xxx']),
    ];
    const xml = render(trials, ['refund-8842', 'quote-8843', 'flaky-env', 'never-ran']);
    expect(await validateJunit(xml)).toEqual({
      valid: true,
      output: expect.stringContaining('validates'),
    });
  });

  it('stays valid XML with quotes, markup and control characters in names and messages', async () => {
    const nasty = `"<b>" & 'x' \u0000\u0007\u001b\ud800 ]]> 😀\r\n\ttab`;
    const failure: Partial<TrialRecord> = {
      grades: buildGrades({
        outcome: [
          {
            id: `expect.assert[0] ${nasty}`,
            kind: 'cel',
            pass: false,
            message: nasty,
            evidence: null,
          },
        ],
      }),
      error: nasty,
    };
    const trials = buildTrials('t', ['0', '1'], { failure, labels: { note: nasty } });
    const xml = render(trials, ['t'], 1, `suite ${nasty}`);
    const controls = [...xml].filter((char) => char < ' ' && !'\t\n\r'.includes(char));
    expect(controls).toEqual([]);
    expect(await validateJunit(xml)).toMatchObject({ valid: true });
  });

  it('is rejected by the schema when it breaks it (the check is real)', async () => {
    const xml = render(buildTrials('t', ['1']), ['t']).replace(
      '<testsuite name="demo"',
      '<testsuite',
    );
    expect(await validateJunit(xml)).toMatchObject({
      valid: false,
      output: expect.stringMatching(/name/),
    });
  });

  it('escapes what a suite, task or agent wrote, and stays valid against the schema', async () => {
    const hostile = [
      'a|b',
      'tick`tock',
      'end]]>',
      'nul\u0000',
      'two\nlines',
      'lone\uD800',
      '<x y="1">',
    ];
    const agentError: Partial<TrialRecord> = {
      ...refundMissing,
      error: 'agent wrote ]]> <![CDATA[ & \u0000\u001b[31m\uDFFF "quoted" \'single\'\n</failure>',
    };
    const trials = hostile.flatMap((id) => [
      ...buildTrials(id, ['0', '1'], { failure: agentError }),
    ]);
    const xml = render(trials, hostile, 1, '<img src=x onerror=alert(1)>');
    const { valid, output } = await validateJunit(xml);
    expect(output).toMatch(/validates/);
    expect(valid).toBe(true);
    expect(xml).not.toMatch(/]]>|<img|<x /);
    expect(xml.includes('\u0000') || xml.includes('\u001b')).toBe(false);
    expect(xml).toContain('name="&lt;img src=x onerror=alert(1)&gt;"');
    expect(xml).toContain('agent wrote ]]&gt; &lt;![CDATA[ &amp; \uFFFD\uFFFD[31m\uFFFD');
  });
});
