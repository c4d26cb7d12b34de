import { humanise } from '../rendering/figure-labels.js';
import type { Child } from './dom.js';
import { h } from './dom.js';
import type { Term } from './figure-term.js';
import { labelledTable, none, term, termElement } from './figure-term.js';
import { ms, number, percent, usd } from './format.js';

const ROW_LIMIT = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isScalar = (value: unknown): boolean => value === null || typeof value !== 'object';

const isBound = (value: unknown): value is number | null =>
  value === null || typeof value === 'number';

/** `[lower, upper]` under a key that names a 95% interval (`ci95`, `difference_ci95`). */
const isInterval = (
  key: string,
  value: unknown,
): value is readonly [number | null, number | null] =>
  /ci95$/i.test(key) && Array.isArray(value) && value.length === 2 && value.every(isBound);

const isShare = (value: number | null): boolean => value === null || (value >= 0 && value <= 1);

/** Where a value sits: the field path (for its definition) and its own key (for its unit). */
interface Place {
  /** The scorecard field path, when the value is a scorecard figure: its label's definition then shows on hover. */
  readonly path: string | undefined;
  readonly key: string;
}

const child = (place: Place, key: string): Place => ({
  path: place.path === undefined ? undefined : place.path === '' ? key : `${place.path}.${key}`,
  key,
});

const termOf = (place: Place): Term =>
  place.path === undefined ? humanise(place.key) : term(place.path);

/** An interval in the unit its key names: dollars, shares as percentages, else plain numbers. */
function intervalText(key: string, bounds: readonly [number | null, number | null]): string {
  const [lower, upper] = bounds;
  if (/usd/i.test(key)) return `[${usd(lower)}, ${upper === null ? '∞' : usd(upper)}]`;
  if (isShare(lower) && isShare(upper)) return `[${percent(lower)}, ${percent(upper)}]`;
  return `[${number(lower)}, ${number(upper)}]`;
}

/** A number in the unit its key names. */
function numberText(key: string, value: number): string {
  if (/usd$/i.test(key)) return usd(value);
  if (/_ms$|^ms$/i.test(key)) return ms(value);
  if (/(^|_)(rate|share)$/i.test(key) && isShare(value)) return percent(value);
  return number(value);
}

/** A scalar as text: a number in its unit, yes/no, an empty value as a dash. */
function scalarText(value: unknown, key: string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return numberText(key, value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function scalar(value: unknown, key: string): Child {
  if (value === null || value === undefined) return none('no value: not measured in this run');
  return scalarText(value, key);
}

/** The estimate a record with a `ci95` states, under its usual names. */
const ESTIMATE_KEYS = ['rate', 'value', 'mean', 'difference'] as const;

/**
 * A record holding an estimate and its interval (`{ passed, checks, rate,
 * ci95 }`) in one line, as the terminal prints it: `96.9% [81.1%, 98.1%] ·
 * passed 217 · checks 224`; undefined for any other record.
 */
function estimateLine(record: Record<string, unknown>): string | undefined {
  const ci = record['ci95'];
  const key = ESTIMATE_KEYS.find((name) => typeof record[name] === 'number');
  if (key === undefined || !isInterval('ci95', ci)) return undefined;
  const estimate = record[key] as number;
  const rest = Object.entries(record).filter(
    ([name, value]) => name !== key && name !== 'ci95' && isScalar(value) && value !== null,
  );
  const shown = isShare(estimate) ? percent(estimate) : number(estimate);
  const details = rest.map(
    ([name, value]) => `${humanise(name).toLowerCase()} ${scalarText(value, name)}`,
  );
  return [`${shown} ${intervalText('ci95', ci)}`, ...details].join(' · ');
}

function recordTable(rows: readonly Record<string, unknown>[], place: Place): HTMLElement {
  const keys = [...new Set(rows.slice(0, ROW_LIMIT).flatMap((row) => Object.keys(row)))];
  return h(
    'div',
    {},
    labelledTable(
      'generic',
      keys.map((key) => (key === '' ? '' : termOf(child(place, key)))),
      rows
        .slice(0, ROW_LIMIT)
        .map((row) => keys.map((key) => renderAt(row[key], child(place, key)))),
    ),
    rows.length > ROW_LIMIT
      ? h('p', { class: 'muted' }, `… and ${rows.length - ROW_LIMIT} more`)
      : null,
  );
}

function renderAt(value: unknown, place: Place): Child {
  if (isInterval(place.key, value)) return intervalText(place.key, value);
  if (isScalar(value)) return scalar(value, place.key);
  if (Array.isArray(value)) {
    if (value.length === 0) return h('span', { class: 'muted' }, 'none');
    if (value.every(isScalar)) return value.map((item) => scalarText(item, place.key)).join(', ');
    if (value.every(isRecord)) return recordTable(value, place);
    return h(
      'ol',
      { class: 'generic' },
      value.map((item) => h('li', {}, renderAt(item, place))),
    );
  }
  if (!isRecord(value)) return String(value);
  const line = estimateLine(value);
  if (line !== undefined) return line;
  const entries = Object.entries(value);
  if (entries.length === 0) return h('span', { class: 'muted' }, 'none');
  return h(
    'dl',
    { class: 'generic' },
    entries.map(([key, item]) => {
      const at = child(place, key);
      return [termElement('dt', termOf(at)), h('dd', {}, renderAt(item, at))];
    }),
  );
}

/**
 * Any JSON value as labelled lines and tables: keys in words, intervals
 * as `[8.1%, 17.0%]`, empty values as a dash. The fallback for report
 * sections and fields this viewer does not know by name, so new figures
 * show up readably without a viewer change. Given `path` (a scorecard
 * field path, '' for the scorecard itself), each label carries its
 * figure's definition on hover.
 */
export function renderValue(value: unknown, path?: string): Child {
  const key = path?.split('.').pop() ?? '';
  return renderAt(value, { path, key });
}

/** The fields of a scorecard record at `path` other than `known`, labelled (nothing when there are none). */
export function otherFields(record: object, known: readonly string[], path: string): Child {
  const rest = Object.entries(record).filter(([key]) => !known.includes(key));
  if (rest.length === 0) return null;
  return renderValue(Object.fromEntries(rest), path);
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
