/**
 * Text split into what a rewrite may touch and what it must keep as is:
 * anything holding a digit (ids, amounts, dates), an e-mail or web
 * address, a quoted phrase, or a code such as `RF-1` or `order_id`.
 */
export interface TextPart {
  readonly text: string;
  readonly locked: boolean;
}

const LOCKED =
  /(\S*\d\S*|\S+@\S+|https?:\/\/\S+|"[^"]*"|'[^'\s][^']*[^'\s]'|\b[A-Za-z]+[_][A-Za-z0-9_]+\b|\b[A-Z]{2,}(?:-[A-Za-z0-9]+)*\b)/;

export function splitProtected(text: string): TextPart[] {
  const pieces = text.split(new RegExp(LOCKED.source, 'g'));
  return pieces
    .map((piece, index) => ({ text: piece, locked: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}

/** Applies `rewrite` to the unlocked parts only and joins the text back. */
export function rewriteUnlocked(text: string, rewrite: (free: string) => string): string {
  return splitProtected(text)
    .map((part) => (part.locked ? part.text : rewrite(part.text)))
    .join('');
}

/** The locked parts of a text, in order: a rewrite must keep every one of them. */
export function lockedParts(text: string): string[] {
  return splitProtected(text)
    .filter((part) => part.locked)
    .map((part) => part.text);
}
