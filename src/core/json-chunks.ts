export interface JsonChunkOptions {
  /** The longest piece given, in UTF-16 units (default: 1 MiB of them). */
  readonly maxChunkChars?: number;
}

const DEFAULT_MAX_CHUNK_CHARS = 1 << 20;
/** Arrays longer than this are written element by element without first trying them whole. */
const LONG_ARRAY = 1000;
const STEP = '  ';

/**
 * `JSON.stringify(value, null, 2)` in pieces: their concatenation is the same
 * text, byte for byte, but no piece is longer than `maxChunkChars`. A value
 * whose text fits is written whole; a larger one element by element, so a
 * run of any size can be written to a file although its JSON is longer than
 * the longest string V8 can hold.
 *
 * @example
 * for (const chunk of jsonChunks({ run, scorecard, trials })) sink.write(chunk);
 */
export function* jsonChunks(value: unknown, options: JsonChunkOptions = {}): Generator<string> {
  const maxChunkChars = options.maxChunkChars ?? DEFAULT_MAX_CHUNK_CHARS;
  const prepared = toJsonValue(value, '');
  if (prepared === undefined) return;
  yield* nodeChunks(prepared, '', maxChunkChars);
}

/** What JSON.stringify sees of a value: toJSON applied; undefined where it would skip it. */
function toJsonValue(value: unknown, key: string): unknown {
  let result = value;
  if (typeof result === 'object' && result !== null) {
    const toJSON = (result as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function')
      result = (toJSON as (key: string) => unknown).call(result, key);
  } else if (typeof result === 'bigint') {
    const toJSON = (BigInt.prototype as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') result = (toJSON as () => unknown).call(result);
  }
  return typeof result === 'function' || typeof result === 'symbol' ? undefined : result;
}

function* nodeChunks(value: unknown, indent: string, maxChunkChars: number): Generator<string> {
  if (typeof value !== 'object' || value === null) {
    yield* split(JSON.stringify(value), maxChunkChars);
    return;
  }
  const whole = Array.isArray(value) && value.length > LONG_ARRAY ? undefined : stringified(value);
  if (whole !== undefined && whole.length <= maxChunkChars) {
    // Nested at `indent`: every line after the first moves in by it, as in the whole document.
    yield* split(indent === '' ? whole : whole.replaceAll('\n', `\n${indent}`), maxChunkChars);
    return;
  }
  const inner = indent + STEP;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      yield '[]';
      return;
    }
    for (let index = 0; index < value.length; index++) {
      yield index === 0 ? `[\n${inner}` : `,\n${inner}`;
      const element = toJsonValue((value as unknown[])[index], String(index));
      yield* nodeChunks(element === undefined ? null : element, inner, maxChunkChars);
    }
    yield `\n${indent}]`;
    return;
  }
  let isFirst = true;
  for (const key of Object.keys(value)) {
    const member = toJsonValue((value as Record<string, unknown>)[key], key);
    if (member === undefined) continue;
    yield `${isFirst ? '{\n' : ',\n'}${inner}${JSON.stringify(key)}: `;
    isFirst = false;
    yield* nodeChunks(member, inner, maxChunkChars);
  }
  yield isFirst ? '{}' : `\n${indent}}`;
}

/** The value's indented JSON, or undefined when it is longer than a string can be. */
function stringified(value: object): string | undefined {
  try {
    return JSON.stringify(value, null, 2);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

function* split(text: string, maxChunkChars: number): Generator<string> {
  if (text.length <= maxChunkChars) {
    yield text;
    return;
  }
  let start = 0;
  while (start < text.length) {
    // Never between the halves of a surrogate pair, so each piece encodes on its own.
    let end = Math.min(start + maxChunkChars, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff && end - 1 > start) end--;
    yield text.slice(start, end);
    start = end;
  }
}
