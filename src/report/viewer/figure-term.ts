import type { FigureLabel } from '../rendering/figure-labels.js';
import { figureLabel } from '../rendering/figure-labels.js';
import type { Child } from './dom.js';
import { h } from './dom.js';

/** What names a row or a column: a figure's label with its definition, or plain words. */
export type Term = string | FigureLabel;

/** The figure at a scorecard field path, optionally under another label (a kind's name, say). */
export function term(path: string, label?: string): FigureLabel {
  const known = figureLabel(path);
  return label === undefined ? known : { label, definition: known.definition };
}

/** A label element whose definition shows on hover (its title). */
export function termElement(
  tag: 'dt' | 'th' | 'div' | 'span',
  name: Term,
  className?: string,
): HTMLElement {
  const attributes = {
    class: className,
    title: typeof name === 'string' ? undefined : name.definition,
  };
  return h(tag, attributes, typeof name === 'string' ? name : name.label);
}

/** Data shown as it was recorded (a tool's name, an error code, a message): marked so it reads as a quotation. */
export const datum = (text: string): HTMLElement => h('code', { class: 'datum' }, text);

/** An empty value, with what its absence means on hover. */
export const none = (meaning: string): HTMLElement =>
  h('span', { class: 'muted', title: meaning }, '—');

/** A table with a labelled header row. */
export function labelledTable(
  className: string,
  head: readonly Term[],
  rows: readonly (readonly Child[])[],
): HTMLElement {
  return h(
    'div',
    { class: 'scroll-x' },
    h(
      'table',
      { class: className },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          head.map((name) => termElement('th', name)),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((cells) =>
          h(
            'tr',
            {},
            cells.map((cell) => h('td', {}, cell)),
          ),
        ),
      ),
    ),
  );
}
