import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, example, runCli, tempFolder } from './run-cli.js';

describe('files read whole have a size limit', () => {
  it('refuses a 5 MiB task file from its size, before parsing it, with exit 2', () => {
    const cwd = copyExample('support');
    const task = readFileSync(join(cwd, 'support/tasks/refund-8842.yaml'), 'utf8');
    // Past the task, YAML no parser accepts: a parse would report it.
    const text = `${task.replace('id: refund-8842', 'id: big')}\n${'- [unclosed: {\n'.repeat(400_000)}`;
    writeFileSync(join(cwd, 'support/tasks/big.yaml'), text.slice(0, 5 * 1024 * 1024));
    const result = runCli(['validate', 'support'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'tasks/big.yaml: is 5 MiB (5,242,880 bytes), over the 4 MiB (4,194,304 bytes) limit for a file read whole, so it was not parsed: split it into smaller tasks',
    );
    expect(result.stderr).not.toContain('unclosed');
    expect(result.stderr).not.toMatch(/MISSING_CHAR|BAD_INDENT/);
  });

  it('refuses a --faults file over the limit, naming it, its size and the limit', () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, 'faults.yaml'), `# ${'x'.repeat(5 * 1024 * 1024)}\n[]\n`);
    const result = runCli(['run', example('support'), '--faults', 'faults.yaml'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error E_FAULTS_INVALID: faults file faults.yaml is too large');
    expect(result.stderr).toContain(
      'faults.yaml: is 5.0 MiB (5,242,886 bytes), over the 4 MiB (4,194,304 bytes) limit',
    );
  });
});
