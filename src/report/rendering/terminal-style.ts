/** The styles a terminal renderer uses. */
export type Tone = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan' | 'magenta';

/** Wraps text in a style: ANSI codes when colour is on, the text alone when it is off. */
export type Paint = (tone: Tone, text: string) => string;

const SGR: Readonly<Record<Tone, readonly [number, number]>> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
  magenta: [35, 39],
};

/**
 * The painter of a terminal renderer. The caller decides whether colour is
 * on (a terminal, no NO_COLOR); off, the output holds no escape code at all.
 */
export function createPaint(color: boolean): Paint {
  if (!color) return (_tone, text) => text;
  return (tone, text) => {
    const [open, close] = SGR[tone];
    return text === '' ? text : `\u001b[${open}m${text}\u001b[${close}m`;
  };
}

/** C0 and C1 controls but tab and line feed: shown escaped, so recorded text cannot drive the terminal. */
// eslint-disable-next-line no-control-regex -- matching controls is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Recorded text (an agent's words, a tool's error) made safe to print and
 * cut to `maxChars`: controls are shown as `\u001b`-style escapes (an agent
 * under test must not be able to move the cursor or recolour a terminal),
 * and a cut ends with a marker saying how much was left out.
 */
export function terminalText(text: string, maxChars: number): string {
  // Never cut a surrogate pair in half.
  const end = /[\ud800-\udbff]/.test(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
  const cut = text.length > maxChars ? text.slice(0, end) : text;
  const safe = cut.replace(
    CONTROLS,
    (control) => `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return cut.length < text.length ? `${safe} … [${text.length - cut.length} more chars]` : safe;
}
