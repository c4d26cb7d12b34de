import { describe, expect, it } from 'vitest';
import { otlpTracesUrl } from './otlp-traces-url.js';

describe('otlpTracesUrl', () => {
  it('is off when no endpoint is set, or set empty', () => {
    expect(otlpTracesUrl({})).toBeUndefined();
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeUndefined();
  });

  it('adds /v1/traces to the base endpoint, with or without a trailing slash', () => {
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/otlp/' })).toBe(
      'http://collector:4318/otlp/v1/traces',
    );
  });

  it('takes the traces endpoint as it is, before the base one', () => {
    expect(
      otlpTracesUrl({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/ingest',
      }),
    ).toBe('https://traces.example.com/ingest');
  });

  it('is off when OTEL_SDK_DISABLED is true', () => {
    expect(
      otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'TRUE' }),
    ).toBeUndefined();
  });

  it('refuses an endpoint that is not an http URL, naming the variable', () => {
    expect(() => otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      'OTEL_EXPORTER_OTLP_ENDPOINT=collector:4318 is not an http:// or https:// URL',
    );
    expect(() => otlpTracesUrl({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://c:4317' })).toThrow(
      /^OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=grpc:\/\/c:4317/,
    );
  });
});
