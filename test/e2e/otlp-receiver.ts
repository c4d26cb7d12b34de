import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON request carries it, its attributes decoded. */
export interface ReceivedSpan {
  readonly name: string;
  readonly traceId: string;
  readonly spanId: string;
  /** Undefined for a root span. */
  readonly parentSpanId: string | undefined;
  readonly kind: number;
  readonly startMs: number;
  readonly endMs: number;
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly status: { readonly code?: number; readonly message?: string };
  readonly events: readonly { name: string; attributes: Readonly<Record<string, unknown>> }[];
  readonly resource: Readonly<Record<string, unknown>>;
}

export interface OtlpReceiver {
  /** The base endpoint, for OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly url: string;
  /** Paths and content types of the requests received, in order. */
  readonly requests: { path: string; contentType: string | undefined }[];
  readonly spans: ReceivedSpan[];
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpKeyValue {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  kind: number;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  attributes?: OtlpKeyValue[];
  status?: { code?: number; message?: string };
  events?: { name: string; attributes?: OtlpKeyValue[] }[];
}
interface OtlpRequest {
  resourceSpans: {
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

function valueOf(value: OtlpValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

const attributesOf = (pairs: OtlpKeyValue[] = []): Record<string, unknown> =>
  Object.fromEntries(pairs.map((pair) => [pair.key, valueOf(pair.value)]));

const msOf = (nanos: string | number): number => Number(BigInt(nanos) / 1000n) / 1000;

/** An OTLP/HTTP collector on 127.0.0.1 that keeps the spans posted to it as JSON. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const requests: OtlpReceiver['requests'] = [];
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ path: request.url ?? '', contentType: request.headers['content-type'] });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpRequest;
      for (const resourceSpans of body.resourceSpans) {
        const resource = attributesOf(resourceSpans.resource?.attributes);
        for (const scope of resourceSpans.scopeSpans) {
          for (const span of scope.spans) {
            spans.push({
              name: span.name,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId === '' ? undefined : span.parentSpanId,
              kind: span.kind,
              startMs: msOf(span.startTimeUnixNano),
              endMs: msOf(span.endTimeUnixNano),
              attributes: attributesOf(span.attributes),
              status: span.status ?? {},
              events: (span.events ?? []).map((event) => ({
                name: event.name,
                attributes: attributesOf(event.attributes),
              })),
              resource,
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    spans,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
