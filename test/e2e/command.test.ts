import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { example, runCli, runCliHere, tempFolder } from './run-cli.js';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from './bubblewrap.js';

const SANDBOX = sandboxForTests();
// Said in the test summary, not only counted among the skipped tests.
it.skipIf(SANDBOX)(SANDBOX_SKIP_TITLE, () => {});

describe('endstate run --agent command', () => {
  it.runIf(SANDBOX)(
    'runs the example agent through the JSON-lines protocol and completes refund-8842',
    () => {
      const cwd = tempFolder();
      const agent = join(example('..'), 'examples', 'agents', 'refund-agent.mjs');
      const result = runCli(
        [
          'run',
          example('support'),
          '--tasks',
          'refund-8842',
          '--agent',
          'command',
          '--command',
          `node ${agent}`,
          '--json',
          'out.json',
        ],
        cwd,
      );
      expect(result.code).toBe(0);
      const { trials, run } = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
        trials: { success: boolean; final_answer: string }[];
        run: { system: { agent: { kind: string; options: { command: string[] } } } };
      };
      expect(trials[0]).toMatchObject({ success: true });
      expect(trials[0]!.final_answer).toContain('42.99');
      expect(run.system.agent).toMatchObject({
        kind: 'command',
        options: { command: ['node', agent] },
      });
    },
  );

  it('needs --command, refuses shell syntax, exit 2', async () => {
    const cwd = tempFolder();
    expect(await runCliHere(['run', example('support'), '--agent', 'command'], cwd)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--agent command needs --command'),
    });
    expect(
      await runCliHere(
        ['run', example('support'), '--agent', 'command', '--command', 'node a.mjs | tee log'],
        cwd,
      ),
    ).toMatchObject({ code: 2, stderr: expect.stringContaining('uses shell syntax') });
  });
});
