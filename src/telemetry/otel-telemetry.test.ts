import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildRunRecord, buildTrialRecord } from '../testing/index.js';
import { createOtelTelemetry } from './otel-telemetry.js';
import { parseTraceparent } from './traceparent.js';

const run = buildRunRecord(['a', 'b'], {
  created_at: '2026-11-30T10:00:00.000Z',
  status: 'running',
  finished_at: null,
});

const trialOf = (taskId: string, startedAt: string) =>
  buildTrialRecord({
    task_id: taskId,
    attempt: 1,
    success: taskId === 'a',
    started_at: startedAt,
    events: [
      { t_ms: 1, kind: 'tool_call', call_id: 'c1', tool: 'get_order', args: {} },
      {
        t_ms: 3.25,
        kind: 'tool_result',
        call_id: 'c1',
        tool: 'get_order',
        ok: true,
        duration_ms: 2.25,
      },
    ],
  });

/** An exporter that keeps what it is given, or refuses it with `refusal`. */
function collector(refusal?: Error): SpanExporter & { spans: ReadableSpan[] } {
  const spans: ReadableSpan[] = [];
  return {
    spans,
    export(batch, done) {
      if (refusal === undefined) spans.push(...batch);
      done(refusal === undefined ? { code: 0 } : { code: 1, error: refusal });
    },
    shutdown: () => Promise.resolve(),
  };
}

function telemetryWith(exporter: SpanExporter) {
  return createOtelTelemetry({
    url: 'http://127.0.0.1:1/v1/traces',
    serviceVersion: '9.9.9',
    env: {},
    exporter,
  });
}

const epochMs = (time: [number, number]): number => time[0] * 1000 + time[1] / 1e6;

describe('createOtelTelemetry', () => {
  it('exports the run span with each trial under it and each call under its trial', async () => {
    const exporter = collector();
    const telemetry = telemetryWith(exporter);
    telemetry.startRun(run);
    telemetry.recordTrial(trialOf('a', '2026-11-30T10:00:01.000Z'));
    telemetry.recordTrial(trialOf('b', '2026-11-30T10:00:02.000Z'));
    telemetry.endRun('finished', '2026-11-30T10:00:05.000Z');
    const report = await telemetry.shutdown(5000);
    const { spans } = exporter;
    expect(report).toMatchObject({ spansMade: 5, spansExported: 5, spansLost: 0 });
    const [root, ...rest] = [
      spans.find((span) => span.name === 'run demo')!,
      ...spans.filter((span) => span.name !== 'run demo'),
    ];
    expect(root.parentSpanContext).toBeUndefined();
    expect(root.attributes).toMatchObject({
      'endstate.run.id': 'run',
      'endstate.run.status': 'finished',
      'endstate.run.trials': 2,
      'endstate.run.successes': 1,
    });
    expect(epochMs(root.startTime)).toBe(Date.parse('2026-11-30T10:00:00.000Z'));
    expect(epochMs(root.endTime)).toBe(Date.parse('2026-11-30T10:00:05.000Z'));
    const trials = rest.filter((span) => span.name.startsWith('invoke_agent'));
    expect(trials.map((span) => span.parentSpanContext?.spanId)).toEqual([
      root.spanContext().spanId,
      root.spanContext().spanId,
    ]);
    const tools = rest.filter((span) => span.name === 'execute_tool get_order');
    expect(tools.map((span) => span.parentSpanContext?.spanId)).toEqual(
      trials.map((span) => span.spanContext().spanId),
    );
    expect(tools.every((span) => span.spanContext().traceId === root.spanContext().traceId)).toBe(
      true,
    );
    expect(epochMs(tools[0]!.startTime) - Date.parse('2026-11-30T10:00:01.000Z')).toBeCloseTo(1, 6);
    expect(epochMs(tools[0]!.endTime) - Date.parse('2026-11-30T10:00:01.000Z')).toBeCloseTo(
      3.25,
      6,
    );
    expect(root.resource.attributes['service.name']).toBe('endstate');
    expect(root.resource.attributes['service.version']).toBe('9.9.9');
  });

  it("parents a trial to another process's run span by its traceparent", async () => {
    const coordinator = telemetryWith(collector());
    coordinator.startRun(run);
    const traceparent = coordinator.runTraceparent()!;
    const runSpan = parseTraceparent(traceparent, 'test');

    const workerExporter = collector();
    const worker = telemetryWith(workerExporter);
    worker.recordTrial(trialOf('a', '2026-11-30T10:00:01.000Z'), {
      parent: traceparent,
      system: run.system,
    });
    await worker.shutdown(5000);
    const trial = workerExporter.spans.find((span) => span.name.startsWith('invoke_agent'))!;
    expect(trial.spanContext().traceId).toBe(runSpan.traceId);
    expect(trial.parentSpanContext?.spanId).toBe(runSpan.spanId);
    expect(trial.parentSpanContext?.isRemote).toBe(true);
    await coordinator.shutdown(1000);
  });

  it("puts a run and its resumption in one trace, whose id comes from the run's id", async () => {
    const exporter = collector();
    const first = telemetryWith(exporter);
    first.startRun(run);
    first.recordTrial(trialOf('a', '2026-11-30T10:00:01.000Z'));
    first.endRun('interrupted', '2026-11-30T10:00:02.000Z');
    await first.shutdown(5000);
    const resumed = telemetryWith(exporter);
    resumed.startRun(run, { resumedAtMs: Date.parse('2026-11-30T11:00:00.000Z') });
    resumed.recordTrial(trialOf('b', '2026-11-30T11:00:01.000Z'));
    resumed.endRun('finished', '2026-11-30T11:00:02.000Z');
    await resumed.shutdown(5000);
    const other = telemetryWith(exporter);
    other.startRun({ ...run, run_id: 'run-other' });
    other.endRun('finished', '2026-11-30T12:00:00.000Z');
    await other.shutdown(5000);
    const traces = new Set(exporter.spans.slice(0, -1).map((span) => span.spanContext().traceId));
    // sha256("endstate run " + run id), first 32 hex digits, computed apart.
    const expected = createHash('sha256').update(`endstate run ${run.run_id}`).digest('hex');
    expect([...traces]).toEqual([expected.slice(0, 32)]);
    expect(exporter.spans.at(-1)!.spanContext().traceId).not.toBe(expected.slice(0, 32));
    // The two run spans are distinct spans of that trace.
    const runSpans = exporter.spans.slice(0, -1).filter((span) => span.name === 'run demo');
    expect(new Set(runSpans.map((span) => span.spanContext().spanId)).size).toBe(2);
  });

  it('counts the spans a collector did not take', async () => {
    const telemetry = telemetryWith(collector(new Error('connect ECONNREFUSED')));
    telemetry.recordTrial(trialOf('a', '2026-11-30T10:00:01.000Z'));
    const report = await telemetry.shutdown(5000);
    expect(report).toMatchObject({
      spansMade: 2,
      spansExported: 0,
      spansLost: 2,
      lastError: 'connect ECONNREFUSED',
    });
  });

  it('makes no span once shut down, so a late trial is not counted as lost', async () => {
    const exporter = collector();
    const telemetry = telemetryWith(exporter);
    const report = telemetry.shutdown(5000);
    telemetry.recordTrial(trialOf('a', '2026-11-30T10:00:01.000Z'));
    expect(await report).toMatchObject({ spansMade: 0, spansLost: 0 });
    expect(exporter.spans).toEqual([]);
  });
});
