import { EndstateError } from '../core/index.js';

/** A span's identity as W3C Trace Context carries it between processes. */
export interface SpanIdentity {
  /** 32 lowercase hex digits, not all zero. */
  readonly traceId: string;
  /** 16 lowercase hex digits, not all zero. */
  readonly spanId: string;
  /** Bit 0: sampled. */
  readonly traceFlags: number;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** `00-<trace id>-<span id>-<flags>`: the W3C `traceparent` of a span. */
export function formatTraceparent(span: SpanIdentity): string {
  return `00-${span.traceId}-${span.spanId}-${span.traceFlags.toString(16).padStart(2, '0')}`;
}

/**
 * Reads a W3C `traceparent` (version 00, or a later version's first four
 * fields, as the recommendation asks). `source` says where it came from, for
 * the message when it is not one.
 */
export function parseTraceparent(text: string, source: string): SpanIdentity {
  const match = TRACEPARENT.exec(text.trim());
  const [, version, traceId, spanId, flags] = match ?? [];
  if (
    version === undefined ||
    traceId === undefined ||
    spanId === undefined ||
    flags === undefined ||
    version === 'ff' ||
    /^0+$/.test(traceId) ||
    /^0+$/.test(spanId)
  ) {
    throw new EndstateError(
      'E_USAGE',
      `${source}: "${text}" is not a W3C traceparent (00-<32 hex trace id>-<16 hex span id>-<2 hex flags>, ids not all zero)`,
      { hint: 'Pass the value the run made for its run span, unchanged.' },
    );
  }
  return { traceId, spanId, traceFlags: Number.parseInt(flags, 16) };
}
