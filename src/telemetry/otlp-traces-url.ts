import { EndstateError } from '../core/index.js';

/**
 * Where to post spans over OTLP/HTTP, from the environment, or undefined
 * when tracing is off: neither endpoint variable set (or set empty), or
 * `OTEL_SDK_DISABLED=true`. `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is the URL
 * itself; `OTEL_EXPORTER_OTLP_ENDPOINT` is a base URL that gets
 * `/v1/traces`, as the OTLP exporter specification says.
 */
export function otlpTracesUrl(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces !== undefined && traces !== '') {
    return checkedUrl(traces, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  }
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (base === undefined || base === '') return undefined;
  checkedUrl(base, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  return `${base.endsWith('/') ? base : `${base}/`}v1/traces`;
}

function checkedUrl(text: string, variable: string): string {
  if (URL.canParse(text) && /^https?:$/.test(new URL(text).protocol)) return text;
  throw new EndstateError(
    'E_USAGE',
    `${variable}=${text} is not an http:// or https:// URL, so the run's spans have nowhere to go`,
    {
      hint: `Set ${variable} to the OTLP/HTTP endpoint of a collector, e.g. http://localhost:4318, or unset it to export nothing.`,
    },
  );
}
