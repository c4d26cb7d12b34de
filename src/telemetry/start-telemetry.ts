import { HARNESS_VERSION, loadOptional } from '../core/index.js';
import { otlpTracesUrl } from './otlp-traces-url.js';
import type { Telemetry } from './telemetry.js';

/** What otel-telemetry.ts imports: optional peer dependencies of endstate, installed for export only. */
const OTEL_PACKAGES = [
  '@opentelemetry/api',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/resources',
  '@opentelemetry/sdk-trace-base',
];

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
  const { createOtelTelemetry } = await loadOptional(() => import('./otel-telemetry.js'), {
    feature: 'OpenTelemetry export (OTEL_EXPORTER_OTLP_ENDPOINT is set)',
    packages: OTEL_PACKAGES,
  });
  return createOtelTelemetry({ url, serviceVersion: HARNESS_VERSION, env });
}
