import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, example, runCliHere, tempFolder } from './run-cli.js';

describe('endstate view', () => {
  it('serves the run list and a report on 127.0.0.1 until Ctrl-C, then exits 0', async () => {
    const cwd = tempFolder();
    expect(
      (
        await runCliHere(
          ['run', example('support'), '--agent', 'oracle', '--tasks', 'refund-8842'],
          cwd,
        )
      ).code,
    ).toBe(0);
    const child = spawn(process.execPath, [join(REPO, 'bin/endstate.js'), 'view', 'latest'], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const runUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /run latest: (http:\/\/127\.0\.0\.1:\d+\/runs\/\S+)/.exec(stdout);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`view exited ${code}: ${stderr}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

    const list = await fetch(new URL('/', runUrl));
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('endstate runs');
    const report = await fetch(runUrl);
    expect(report.status).toBe(200);
    expect(await report.text()).toContain('id="endstate-summary"');

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toContain('endstate view: stopped');
  });
});
