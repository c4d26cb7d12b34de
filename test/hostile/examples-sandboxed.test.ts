import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, copyExample, runCliAsync } from '../e2e/run-cli.js';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from '../e2e/bubblewrap.js';

const SANDBOX = sandboxForTests();
it.skipIf(SANDBOX)(SANDBOX_SKIP_TITLE, () => {});

const AGENTS = join(REPO, 'examples', 'agents');

/** Each task's successes out of its trials, for one run of the support suite. */
async function scores(kind: string, script: string, extra: readonly string[]) {
  const cwd = copyExample('support');
  const result = await runCliAsync(
    [
      'run',
      join(cwd, 'support'),
      '--agent',
      kind,
      '--command',
      `node ${join(AGENTS, script)}`,
      '--concurrency',
      '4',
      '--json',
      'out.json',
      ...extra,
    ],
    cwd,
  );
  expect(result.stderr).not.toContain('error E_');
  const out = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
    trials: { task_id: string; success: boolean; valid: boolean }[];
  };
  expect(out.trials.every((trial) => trial.valid)).toBe(true);
  return Object.fromEntries(out.trials.map((trial) => [trial.task_id, trial.success]));
}

describe.runIf(SANDBOX)('the bundled example agents in the sandbox', { timeout: 240_000 }, () => {
  for (const [kind, script] of [
    ['command', 'refund-agent.mjs'],
    ['mcp', 'mcp-refund-client.mjs'],
  ] as const) {
    it(`${script} (${kind}) scores task for task as it does unisolated`, async () => {
      const inside = await scores(kind, script, []);
      const outside = await scores(kind, script, ['--no-sandbox']);
      expect(Object.keys(inside).length).toBeGreaterThanOrEqual(20);
      expect(Object.values(inside).some(Boolean)).toBe(true);
      expect(inside).toEqual(outside);
    });
  }
});
