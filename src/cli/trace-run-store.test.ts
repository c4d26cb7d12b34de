import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../store/index.js';
import type { Telemetry, TelemetryReport } from '../telemetry/index.js';
import { buildRunRecord, buildTrialRecord } from '../testing/index.js';
import { captureIo } from './capture-io.js';
import { withTelemetry } from './trace-run-store.js';

/** A Telemetry that logs what it is told, and whose shutdown ends when the test says. */
function fakeTelemetry(report: Partial<TelemetryReport> = {}) {
  const calls: string[] = [];
  let finishShutdown: () => void = () => {};
  const telemetry: Telemetry = {
    startRun: (run) => void calls.push(`startRun ${run.run_id}`),
    runTraceparent: () => undefined,
    recordTrial: (trial) => void calls.push(`recordTrial ${trial.trial_id}`),
    endRun: (status) => void calls.push(`endRun ${status}`),
    shutdown: (timeoutMs) => {
      calls.push(`shutdown ${timeoutMs}`);
      return new Promise((resolve) => {
        finishShutdown = () =>
          resolve({
            url: 'http://collector:4318/v1/traces',
            spansMade: 3,
            spansExported: 3,
            spansLost: 0,
            lastError: undefined,
            ...report,
          });
      });
    },
  };
  return { telemetry, calls, finish: () => finishShutdown() };
}

const run = buildRunRecord(['a'], { status: 'running', finished_at: null });
const trial = buildTrialRecord({ task_id: 'a', attempt: 1 });

describe('withTelemetry', () => {
  it('starts the run span with the stored run and records each trial it stores', async () => {
    const fake = fakeTelemetry();
    const inner = createMemoryStore();
    const store = withTelemetry(inner, fake.telemetry, captureIo('/'));
    await store.createRun(run);
    await store.putTrial(trial);
    const closed = store.finishRun(run.run_id, 'finished', '2026-11-30T00:01:00.000Z');
    await new Promise((resolve) => setImmediate(resolve));
    fake.finish();
    await closed;
    expect(fake.calls).toEqual([
      'startRun run',
      'recordTrial run/a/1.0',
      'endRun finished',
      'shutdown 30000',
    ]);
    expect(await inner.listTrials(run.run_id)).toHaveLength(1);
    expect((await inner.getRun(run.run_id))?.status).toBe('finished');
  });

  it('closes once when a run is closed twice, and the second close waits for the export', async () => {
    const fake = fakeTelemetry();
    const store = withTelemetry(createMemoryStore(), fake.telemetry, captureIo('/'));
    await store.createRun(run);
    let secondDone = false;
    const first = store.finishRun(run.run_id, 'interrupted', '2026-11-30T00:01:00.000Z');
    const second = store
      .finishRun(run.run_id, 'interrupted', '2026-11-30T00:01:00.000Z')
      .then(() => (secondDone = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(secondDone).toBe(false);
    fake.finish();
    await Promise.all([first, second]);
    expect(fake.calls.filter((call) => call.startsWith('shutdown'))).toEqual(['shutdown 2000']);
    expect(fake.calls.filter((call) => call.startsWith('endRun'))).toEqual(['endRun interrupted']);
  });

  it('says how many spans were lost, and where they were going', async () => {
    const fake = fakeTelemetry({ spansLost: 2, lastError: 'connect ECONNREFUSED' });
    const io = captureIo('/');
    const store = withTelemetry(createMemoryStore(), fake.telemetry, io);
    await store.createRun(run);
    const closed = store.finishRun(run.run_id, 'finished', '2026-11-30T00:01:00.000Z');
    await new Promise((resolve) => setImmediate(resolve));
    fake.finish();
    await closed;
    expect(io.stderr).toEqual([
      "2 of 3 spans could not be exported to http://collector:4318/v1/traces (connect ECONNREFUSED); the run's records are stored all the same\n",
    ]);
  });

  it('makes no span for a trial put once the run is being closed (it is not stored either)', async () => {
    const fake = fakeTelemetry();
    const store = withTelemetry(createMemoryStore(), fake.telemetry, captureIo('/'));
    await store.createRun(run);
    const closed = store.finishRun(run.run_id, 'interrupted', '2026-11-30T00:01:00.000Z');
    await store.putTrial(trial);
    fake.finish();
    await closed;
    expect(fake.calls).not.toContain('recordTrial run/a/1.0');
  });
});
