import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, example, runCliHere, tempFolder } from './run-cli.js';

function edit(path: string, from: string, to: string): void {
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

describe('endstate lock', () => {
  it('refuses a task changed without a revision bump, then runs it once the revision goes up', async () => {
    const cwd = copyExample('support');
    const task = join(cwd, 'support/tasks/refund-8842.yaml');
    const locked = await runCliHere(['lock', 'support'], cwd);
    expect(locked.code).toBe(0);
    expect(locked.stdout).toMatch(
      /^locked \d+ tasks of suite support in support\/endstate\.lock\.json\n$/,
    );

    edit(task, "default: I'd just like the refund", "default: I'd only like the refund");
    const refused = await runCliHere(['run', 'support', '--tasks', 'refund-8842'], cwd);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      [
        'error E_SUITE_LOCKED: suite support is locked (endstate.lock.json), and 1 task no longer matches it:',
        '  tasks/refund-8842.yaml:2 revision: task refund-8842 changed since the suite was locked, but its revision is still 1',
        'Hint: Bump revision: to 2 in tasks/refund-8842.yaml and run endstate lock support, or undo the change.',
        '',
      ].join('\n'),
    );
    // validate, mcp and lock itself refuse the same way; nothing reaches a store.
    for (const args of [
      ['validate', 'support'],
      ['mcp', 'support', '--task', 'refund-8842'],
      ['lock', 'support'],
    ]) {
      expect(await runCliHere(args, cwd)).toMatchObject({ code: 2, stderr: refused.stderr });
    }
    expect(existsSync(join(cwd, '.endstate'))).toBe(false);

    edit(task, 'revision: 1', 'revision: 2');
    const ran = await runCliHere(
      ['run', 'support', '--tasks', 'refund-8842', '--json', 'out.json'],
      cwd,
    );
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain(
      'warning: the lock of suite support is out of date (refund-8842 revision 1 → 2): run endstate lock support to update endstate.lock.json\n',
    );
    const output = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
      run: { suite: { revisions: Record<string, number> } };
      trials: { task_id: string; task_revision: number }[];
    };
    expect(output.run.suite.revisions).toEqual({ 'refund-8842': 2 });
    expect(output.trials).toMatchObject([{ task_id: 'refund-8842', task_revision: 2 }]);

    expect(await runCliHere(['lock', 'support', '--check'], cwd)).toMatchObject({
      code: 2,
      stderr:
        'error E_SUITE_LOCKED: the lock of suite support is out of date: refund-8842 revision 1 → 2\nHint: Run endstate lock support and commit support/endstate.lock.json.\n',
    });
    expect((await runCliHere(['lock', 'support'], cwd)).stdout).toContain(
      'recorded: refund-8842 revision 1 → 2\n',
    );
    expect((await runCliHere(['lock', 'support', '--check'], cwd)).code).toBe(0);
  }, 180_000);

  it('says a suite without a lock file is not locked when checked', async () => {
    const result = await runCliHere(['lock', example('support'), '--check'], tempFolder());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error E_FILE_NOT_FOUND: suite support is not locked: no ');
  });
});
