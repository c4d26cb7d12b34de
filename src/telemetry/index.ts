// The OpenTelemetry packages load only through startTelemetry (a dynamic
// import): nothing here may import otel-telemetry.ts statically.
export { startTelemetry } from './start-telemetry.js';
export type { Telemetry, TelemetryReport } from './telemetry.js';
