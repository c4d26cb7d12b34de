/**
 * An error message on one line for a terminal: its first line and, when
 * there are more, its last (a traceback's first and last lines say what
 * failed and why), cut in the middle to `maxChars`: the start says what
 * failed, the end often quotes the offending input (`Line 3: ...`).
 */
export function abridgeMessage(message: string | null, maxChars = 200): string {
  if (message === null) return '(no message recorded)';
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const first = lines[0] ?? '';
  const last = lines.at(-1) ?? '';
  const text = lines.length > 1 ? `${first} … ${last}` : first;
  if (text.length <= maxChars) return text;
  const head = Math.ceil((maxChars - 3) * 0.6);
  const tail = maxChars - 3 - head;
  return `${text.slice(0, head).trimEnd()} … ${text.slice(text.length - tail).trimStart()}`;
}
