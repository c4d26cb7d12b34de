/** Field names repeat across records: their quoted forms are kept (up to a bound). */
const quotedKeys = new Map<string, string>();
const MAX_QUOTED_KEYS = 50_000;

/** A key as JSON writes it (`JSON.stringify(key)`), from the table when it was seen before. */
export function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < MAX_QUOTED_KEYS) quotedKeys.set(key, quoted);
  }
  return quoted;
}
