/**
 * An error message on one line for a terminal: its first line and, when
 * there are more, its last (a traceback's first and last lines say what
 * failed and why), cut to `maxChars` with an ellipsis.
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
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}…`;
}
