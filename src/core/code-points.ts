/** The code point that ends just before `index` ('' at the start), a surrogate pair kept whole. */
export function codePointBefore(text: string, index: number): string {
  if (index <= 0) return '';
  const low = text.charCodeAt(index - 1);
  const high = index >= 2 ? text.charCodeAt(index - 2) : 0;
  const isPair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return text.slice(isPair ? index - 2 : index - 1, index);
}

/** The code point that starts at `index` ('' at the end). */
export function codePointFrom(text: string, index: number): string {
  const codePoint = text.codePointAt(index);
  return codePoint === undefined ? '' : String.fromCodePoint(codePoint);
}
