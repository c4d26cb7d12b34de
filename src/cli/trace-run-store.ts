import type { RunRecord, RunStatus, TrialRecord } from '../schema/index.js';
import type { RunStore } from '../store/index.js';
import { startTelemetry } from '../telemetry/index.js';
import type { Telemetry, TelemetryReport } from '../telemetry/index.js';
import type { CliIo } from './cli-io.js';

/** How long exporting the last spans may hold the end of a run, and of an interrupted one (whose exit waits at most 3 s). */
const FLUSH_MS = { finished: 30_000, interrupted: 2_000 } as const;

/**
 * The run's store, seen by telemetry when the environment names an OTLP
 * endpoint (else the store itself): see `withTelemetry`. `resumed` is the
 * run `--resume` goes on with.
 */
export async function traceRunStore(
  store: RunStore,
  io: CliIo,
  resumed: RunRecord | undefined,
): Promise<RunStore> {
  const telemetry = await startTelemetry(io.env);
  if (telemetry === undefined) return store;
  if (resumed !== undefined) telemetry.startRun(resumed, { resumedAtMs: Date.now() });
  return withTelemetry(store, telemetry, io);
}

/**
 * A store whose writes also make spans: the run span starts when the run
 * is stored, each trial's spans are made as it is stored, and closing the
 * run ends the run span and exports what waits (also when an interruption
 * closes it: a second close waits for the first), so the runner knows
 * nothing of tracing.
 */
export function withTelemetry(store: RunStore, telemetry: Telemetry, io: CliIo): RunStore {
  let closing: Promise<void> | undefined;
  // A trial put once the run is being closed (one in flight at Ctrl-C) is not stored: it gets no span either.
  let isClosed = false;
  const close = (status: RunStatus, finishedAt: string): Promise<void> =>
    (closing ??= closeTelemetry(telemetry, { status, finishedAt }, io));
  return {
    async createRun(run: RunRecord) {
      await store.createRun(run);
      telemetry.startRun(run);
    },
    putTrial(trial: TrialRecord) {
      if (!isClosed) telemetry.recordTrial(trial);
      return store.putTrial(trial);
    },
    ...(store.flush === undefined ? {} : { flush: () => store.flush?.() }),
    async finishRun(runId, status, finishedAt) {
      isClosed = true;
      try {
        await store.finishRun(runId, status, finishedAt);
      } finally {
        await close(status, finishedAt);
      }
    },
    getRun: (runId) => store.getRun(runId),
    latestRun: () => store.latestRun(),
    listRuns: () => store.listRuns(),
    listTrials: (runId) => store.listTrials(runId),
    listTrialKeys: (runId) => store.listTrialKeys(runId),
    verifyRun: (runId) => store.verifyRun(runId),
    listGoneRuns: () => store.listGoneRuns(),
    close: () => store.close(),
  };
}

async function closeTelemetry(
  telemetry: Telemetry,
  end: { status: RunStatus; finishedAt: string },
  io: CliIo,
): Promise<void> {
  telemetry.endRun(end.status, end.finishedAt);
  const status = end.status === 'interrupted' ? 'interrupted' : 'finished';
  const report = await telemetry.shutdown(FLUSH_MS[status]);
  if (report.spansLost > 0) io.err(describeLostSpans(report));
}

function describeLostSpans(report: TelemetryReport): string {
  const reason = report.lastError === undefined ? '' : ` (${report.lastError})`;
  return `${report.spansLost} of ${report.spansMade} spans could not be exported to ${report.url}${reason}; the run's records are stored all the same\n`;
}
