import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TrialRecordSchema } from '../../src/schema/index.js';
import { REPO, example, runCliHere, tasksRunWithoutJudge, tempFolder } from './run-cli.js';

const TRIALS = 40;
const RUN = ['--agent', 'simulated', '--slip', '0.2', '--trials', String(TRIALS), '--seed', '11'];

/** Starts a run and kills its process with SIGKILL once `atLeast` trials are stored. */
async function killMidway(cwd: string, atLeast: number): Promise<number> {
  const child = spawn(
    process.execPath,
    [join(REPO, 'bin/endstate.js'), 'run', example('support'), ...RUN, '--concurrency', '64'],
    { cwd, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const db = join(cwd, '.endstate/endstate.db');
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (child.exitCode !== null) throw new Error(`the run ended before it was killed:\n${stderr}`);
    let stored: number;
    try {
      const reader = new Database(db, { readonly: true, fileMustExist: true });
      stored = (reader.prepare('SELECT count(*) AS n FROM trials').get() as { n: number }).n;
      reader.close();
    } catch {
      continue; // not created yet
    }
    if (stored >= atLeast) {
      child.kill('SIGKILL');
      await exited;
      return stored;
    }
  }
}

interface Scorecard {
  run_id: string;
  latency_ms: unknown;
  [key: string]: unknown;
}
/** The scorecard without what names the run itself or measures wall time. */
const comparable = ({ run_id, latency_ms: _, ...rest }: Scorecard) =>
  JSON.parse(JSON.stringify(rest).replaceAll(`${run_id}/`, '<run>/')) as unknown;

describe('resuming a killed run', () => {
  it('stores every planned trial exactly once and scores as a run never interrupted', async () => {
    const cwd = tempFolder();
    const storedAtKill = await killMidway(cwd, 150);
    const planned = tasksRunWithoutJudge('support') * TRIALS;
    expect(storedAtKill).toBeLessThan(planned);

    // The wrong system is refused, with what differs.
    const wrong = await runCliHere(
      ['run', example('support'), ...RUN.slice(2), '--agent', 'oracle', '--resume', 'latest'],
      cwd,
    );
    expect(wrong.code).toBe(2);
    const refusal = wrong.stderr.split('\n');
    expect(refusal[0]).toMatch(
      /^error E_RESUME: cannot resume run run-\S+: the system under test is not the run's \(system hash [0-9a-f]{12} then, [0-9a-f]{12} now\)$/,
    );
    expect(refusal[1]).toMatch(/^ {2}agent: \{"kind":"simulated",.*\} → \{"kind":"oracle",.*\}$/);
    expect(wrong.stderr).toContain('Hint: Pass the same --agent and agent options as the run');

    // No suite and no agent flags: the run's record holds its suite path and system spec.
    const resumed = await runCliHere(['run', '--resume', 'latest', '--json', 'resumed.json'], cwd);
    expect(resumed.code).toBe(0);
    const done = Number(
      new RegExp(`resuming run-\\S+: (\\d+) of ${planned} trials were stored`).exec(
        resumed.stderr,
      )?.[1],
    );
    expect(done).toBeGreaterThanOrEqual(storedAtKill);
    expect(done).toBeLessThan(planned);

    // In the store: one final record per planned trial, each valid per the schema, no duplicates.
    const reader = new Database(join(cwd, '.endstate/endstate.db'), { readonly: true });
    const rows = reader
      .prepare('SELECT trial_id, task_id, attempt, rerun, record, events FROM trials')
      .all() as {
      trial_id: string;
      task_id: string;
      attempt: number;
      rerun: number;
      record: string;
      events: string;
    }[];
    const runs = reader.prepare('SELECT run_id, status FROM runs').all() as {
      run_id: string;
      status: string;
    }[];
    reader.close();
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe('finished');
    const attempts = new Map<string, number>();
    for (const row of rows) {
      const record = TrialRecordSchema.parse({
        ...JSON.parse(row.record),
        events: JSON.parse(row.events),
      });
      expect(record.trial_id).toBe(row.trial_id);
      if (record.valid || record.rerun === 2) {
        const key = `${row.task_id}/${row.attempt}`;
        attempts.set(key, (attempts.get(key) ?? 0) + 1);
      }
    }
    expect(new Set(rows.map((row) => row.trial_id)).size).toBe(rows.length);
    expect(attempts.size).toBe(planned);
    expect([...attempts.values()].every((count) => count === 1)).toBe(true);

    // The same run, never interrupted.
    const elsewhere = tempFolder();
    const whole = await runCliHere(
      ['run', example('support'), ...RUN, '--json', 'whole.json'],
      elsewhere,
    );
    expect(whole.code).toBe(0);
    const read = (folder: string, file: string) =>
      (JSON.parse(readFileSync(join(folder, file), 'utf8')) as { scorecard: Scorecard }).scorecard;
    const resumedCard = read(cwd, 'resumed.json');
    const wholeCard = read(elsewhere, 'whole.json');
    expect(resumedCard.run_id).not.toBe(wholeCard.run_id);
    expect(comparable(resumedCard)).toEqual(comparable(wholeCard));
    // The progress log counts the stored trials too: its last line is the whole run's.
    const lastCounts = (stderr: string) =>
      new RegExp(`\\b${planned}/${planned} trials · \\d+ ok · \\d+ invalid`).exec(stderr)?.[0];
    expect(lastCounts(resumed.stderr)).toBeDefined();
    expect(lastCounts(resumed.stderr)).toBe(lastCounts(whole.stderr));
  }, 120_000);

  it('refuses a finished run', async () => {
    const cwd = tempFolder();
    expect(
      (await runCliHere(['run', example('support'), '--tasks', 'refund-8842'], cwd)).code,
    ).toBe(0);
    const again = await runCliHere(['run', example('support'), '--resume', 'latest'], cwd);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(
      /^error E_RESUME: run run-\S+ is finished: there is nothing to resume\nHint: Show it with: endstate report run-\S+\n$/,
    );
  });
});
