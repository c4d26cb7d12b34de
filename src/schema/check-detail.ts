import type { Check } from './trial-record.js';

/** Longest JSON value shown in a detail line before it is cut. */
const MAX_VALUE_CHARS = 200;

/** A JSON value on one line, cut with a marker past `max` characters; `absent` for none. */
export function shownValue(value: unknown, max = MAX_VALUE_CHARS): string {
  if (value === undefined) return 'absent';
  const text = JSON.stringify(value) ?? typeof value;
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** Whether a check records what it compared (expected and actual values) or what it read. */
function hasCheckDetail(check: Check): boolean {
  return (
    check.expected !== undefined ||
    check.actual !== undefined ||
    (check.expression !== undefined && (check.read?.length ?? 0) > 0)
  );
}

/**
 * A failed check's detail on one line: `orders/8842/status expected
 * "reimbursed", actual "refunded"` for a check that compares values; for an
 * assertion, its expression and the values of its parts that made it false
 * (`sT.refunds.size() == 1 is false: sT.refunds.size() = 0`). Null when the
 * check records neither (older records, checks that compare no value):
 * its message then says what failed.
 */
export function describeCheckDetail(check: Check): string | null {
  if (!hasCheckDetail(check)) return null;
  const parts: string[] = [];
  if (check.expected !== undefined || check.actual !== undefined) {
    const subject = check.path === undefined ? '' : `${check.path} `;
    parts.push(
      `${subject}expected ${shownValue(check.expected)}, actual ${shownValue(check.actual)}`,
    );
  }
  if (check.expression !== undefined && (check.read?.length ?? 0) > 0) {
    const read = (check.read ?? []).map((r) => `${r.expression} = ${shownValue(r.value)}`);
    parts.push(`${check.expression} is false: ${read.join(', ')}`);
  }
  return parts.join('; ');
}
