import { describe, expect, it } from 'vitest';
import { formatTraceparent, parseTraceparent } from './traceparent.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('traceparent', () => {
  it('reads the W3C example and writes it back unchanged', () => {
    const text = `00-${TRACE}-${SPAN}-01`;
    const parsed = parseTraceparent(text, 'test');
    expect(parsed).toEqual({ traceId: TRACE, spanId: SPAN, traceFlags: 1 });
    expect(formatTraceparent(parsed)).toBe(text);
  });

  it('refuses an all-zero id, a bad version and upper-case hex, naming where it came from', () => {
    for (const text of [
      `00-${'0'.repeat(32)}-${SPAN}-01`,
      `00-${TRACE}-${'0'.repeat(16)}-01`,
      `ff-${TRACE}-${SPAN}-01`,
      `00-${TRACE.toUpperCase()}-${SPAN}-01`,
      `00-${TRACE}-${SPAN}`,
    ]) {
      expect(() => parseTraceparent(text, 'job data traceparent'), text).toThrow(
        /^job data traceparent: ".*" is not a W3C traceparent/,
      );
    }
  });
});
