import type { Child } from './dom.js';
import { h } from './dom.js';
import { number } from './format.js';

const ROW_LIMIT = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isScalar = (value: unknown): boolean => value === null || typeof value !== 'object';

/** A non-empty object whose values are all scalars. */
const isFlatRecord = (value: unknown): boolean =>
  isRecord(value) && Object.keys(value).length > 0 && Object.values(value).every(isScalar);

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return number(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function scalar(value: unknown): Child {
  if (value === null || value === undefined) return h('span', { class: 'muted' }, '—');
  return scalarText(value);
}

/** Objects that all share one shape draw as a table; anything else as nested key/value lists. */
function objectTable(rows: readonly Record<string, unknown>[]): HTMLElement {
  const keys = [...new Set(rows.slice(0, ROW_LIMIT).flatMap((row) => Object.keys(row)))];
  return h(
    'div',
    { class: 'scroll-x' },
    h(
      'table',
      { class: 'generic' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          keys.map((key) => h('th', {}, key)),
        ),
      ),
      h(
        'tbody',
        {},
        rows.slice(0, ROW_LIMIT).map((row) =>
          h(
            'tr',
            {},
            keys.map((key) => h('td', {}, renderValue(row[key]))),
          ),
        ),
      ),
    ),
    rows.length > ROW_LIMIT
      ? h('p', { class: 'muted' }, `… and ${rows.length - ROW_LIMIT} more`)
      : null,
  );
}

/**
 * Any JSON value as readable HTML: the fallback for scorecard fields and
 * report sections this viewer does not know by name, so new figures show
 * up without a viewer change.
 */
export function renderValue(value: unknown): Child {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return h('span', { class: 'muted' }, 'none');
    if (value.every(isScalar)) return value.map(scalarText).join(', ');
    if (value.every(isRecord)) return objectTable(value);
    return h(
      'ol',
      { class: 'generic' },
      value.map((item) => h('li', {}, renderValue(item))),
    );
  }
  if (!isRecord(value)) return String(value);
  const entries = Object.entries(value);
  if (entries.length === 0) return h('span', { class: 'muted' }, 'none');
  if (entries.length > 1 && entries.every(([, item]) => isFlatRecord(item))) {
    // { forbidden_action: { events, trials, rate }, loop: { ... } }: one row per key.
    return objectTable(
      entries.map(([key, item]) => ({ '': key, ...(item as Record<string, unknown>) })),
    );
  }
  return h(
    'dl',
    { class: 'generic' },
    entries.map(([key, item]) => [h('dt', {}, key), h('dd', {}, renderValue(item))]),
  );
}

/** Keys of `record` other than `known`, drawn generically (empty when there are none). */
export function otherFields(record: object, known: readonly string[]): Child {
  const rest = Object.entries(record).filter(([key]) => !known.includes(key));
  if (rest.length === 0) return null;
  return renderValue(Object.fromEntries(rest));
}

/** JSON for reading: indented, in a scrolling block. */
export function jsonBlock(value: unknown, className = 'json'): HTMLElement {
  const compact = JSON.stringify(value) ?? 'undefined';
  return h(
    'pre',
    { class: className },
    compact.length <= 80 ? compact : JSON.stringify(value, null, 2),
  );
}
