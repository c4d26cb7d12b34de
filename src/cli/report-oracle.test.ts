import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrialRecord } from '../schema/index.js';
import { openSqliteStore } from '../store/index.js';
import { buildRunRecord, buildTrialRecord } from '../testing/index.js';
import type { CliIo } from './cli-io.js';
import { reportCommand } from './report-command.js';

function captureIo(cwd: string): CliIo & { readonly output: string[] } {
  const output: string[] = [];
  return {
    cwd,
    env: {},
    isTty: false,
    output,
    out: (text) => void output.push(text),
    err: (text) => void output.push(text),
  };
}

const TASKS = ['s@1', 's@2'];

/** Sequence s, attempt 1: episode 1 on v1, episode 2 on v2, passing as given. */
function episodes(runId: string, outcomes: string): TrialRecord[] {
  return [...outcomes].map((outcome, index) => ({
    ...buildTrialRecord({
      task_id: TASKS[index]!,
      attempt: 1,
      success: outcome === '1',
      sequence: {
        id: 's',
        episode: index + 1,
        task: `task-${index + 1}`,
        session: 'same',
        version: `v${index + 1}`,
      },
    }),
    run_id: runId,
    trial_id: `${runId}/${TASKS[index]!}/1.0`,
  }));
}

let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'endstate-report-oracle-'));
  const store = openSqliteStore(join(folder, 'endstate.db'));
  const runs = [
    ['agent', '10', 'suite'],
    ['oracle', '10', 'suite'],
    ['other', '11', 'other-suite'],
  ] as const;
  for (const [runId, outcomes, hash] of runs) {
    await store.createRun(
      buildRunRecord(TASKS, { run_id: runId, trials_per_task: 1, suite: { hash } }),
    );
    for (const trial of episodes(runId, outcomes)) await store.putTrial(trial);
  }
  await store.close();
});

const scorecardOf = (file: string) =>
  (
    JSON.parse(readFileSync(join(folder, file), 'utf8')) as {
      scorecard: { drift: { regret: { oracle: string; per_attempt: { value: number } } } };
    }
  ).scorecard;

describe('endstate report --oracle', () => {
  it('takes the drift regret against the oracle run, not against an oracle that passes every episode', async () => {
    const store = join(folder, 'endstate.db');
    await reportCommand('agent', { store, json: 'assumed.json' }, captureIo(folder));
    await reportCommand('agent', { store, json: 'run.json', oracle: 'oracle' }, captureIo(folder));
    // The agent fails episode 2; so does the oracle run, so nothing is lost against it.
    expect(scorecardOf('assumed.json').drift.regret).toMatchObject({
      oracle: 'assumed',
      per_attempt: { value: 1 },
    });
    expect(scorecardOf('run.json').drift.regret).toMatchObject({
      oracle: 'run',
      per_attempt: { value: 0 },
    });
  });

  it('refuses an oracle run of another suite, naming both', async () => {
    const store = join(folder, 'endstate.db');
    await expect(
      reportCommand('agent', { store, oracle: 'other' }, captureIo(folder)),
    ).rejects.toMatchObject({
      code: 'E_NOT_COMPARABLE',
      message: expect.stringContaining('--oracle other: run other ran suite') as string,
    });
  });
});
