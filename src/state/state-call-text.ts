/**
 * How a call of a `state` method is shown in an error: short enough to
 * read in a trial record, close enough to the author's code to find it.
 */

const MAX_TEXT = 40;
const MAX_KEYS = 3;

/** A value as it would appear in source code: `'8842'`, `42`, `{ status: 'closed' }`. */
export function formatArgument(value: unknown, depth = 0): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return '(record) => …';
  if (typeof value === 'symbol') return value.toString();
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    if (depth > 0) return `[…${value.length}]`;
    const shown = value.slice(0, MAX_KEYS).map((item) => formatArgument(item, depth + 1));
    return `[${shown.join(', ')}${value.length > MAX_KEYS ? ', …' : ''}]`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  if (depth > 0) return '{…}';
  return `{ ${formatFields(value as Record<string, unknown>, keys)} }`;
}

/** `status: 'closed', note: 'late'`: the fields of an object as an object literal's body. */
export function formatFields(value: Record<string, unknown>, keys = Object.keys(value)): string {
  const shown = keys.slice(0, MAX_KEYS).map((key) => {
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key);
    return `${name}: ${formatArgument(value[key], 1)}`;
  });
  return `${shown.join(', ')}${keys.length > MAX_KEYS ? ', …' : ''}`;
}

/** `the number 8842`, `an object { status: 'closed' }`, `undefined`: what was passed, in words. */
export function describeArgument(value: unknown): string {
  if (value === undefined) return 'nothing (undefined)';
  if (value === null) return 'null';
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return `an array ${formatArgument(value)}`;
  if (typeof value === 'object') return `an object ${formatArgument(value)}`;
  const article = typeof value === 'string' ? 'the string' : `the ${typeof value}`;
  return `${article} ${formatArgument(value)}`;
}

/** `state.update('tickets', 'T1', { status: 'closed' })`. */
export function formatCall(method: string, args: readonly unknown[]): string {
  return `state.${method}(${args.map((arg) => formatArgument(arg)).join(', ')})`;
}

function quote(text: string): string {
  const cut = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  return `'${cut.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}
