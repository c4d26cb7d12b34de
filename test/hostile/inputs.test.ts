import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, runCli } from '../e2e/run-cli.js';
import { validateJunit } from '../support/xmllint.js';

/**
 * Hostile inputs: task, faults and suite names written to break the
 * harness. Each must be refused (or made harmless), and the harness must
 * stay healthy: the run finishes and its report reads back.
 */

const TASK = 'support/tasks/refund-8842.yaml';

function supportWith(edit: (text: string) => string | Uint8Array): string {
  const cwd = copyExample('support');
  const file = join(cwd, TASK);
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return cwd;
}

const ORACLE = ['--agent', 'oracle', '--tasks', 'refund-8842', '--trials', '1'];

// Each test runs the CLI, some of them a whole (small) run.
describe('hostile inputs', { timeout: 120_000 }, () => {
  it('a backtracking when: pattern on a 28-character message does not block the run', () => {
    // In V8, (a+)+$ on 28 "a"s and a "!" takes minutes; the test would time out.
    const cwd = supportWith((text) =>
      text
        .replace('  script:\n', () => "  script:\n    - { when: '(a+)+$', say: 'never' }\n")
        .replace('reference:\n', `reference:\n  - say: ${'a'.repeat(28)}!\n`),
    );
    const run = runCli(['run', 'support', ...ORACLE, '--json', 'out.json'], cwd);
    expect(run.code, run.stderr).toBe(0);
    const { trials } = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
      trials: { success: boolean }[];
    };
    expect(trials.map((trial) => trial.success)).toEqual([true]);
    expect(runCli(['report', 'latest'], cwd).code).toBe(0);
  });

  it('a faults file that injects at __proto__.x is refused at its line before the run', () => {
    const cwd = copyExample('support');
    writeFileSync(
      join(cwd, 'faults.yaml'),
      'inject:\n  - tool: get_order\n    field: __proto__.polluted\n    text: hi\n    goal: { tool: send_email }\n',
    );
    const run = runCli(['run', 'support', ...ORACLE, '--faults', 'faults.yaml'], cwd);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /faults\.yaml:3:\d+ inject\[0\]\.field: "__proto__" cannot be a key/,
    );
    expect(runCli(['report', 'latest'], cwd).code).not.toBe(0);
  });

  it('a task file with a byte that is not UTF-8 is refused, naming the offset', () => {
    const cwd = supportWith((text) => {
      const bytes = Buffer.from(text);
      bytes[text.indexOf('double-clicks')] = 0xff;
      return bytes;
    });
    const run = runCli(['validate', 'support'], cwd);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /tasks\/refund-8842\.yaml:\d+: is not valid UTF-8: byte 0xff at byte offset \d+/,
    );
  });

  it('a CEL assertion nesting three comprehensions is refused at load, naming the limit', () => {
    const assertion = 'sT.orders.all(a, sT.orders.all(b, sT.orders.exists(c, c == a || c == b)))';
    const cwd = supportWith((text) =>
      text.replace('  assert:\n', `  assert:\n    - ${assertion}\n`),
    );
    const run = runCli(['validate', 'support'], cwd);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /tasks\/refund-8842\.yaml:\d+:\d+ expect\.assert\[0\]: CEL assertion nests comprehensions 3 deep, past the CEL limit of 2/,
    );
  });

  it('a suite named like an HTML tag shows as text in Markdown and valid JUnit', async () => {
    const cwd = copyExample('support');
    const name = '<img src=x onerror=alert(1)>';
    renameSync(join(cwd, 'support'), join(cwd, name));
    const run = runCli(['run', name, ...ORACLE, '--md', 'out.md', '--junit', 'out.xml'], cwd);
    expect(run.code).toBe(0);
    const markdown = readFileSync(join(cwd, 'out.md'), 'utf8');
    expect(markdown).toContain('Suite **&lt;img src=x onerror=alert(1)&gt;**');
    expect(markdown).not.toContain('<img');
    const junit = readFileSync(join(cwd, 'out.xml'), 'utf8');
    expect((await validateJunit(junit)).valid).toBe(true);
    expect(junit).not.toContain('<img');
    expect(runCli(['report', 'latest'], cwd).code).toBe(0);
  });
});
