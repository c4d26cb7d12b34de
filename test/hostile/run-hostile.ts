import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { copyExample, runCliAsync } from '../e2e/run-cli.js';

/** What the hostile tests read of a stored trial. */
export interface HostileTrial {
  success: boolean;
  final_answer: string | null;
  exit_reason: string;
  terminal_reason: string;
  error?: string;
  events: { kind: string; host?: string; port?: number; allowed?: boolean; reason?: string }[];
}

export interface HostileRun {
  readonly cwd: string;
  readonly trial: HostileTrial;
  readonly sandbox: { network: string; allow_hosts?: string[] };
}

/**
 * Runs a hostile command agent on task refund-8842 of a copy of the support
 * suite, with the extra flags, and returns its one trial from --json.
 */
export async function runHostile(command: string, extra: readonly string[]): Promise<HostileRun> {
  const cwd = copyExample('support');
  const result = await runCliAsync(
    [
      'run',
      join(cwd, 'support'),
      '--tasks',
      'refund-8842',
      '--agent',
      'command',
      '--command',
      command,
      '--json',
      'out.json',
      // The trial is what is under test: the preflight would stop a hostile program before it.
      '--no-preflight',
      ...extra,
    ],
    cwd,
  );
  expect(result.stderr).not.toContain('error E_');
  const out = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
    trials: HostileTrial[];
    run: { system: { sandbox: HostileRun['sandbox'] } };
  };
  expect(out.trials).toHaveLength(1);
  return { cwd, trial: out.trials[0]!, sandbox: out.run.system.sandbox };
}

/** The JSON object a probing agent put in its final answer. */
export function answerOf(trial: HostileTrial): Record<string, string> {
  return JSON.parse(trial.final_answer ?? '{}') as Record<string, string>;
}
