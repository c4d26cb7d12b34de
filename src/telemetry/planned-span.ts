/** An attribute value as OpenTelemetry takes it. */
export type SpanAttributeValue = string | number | boolean | readonly string[];
export type SpanAttributes = Readonly<Record<string, SpanAttributeValue>>;

/** How an operation ended in an error: `error.type`, and the span status's message. */
export interface SpanError {
  readonly type: string;
  readonly message: string;
}

export interface PlannedSpanEvent {
  readonly name: string;
  /** Epoch milliseconds. */
  readonly timeMs: number;
  readonly attributes: SpanAttributes;
}

/**
 * A span made after the fact from what a record holds: its times come from
 * the record, never from a clock read while exporting.
 */
export interface PlannedSpan {
  readonly name: string;
  /** `client` for calls to another process (a model provider), else `internal`. */
  readonly kind: 'internal' | 'client';
  /** Epoch milliseconds (fractions kept). */
  readonly startMs: number;
  readonly endMs: number;
  readonly attributes: SpanAttributes;
  /** Set when the operation ended in an error; `attributes` then hold its `error.type` too. */
  readonly error: SpanError | null;
  readonly events: readonly PlannedSpanEvent[];
  /** In the order they started. */
  readonly children: readonly PlannedSpan[];
}
