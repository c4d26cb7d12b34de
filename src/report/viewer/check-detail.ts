import type { Check } from '../../schema/index.js';
// The pure formatter only: the schema's index would bring zod into the page.
import { shownValue } from '../../schema/check-detail.js';
import { h } from './dom.js';

/** Longest value shown in the drawer before it is cut (the whole record stays under "evidence"). */
const MAX_VALUE_CHARS = 1000;

const row = (label: string, className: string, ...cells: (Node | string)[]): HTMLElement =>
  h('tr', { class: className }, h('th', {}, label), h('td', {}, ...cells));

const value = (shown: unknown): HTMLElement =>
  shown === undefined
    ? h('span', { class: 'muted' }, '(absent)')
    : h('code', {}, shownValue(shown, MAX_VALUE_CHARS));

/**
 * What a failed check compared (its path, the expected and the actual
 * value) and the values a failed assertion read, as a small table; null
 * when the check records none of them (passing checks, older records).
 */
export function renderCheckDetail(check: Check): HTMLElement | null {
  const rows: HTMLElement[] = [];
  if (check.path !== undefined) rows.push(row('path', 'detail-path', h('code', {}, check.path)));
  if (check.expected !== undefined || check.actual !== undefined) {
    rows.push(row('expected', 'detail-expected', value(check.expected)));
    rows.push(row('actual', 'detail-actual', value(check.actual)));
  }
  for (const read of check.read ?? [])
    rows.push(row('read', 'detail-read', h('code', {}, read.expression), ' = ', value(read.value)));
  if (rows.length === 0) return null;
  return h('table', { class: 'diff-table check-detail' }, h('tbody', {}, rows));
}
