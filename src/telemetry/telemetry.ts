import type { RunRecord, RunStatus, SystemSpec, TrialRecord } from '../schema/index.js';

/** What became of the spans once telemetry shut down. */
export interface TelemetryReport {
  /** Where the spans went. */
  readonly url: string;
  readonly spansMade: number;
  readonly spansExported: number;
  /** Spans the collector did not take, or that were dropped (a full queue, the shutdown's time limit). */
  readonly spansLost: number;
  /** The last export error, if any. */
  readonly lastError: string | undefined;
}

/**
 * A run's spans, made from its records after the fact and exported over
 * OTLP/HTTP. Made by `startTelemetry` only when an endpoint is set.
 */
export interface Telemetry {
  /** Starts the run span (a resumed run's from `resumedAtMs`). */
  startRun(run: RunRecord, options?: { readonly resumedAtMs?: number }): void;
  /** The W3C traceparent of the run span, for a process that plays the run's trials elsewhere. */
  runTraceparent(): string | undefined;
  /**
   * Records a finished trial's spans: under `parent` (a traceparent from
   * the process that owns the run span) when given, else under this
   * process's run span. `system` (default: the started run's) names the
   * agent and the request settings.
   */
  recordTrial(
    trial: TrialRecord,
    options?: { readonly parent?: string; readonly system?: SystemSpec },
  ): void;
  /** Ends the run span with the run's status and the trials recorded since `startRun`. */
  endRun(status: RunStatus, finishedAt: string): void;
  /** Exports every span made so far, waiting at most `timeoutMs`, and stops. */
  shutdown(timeoutMs: number): Promise<TelemetryReport>;
}
