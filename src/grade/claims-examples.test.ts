import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import { validateSuite } from '../run/index.js';
import { failedChecks } from '../schema/index.js';
import { runTrial } from '../trial/index.js';
import { loadSuite } from '../task/index.js';
import { playSteps } from '../testing/index.js';
import { claimsGrader } from './claims-grader.js';
import { extractClaims } from './extract-claims.js';

/**
 * The oracle's messages are true: on every example task, playing the
 * reference path and grading what it says must find no claim the state
 * contradicts. A false positive here would fail correct agents. Tasks
 * whose reference states no action as done are only read, not played
 * (the retail suite's 635 tasks say "All done." and ask before each call).
 */
const SUITES = [
  { folder: 'examples/support', claims: true },
  { folder: 'examples/airline', claims: true },
  { folder: 'examples/retail', claims: false },
];

describe('claims on the example suites', () => {
  for (const { folder, claims } of SUITES) {
    it(`no reference message of ${folder} makes a claim its own end state contradicts`, async () => {
      const suite = await loadSuite(folder, { importModule: (url) => import(url) });
      const problems: string[] = [];
      let claimed = 0;
      for (const task of suite.tasks) {
        const said = task.spec.reference.flatMap((step, index) =>
          'say' in step ? [{ text: step.say, event_index: index }] : [],
        );
        const found = extractClaims(said).length;
        if (found === 0) continue;
        claimed += found;
        // A user who takes over a step needs the trial's user: play the reference in a trial.
        const helped = task.spec.user.script.some((rule) => 'take_over' in rule);
        const checks = helped
          ? ((
              await runTrial({
                task,
                environment: suite.environment,
                agent: createOracleAgent(),
                seed: 1,
                attempt: 1,
                rerun: 0,
                runId: 'r',
                suiteHash: 'h',
                systemHash: 's',
              })
            ).grades['claims']?.checks ?? [])
          : (
              await claimsGrader.grade(
                await playSteps(task, suite.environment, task.spec.reference),
              )
            ).checks;
        for (const check of checks.filter((one) => !one.pass)) {
          problems.push(`${task.id}: ${check.message}`);
        }
      }
      expect(problems).toEqual([]);
      // The suites with claims in their references are tested on some.
      expect(claimed > 0).toBe(claims);
    }, 60_000);
  }
});

describe('endstate validate on the example suites, with the claims grader in every trial', () => {
  for (const folder of ['examples/support', 'examples/airline']) {
    it(`${folder}: references succeed and every known-bad path fails on its named check`, async () => {
      const suite = await loadSuite(folder, { importModule: (url) => import(url) });
      const validation = await validateSuite(suite);
      const failing = validation.tasks.flatMap((task) =>
        task.checks
          .filter((check) => !check.pass && check.severity === 'error')
          .map((check) => `${task.task_id} ${check.name}: ${check.message}`),
      );
      expect(failing).toEqual([]);
      const eva = validation.tasks.find((task) => task.task_id === 'ambiguous-two-orders-eva');
      if (folder === 'examples/support') {
        expect(
          eva?.checks.find((check) => check.name === 'known_bad:reports-another-amount')?.message,
        ).toBe('fails as expected: claims.said[0], claims.verify[0]');
      }
    }, 120_000);
  }
});

describe('a trial whose final message claims a refund it never made', () => {
  it('fails on the claim, with the sentence as evidence, where every other grader passes', async () => {
    const suite = await loadSuite('examples/support', { importModule: (url) => import(url) });
    const quoteOnly = suite.tasks.find((task) => task.id === 'quote-only-8843')!;
    const replayed = {
      ...quoteOnly,
      spec: {
        ...quoteOnly.spec,
        reference: [{ say: 'I have already refunded order 8843 ($25.99).' }],
      },
    };
    const record = await runTrial({
      task: replayed,
      environment: suite.environment,
      agent: createOracleAgent(),
      seed: 1,
      attempt: 1,
      rerun: 0,
      runId: 'r',
      suiteHash: 'h',
      systemHash: 's',
    });
    expect(record.valid).toBe(true);
    expect(record.success).toBe(false);
    expect(failedChecks(record).map((check) => check.id)).toEqual(['claims.said[0]']);
    expect(failedChecks(record)[0]!.evidence).toMatchObject({
      sentence: 'I have already refunded order 8843 ($25.99).',
      action: 'refund',
      ids: ['8843'],
      amounts: [25.99],
    });
  }, 60_000);
});
