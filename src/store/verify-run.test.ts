import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../core/index.js';
import type { TrialRecord } from '../schema/index.js';
import { buildRunRecord, buildTrialRecord } from '../testing/index.js';
import { sealRun, sealTrial } from './seal-trial.js';
import { describeVerification, verifyRun } from './verify-run.js';
import type { StoredSeals } from './verify-run.js';

const KEY = Buffer.alloc(32, 1);
const OTHER_KEY = Buffer.alloc(32, 2);
const OPTIONS = { key: KEY, keyLocation: 'store.key', predatesSealing: false };

const run = { ...buildRunRecord(['a', 'b'], { run_id: 'r1' }), status: 'finished' as const };
const trials: TrialRecord[] = [
  buildTrialRecord({ run_id: 'r1', trial_id: 'a1', task_id: 'a', attempt: 1, success: true }),
  buildTrialRecord({ run_id: 'r1', trial_id: 'a2', task_id: 'a', attempt: 2, success: false }),
  buildTrialRecord({ run_id: 'r1', trial_id: 'b1', task_id: 'b', attempt: 1, success: false }),
];

/** The run as the store sealed it, closed. */
function sealed(key: Uint8Array = KEY): StoredSeals {
  const sealedTrials = trials.map((record) => ({ record, seal: sealTrial(key, record) }));
  const entries = sealedTrials.map(({ record, seal }) => ({
    task_id: record.task_id,
    attempt: record.attempt,
    rerun: record.rerun,
    mac: seal.mac,
  }));
  return { run, runSeal: sealRun(key, run, entries), trials: sealedTrials };
}

describe('sealTrial', () => {
  it('is the HMAC-SHA256 of the canonical JSON of the trial and its identity', () => {
    const [trial] = trials;
    const expected = createHmac('sha256', KEY)
      .update(
        canonicalJson({
          kind: 'trial',
          run_id: 'r1',
          task_id: 'a',
          attempt: 1,
          rerun: 0,
          record: trial,
        }),
      )
      .digest('hex');
    expect(sealTrial(KEY, trial!).mac).toBe(expected);
    const prefix = createHmac('sha256', KEY).update('endstate field digests v1').digest('hex');
    const field = createHash('sha256')
      .update(`${prefix}"events":${canonicalJson(trial!.events)}`)
      .digest('hex');
    expect(sealTrial(KEY, trial!).fields.events).toBe(field.slice(0, 12));
  });

  it('does not depend on key order, and changes with any field', () => {
    const [trial] = trials;
    const reordered = Object.fromEntries(Object.entries(trial!).reverse()) as TrialRecord;
    expect(sealTrial(KEY, reordered).mac).toBe(sealTrial(KEY, trial!).mac);
    expect(sealTrial(KEY, { ...trial!, seed: trial!.seed + 1 }).mac).not.toBe(
      sealTrial(KEY, trial!).mac,
    );
  });
});

