import { ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags, trace } from '@opentelemetry/api';
import type { Attributes, Context, HrTime, Span, Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  RandomIdGenerator,
} from '@opentelemetry/sdk-trace-base';
import type { IdGenerator, ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { createHash } from 'node:crypto';
import type { RunRecord, SystemSpec, TrialRecord } from '../schema/index.js';
import { addToTally, emptyTally, runSpanEnd, runSpanStart } from './plan-run-span.js';
import { planTrialSpans } from './plan-trial-spans.js';
import type { PlannedSpan, SpanAttributes, SpanError } from './planned-span.js';
import { STABLE } from './span-attributes.js';
import type { Telemetry, TelemetryReport } from './telemetry.js';
import { formatTraceparent, parseTraceparent } from './traceparent.js';

export interface OtelTelemetryOptions {
  /** The OTLP/HTTP traces endpoint. */
  readonly url: string;
  readonly serviceVersion: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where spans go instead of the OTLP exporter (tests). */
  readonly exporter?: SpanExporter;
}

/**
 * Spans wait in a queue until exported in batches; a span that finds the
 * queue full is dropped. Trials' spans are made all at once when a trial
 * ends, so the queue is larger than OpenTelemetry's default (2048) unless
 * `OTEL_BSP_MAX_QUEUE_SIZE` says otherwise.
 */
const MAX_QUEUE_SIZE = 16_384;

interface ExportCounts {
  exported: number;
  lastError: string | undefined;
}

export function createOtelTelemetry(options: OtelTelemetryOptions): Telemetry {
  const counts: ExportCounts = { exported: 0, lastError: undefined };
  const exporter = countingExporter(
    options.exporter ?? new OTLPTraceExporter({ url: options.url }),
    counts,
  );
  const ids = runTraceIds();
  const provider = createProvider(options, exporter, ids);
  const tracer = provider.getTracer('endstate', options.serviceVersion);
  let spansMade = 0;
  // Spans made once shutdown began would be dropped: none are made.
  let isStopped = false;
  let run: { span: Span; context: Context; record: RunRecord } | undefined;
  let tally = emptyTally();

  return {
    startRun(record, startOptions) {
      if (isStopped) return;
      const start = runSpanStart(record, startOptions?.resumedAtMs);
      const span = ids.withTraceId(traceIdOfRun(record.run_id), () =>
        tracer.startSpan(
          start.name,
          {
            kind: SpanKind.INTERNAL,
            startTime: hrTimeOf(start.startMs),
            attributes: attributesOf(start.attributes),
          },
          ROOT_CONTEXT,
        ),
      );
      spansMade++;
      run = { span, context: trace.setSpan(ROOT_CONTEXT, span), record };
      tally = emptyTally();
    },
    runTraceparent() {
      if (run === undefined) return undefined;
      const { traceId, spanId, traceFlags } = run.span.spanContext();
      return formatTraceparent({ traceId, spanId, traceFlags });
    },
    recordTrial(trial: TrialRecord, trialOptions?: { parent?: string; system?: SystemSpec }) {
      if (isStopped) return;
      const parent =
        trialOptions?.parent === undefined
          ? (run?.context ?? ROOT_CONTEXT)
          : remoteContext(trialOptions.parent);
      const planned = planTrialSpans(trial, trialOptions?.system ?? run?.record.system);
      spansMade += emitSpan(tracer, planned, parent);
      addToTally(tally, trial);
    },
    endRun(status, finishedAt) {
      if (run === undefined) return;
      const end = runSpanEnd(status, finishedAt, tally);
      run.span.setAttributes(attributesOf(end.attributes));
      setError(run.span, end.error);
      run.span.end(hrTimeOf(end.endMs));
      run = undefined;
    },
    async shutdown(timeoutMs): Promise<TelemetryReport> {
      isStopped = true;
      // A failed export rejects the shutdown too: the spans it held count as lost below.
      await withinMs(provider.shutdown(), timeoutMs).catch((error: unknown) => {
        counts.lastError ??= error instanceof Error ? error.message : String(error);
      });
      return {
        url: options.url,
        spansMade,
        spansExported: counts.exported,
        spansLost: spansMade - counts.exported,
        lastError: counts.lastError,
      };
    },
  };
}

/**
 * A run's trace id: the first 128 bits of SHA-256 of its run id. Every span
 * of the run is in one trace, whichever process makes it and however often
 * the run is resumed.
 */
function traceIdOfRun(runId: string): string {
  return createHash('sha256').update(`endstate run ${runId}`).digest('hex').slice(0, 32);
}

/** Random ids, except the trace id of a run span, which comes from its run id. */
function runTraceIds(): IdGenerator & {
  withTraceId<T>(traceId: string, make: () => T): T;
} {
  const random = new RandomIdGenerator();
  let given: string | undefined;
  return {
    generateTraceId: () => given ?? random.generateTraceId(),
    generateSpanId: () => random.generateSpanId(),
    withTraceId(traceId, make) {
      given = traceId;
      try {
        return make();
      } finally {
        given = undefined;
      }
    },
  };
}

function createProvider(
  options: OtelTelemetryOptions,
  exporter: SpanExporter,
  idGenerator: IdGenerator,
): BasicTracerProvider {
  const resource = resourceFromAttributes({
    [STABLE.serviceName]: 'endstate',
    [STABLE.serviceVersion]: options.serviceVersion,
  }).merge(detectResources({ detectors: [envDetector] }));
  const queue =
    options.env.OTEL_BSP_MAX_QUEUE_SIZE === undefined ? { maxQueueSize: MAX_QUEUE_SIZE } : {};
  return new BasicTracerProvider({
    resource,
    idGenerator,
    spanProcessors: [new BatchSpanProcessor(exporter, queue)],
  });
}

/** Starts and ends `planned` and its children under `parent`; returns how many spans it made. */
function emitSpan(tracer: Tracer, planned: PlannedSpan, parent: Context): number {
  const span = tracer.startSpan(
    planned.name,
    {
      kind: planned.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL,
      startTime: hrTimeOf(planned.startMs),
      attributes: attributesOf(planned.attributes),
    },
    parent,
  );
  for (const event of planned.events) {
    span.addEvent(event.name, attributesOf(event.attributes), hrTimeOf(event.timeMs));
  }
  setError(span, planned.error);
  const context = trace.setSpan(parent, span);
  let made = 1;
  for (const child of planned.children) made += emitSpan(tracer, child, context);
  span.end(hrTimeOf(planned.endMs));
  return made;
}

function remoteContext(traceparent: string): Context {
  const parent = parseTraceparent(traceparent, 'the parent of trial spans');
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: parent.traceId,
    spanId: parent.spanId,
    traceFlags: parent.traceFlags & TraceFlags.SAMPLED,
    isRemote: true,
  });
}

function setError(span: Span, error: SpanError | null): void {
  if (error !== null) span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
}

/**
 * Epoch milliseconds as [seconds, nanoseconds]: OpenTelemetry reads a bare
 * number below the process's start as a `performance.now()` reading, which
 * a resumed run's creation time would be.
 */
function hrTimeOf(epochMs: number): HrTime {
  const seconds = Math.floor(epochMs / 1000);
  return [seconds, Math.round((epochMs - seconds * 1000) * 1e6)];
}

function attributesOf(attributes: SpanAttributes): Attributes {
  const copy: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    copy[key] = typeof value === 'object' ? [...value] : value;
  }
  return copy;
}

/** Counts what reached the collector, and keeps the last reason it did not. */
function countingExporter(exporter: SpanExporter, counts: ExportCounts): SpanExporter {
  return {
    export(spans: ReadableSpan[], done) {
      exporter.export(spans, (result) => {
        // 0 is ExportResultCode.SUCCESS (of @opentelemetry/core, which endstate does not import).
        if ((result.code as number) === 0) counts.exported += spans.length;
        else counts.lastError = result.error?.message ?? 'the export failed';
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

/** Waits for `work`, but no longer than `timeoutMs` (the timer never holds the process open). */
async function withinMs(work: Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref();
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
