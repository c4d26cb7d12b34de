import { describe, expect, it } from 'vitest';
import { identityOfJobId, jobIdOf, parseQueueJobData } from './queue-job.js';
import type { JobIdentity } from './queue-job.js';

const identity = (task_id: string, run_id = 'run-1'): JobIdentity => ({
  run_id,
  task_id,
  attempt: 2,
  first_rerun: 1,
});

describe('jobIdOf', () => {
  it('never holds the colon BullMQ refuses', () => {
    const id = jobIdOf(identity('refund:8842::a', 'run:x'));
    expect(id).not.toContain(':');
    expect(id).toBe('trial|run%3Ax|refund%3A8842%3A%3Aa|2|1');
  });

  it('gives back the identity it was made from, for every awkward id', () => {
    const awkward = ['a', ':', '|', '%', '%3A', 'a|b', 'a%7Cb', '::||%%', 'café/ü', ' x y '];
    for (const task of awkward) {
      for (const run of awkward) {
        expect(identityOfJobId(jobIdOf(identity(task, run)))).toEqual(identity(task, run));
      }
    }
  });

  it('gives distinct identities distinct ids', () => {
    const pieces = ['', 'a', ':', '|', '%', '3A', '%3A', '7C', 'b'];
    const texts = pieces.flatMap((x) => pieces.map((y) => `${x}${y}`)).filter((t) => t !== '');
    const seen = new Map<string, string>();
    for (const run of texts) {
      for (const task of texts) {
        for (const attempt of [1, 12]) {
          const id = jobIdOf({ run_id: run, task_id: task, attempt, first_rerun: 0 });
          const key = JSON.stringify([run, task, attempt]);
          expect(seen.get(id) ?? key).toBe(key);
          seen.set(id, key);
        }
      }
    }
    expect(seen.size).toBe(new Set(texts).size ** 2 * 2);
  });

  it('is the same for the same attempt whoever computes it', () => {
    expect(jobIdOf(identity('t'))).toBe(jobIdOf({ ...identity('t') }));
    expect(jobIdOf(identity('t'))).not.toBe(jobIdOf({ ...identity('t'), first_rerun: 2 }));
  });

  it('reads no identity from an id it did not make', () => {
    expect(identityOfJobId('42')).toBeUndefined();
    expect(identityOfJobId('trial|r|t|0|0')).toBeUndefined();
    expect(identityOfJobId('trial|r|t|1')).toBeUndefined();
  });
});

describe('parseQueueJobData', () => {
  it('names the job and every field wrong in a job that is not a trial', () => {
    expect(() => parseQueueJobData({ run_id: 'r', attempt: 0 }, 'job-7')).toThrowError(
      /queue job job-7 is not an endstate trial/,
    );
  });
});
