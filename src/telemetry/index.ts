// The OpenTelemetry packages load only through startTelemetry (a dynamic
// import): nothing here may import otel-telemetry.ts statically.
export { startTelemetry } from './start-telemetry.js';
export type { Telemetry, TelemetryReport } from './telemetry.js';
export { otlpTracesUrl, TRACES_ENDPOINT_VARIABLES } from './otlp-traces-url.js';
export { formatTraceparent, parseTraceparent } from './traceparent.js';
export type { SpanIdentity } from './traceparent.js';
export { planTrialSpans } from './plan-trial-spans.js';
export { runSpanStart, runSpanEnd } from './plan-run-span.js';
export type {
  PlannedSpan,
  PlannedSpanEvent,
  SpanAttributeValue,
  SpanAttributes,
  SpanError,
} from './planned-span.js';
export { ENDSTATE, GEN_AI, GEN_AI_OPERATIONS } from './span-attributes.js';