describe('verifyRun', () => {
  it('finds a closed run whose records all match', () => {
    expect(verifyRun(sealed(), OPTIONS)).toEqual({ status: 'sealed', complete: true });
  });

  it('names the first changed trial and the changed fields', () => {
    const stored = sealed();
    const changed = {
      ...stored,
      trials: stored.trials.map((trial) =>
        trial.record.trial_id === 'a2'
          ? { ...trial, record: { ...trial.record, success: true } }
          : trial,
      ),
    };
    const verification = verifyRun(changed, OPTIONS);
    expect(verification).toEqual({
      status: 'tampered',
      problems: [
        {
          trial: { task_id: 'a', attempt: 2, rerun: 0 },
          message:
            'a attempt 2 does not match its seal (changed outside endstate): success changed',
        },
      ],
    });
    expect(describeVerification('r1', verification)).toBe(
      'run r1 was changed outside endstate: a attempt 2 does not match its seal (changed outside endstate): success changed',
    );
  });

  it('takes a trial sealed with the key but stored after the run closed as late, not tampered', () => {
    const stored = sealed();
    const late = buildTrialRecord({ run_id: 'r1', trial_id: 'b2', task_id: 'b', attempt: 2 });
    const verification = verifyRun(
      { ...stored, trials: [...stored.trials, { record: late, seal: sealTrial(KEY, late) }] },
      OPTIONS,
    );
    expect(verification).toEqual({ status: 'sealed', complete: true, late: ['b attempt 2'] });
    expect(describeVerification('r1', verification)).toBe(
      'run r1: every record matches its seal, but 1 trial(s) were stored after the run was closed (b attempt 2; a worker finished them late): endstate run --resume r1 seals them into the run',
    );
    // Sealed under another key, it is not endstate's: tampered, as before.
    const forged = verifyRun(
      { ...stored, trials: [...stored.trials, { record: late, seal: sealTrial(OTHER_KEY, late) }] },
      OPTIONS,
    );
    expect(forged.status).toBe('tampered');
  });

  it('finds a deleted trial', () => {
    const stored = sealed();
    const verification = verifyRun({ ...stored, trials: stored.trials.slice(0, 2) }, OPTIONS);
    expect(verification).toMatchObject({
      status: 'tampered',
      problems: [{ message: 'b attempt 1 is missing (removed outside endstate)' }],
    });
  });

  it('finds an added trial, with a seal copied from another or none', () => {
    const stored = sealed();
    const extra = buildTrialRecord({ run_id: 'r1', trial_id: 'b2', task_id: 'b', attempt: 2 });
    expect(
      verifyRun({ ...stored, trials: [...stored.trials, { record: extra, seal: null }] }, OPTIONS),
    ).toMatchObject({
      status: 'tampered',
      problems: [{ message: 'b attempt 2 has no seal (added outside endstate)' }],
    });
    const copied = { record: extra, seal: stored.trials[0]!.seal };
    expect(verifyRun({ ...stored, trials: [...stored.trials, copied] }, OPTIONS)).toMatchObject({
      status: 'tampered',
      problems: [{ message: expect.stringMatching(/^b attempt 2 does not match its seal/) }],
    });
  });

  it('finds two trials whose outcomes were swapped', () => {
    const stored = sealed();
    const [first, second] = stored.trials;
    const swap = (into: typeof first, from: typeof first) => ({
      ...into!,
      record: { ...into!.record, success: from!.record.success },
    });
    const verification = verifyRun(
      { ...stored, trials: [swap(first, second), swap(second, first), stored.trials[2]!] },
      OPTIONS,
    );
    expect(verification.status).toBe('tampered');
    expect(verification.status === 'tampered' && verification.problems).toHaveLength(2);
  });

  it('refuses seals made with another key', () => {
    const verification = verifyRun(sealed(OTHER_KEY), OPTIONS);
    expect(verification.status === 'tampered' && verification.problems.slice(0, 2)).toEqual([
      { message: 'the run record does not match its seal (changed outside endstate)' },
      {
        trial: { task_id: 'a', attempt: 1, rerun: 0 },
        message:
          'a attempt 1 does not match its seal (changed outside endstate): every field differs (its seal was replaced, or made under another key)',
      },
    ]);
  });

  it('reports a run written before sealing as unsealed, and the same run missing its seals otherwise', () => {
    const old: StoredSeals = {
      run,
      runSeal: null,
      trials: trials.map((record) => ({ record, seal: null })),
    };
    expect(verifyRun(old, { ...OPTIONS, predatesSealing: true })).toEqual({ status: 'unsealed' });
    const verification = verifyRun(old, OPTIONS);
    expect(verification.status === 'tampered' && verification.problems.slice(0, 2)).toEqual([
      { message: 'the run has no seal (removed outside endstate)' },
      {
        trial: { task_id: 'a', attempt: 1, rerun: 0 },
        message: 'a attempt 1 has no seal (added outside endstate)',
      },
    ]);
  });

  it('says so when the key is missing', () => {
    expect(verifyRun(sealed(), { ...OPTIONS, key: undefined })).toEqual({
      status: 'unverifiable',
      reason: "the store's key (store.key) is missing, so its seals cannot be checked",
    });
  });

  it('checks an open run trial by trial', () => {
    const stored = sealed();
    const open = { ...stored, runSeal: sealRun(KEY, run, null) };
    expect(verifyRun(open, OPTIONS)).toEqual({ status: 'sealed', complete: false });
  });

  describe('against the closing its ledger recorded', () => {
    const closed = { status: 'finished' as const, trials: 3, seal: sealed().runSeal!.mac };

    it('finds the seal it was closed with', () => {
      expect(verifyRun(sealed(), { ...OPTIONS, closed })).toEqual({
        status: 'sealed',
        complete: true,
      });
    });

    it('finds an open seal put back (hiding a trial removed since) as tampered', () => {
      const stored = sealed();
      const open = { ...stored, runSeal: sealRun(KEY, run, null), trials: stored.trials.slice(1) };
      expect(verifyRun(open, { ...OPTIONS, closed })).toEqual({
        status: 'tampered',
        problems: [
          {
            message:
              "the run was closed finished with 3 trial(s), and its seal is an open run's (an older seal put back outside endstate)",
          },
        ],
      });
    });

    it("finds an earlier closing's seal, listing fewer trials, put back as tampered", () => {
      const stored = sealed();
      const entry = { task_id: 'a', attempt: 1, rerun: 0, mac: stored.trials[0]!.seal!.mac };
      const earlier = {
        ...stored,
        runSeal: sealRun(KEY, run, [entry]),
        trials: [stored.trials[0]!],
      };
      expect(verifyRun(earlier, { ...OPTIONS, closed })).toMatchObject({
        status: 'tampered',
        problems: [
          {
            message:
              'the run was closed finished with 3 trial(s), and its seal lists 1 (an older seal put back outside endstate)',
          },
        ],
      });
    });

    it('takes a later closing (the run resumed through another copy of the key) listing as many trials or more', () => {
      const stored = sealed();
      const later = { ...closed, seal: 'an earlier seal', trials: 2 };
      expect(verifyRun(stored, { ...OPTIONS, closed: later })).toEqual({
        status: 'sealed',
        complete: true,
      });
    });
  });

  describe("against a SQL store's index columns", () => {
    const runColumns = {
      run_id: run.run_id,
      created_at: run.created_at,
      finished_at: run.finished_at,
      status: run.status,
      suite_name: run.suite.name,
      suite_hash: run.suite.hash,
      system_hash: run.system_hash,
    };
    const columnsOf = (trial: TrialRecord) => ({
      trial_id: trial.trial_id,
      run_id: trial.run_id,
      task_id: trial.task_id,
      attempt: trial.attempt,
      rerun: trial.rerun,
      valid: trial.valid,
      success: trial.success,
      terminal_reason: trial.terminal_reason,
      exit_reason: trial.exit_reason,
    });
    const withColumns = (): StoredSeals => {
      const stored = sealed();
      return {
        ...stored,
        runColumns,
        trials: stored.trials.map((trial) => ({
          ...trial,
          columns: columnsOf(trial.record as TrialRecord),
        })),
      };
    };

    it('finds columns that match their records', () => {
      expect(verifyRun(withColumns(), OPTIONS)).toEqual({ status: 'sealed', complete: true });
    });

    it("names a run's column and a trial's column changed outside endstate", () => {
      const stored = withColumns();
      const changed: StoredSeals = {
        ...stored,
        runColumns: { ...runColumns, suite_hash: 'other', created_at: '2030-01-01T00:00:00.000Z' },
        trials: stored.trials.map((trial, index) =>
          index === 1 ? { ...trial, columns: { ...trial.columns, valid: false } } : trial,
        ),
      };
      expect(verifyRun(changed, OPTIONS)).toEqual({
        status: 'tampered',
        problems: [
          {
            message:
              "the run's index column(s) created_at, suite_hash do not match its record (changed outside endstate)",
          },
          {
            trial: { task_id: 'a', attempt: 2, rerun: 0 },
            message:
              'a attempt 2: its index column(s) valid do not match its record (changed outside endstate)',
          },
        ],
      });
    });
  });
});
