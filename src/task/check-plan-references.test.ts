import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import support from '../../examples/support/environment.js';
import { isEndstateError } from '../core/index.js';
import { loadSuite } from './load-suite.js';

const TASK = readFileSync('examples/support/tasks/refund-8842.yaml', 'utf8');
let root: string | undefined;
afterEach(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

async function loadTask(text: string): Promise<unknown> {
  root = mkdtempSync(join(tmpdir(), 'endstate-plan-references-'));
  mkdirSync(join(root, 'tasks'));
  writeFileSync(join(root, 'environment.js'), '');
  writeFileSync(join(root, 'tasks/task.yaml'), text);
  try {
    return await loadSuite(root, { importModule: () => Promise.resolve({ default: support }) });
  } catch (error) {
    return error;
  }
}

const withSection = (section: string) => TASK.replace('\nreference:', `\n${section}\nreference:`);

describe('plan and sub-goal sections at load', () => {
  it('load when they name tools of the environment', async () => {
    const error = await loadTask(
      withSection(
        [
          'plan:',
          '  from: message',
          '  checks:',
          "    - { includes: { tool: process_refund, args: { order_id: '8842' } } }",
          '    - { order: [check_eligibility, process_refund] }',
          'subgoals:',
          "  - { name: refund made, weight: 3, change: { insert: refunds, match: { order_id: '8842' } } }",
          "  - { name: amount told, said: '42.99' }",
        ].join('\n'),
      ),
    );
    expect(isEndstateError(error)).toBe(false);
  });

  it('name each unknown tool, a plan tool the environment lacks and a broken assertion, at their lines', async () => {
    const error = await loadTask(
      withSection(
        [
          'plan:',
          '  from: tool',
          '  checks:',
          '    - { excludes: { tool: delete_everything } }',
          '    - { order: [check_eligibility, refund_now] }',
          'subgoals:',
          '  - { name: looked up, called: { tool: lookup } }',
          '  - { name: broken, assert: "sT.refunds.size( == 1" }',
        ].join('\n'),
      ),
    );
    expect(isEndstateError(error)).toBe(true);
    const problems = isEndstateError(error) ? (error.problems ?? []) : [];
    const paths = problems.map((problem) => problem.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'plan.from',
        'plan.checks[0].excludes.tool',
        'plan.checks[1].order[1]',
        'subgoals[0].called.tool',
        'subgoals[1].assert',
      ]),
    );
    expect(problems.every((problem) => typeof problem.line === 'number')).toBe(true);
    expect(problems.find((p) => p.path === 'plan.from')?.message).toMatch(
      /needs a tool named "submit_plan" in environment support/,
    );
  });

  it('refuses a sub-goal weighing nothing, at its line', async () => {
    const error = await loadTask(
      withSection("subgoals:\n  - { name: nothing, weight: 0, said: '42.99' }"),
    );
    const problems = isEndstateError(error) ? (error.problems ?? []) : [];
    expect(problems.map((problem) => [problem.path, problem.message])).toEqual([
      ['subgoals[0].weight', expect.stringContaining('give a weight above 0')],
    ]);
  });
});
