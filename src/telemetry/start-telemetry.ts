import { HARNESS_VERSION } from '../core/index.js';
import { otlpTracesUrl } from './otlp-traces-url.js';
import type { Telemetry } from './telemetry.js';

/**
 * Telemetry for a run when the environment names an OTLP endpoint
 * (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or `OTEL_EXPORTER_OTLP_ENDPOINT`),
 * else undefined. The OpenTelemetry packages are imported here, on first
 * use, so a run without an endpoint loads none of them.
 *
 * @example
 * const telemetry = await startTelemetry(process.env);
 * telemetry?.startRun(run);
 */
export async function startTelemetry(
  env: Readonly<Record<string, string | undefined>>,
): Promise<Telemetry | undefined> {
  const url = otlpTracesUrl(env);
  if (url === undefined) return undefined;
  const { createOtelTelemetry } = await import('./otel-telemetry.js');
  return createOtelTelemetry({ url, serviceVersion: HARNESS_VERSION, env });
}
