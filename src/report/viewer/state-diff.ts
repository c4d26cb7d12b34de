import type { TrialRecord } from '../../schema/index.js';
import { h } from './dom.js';

type RecordChange = NonNullable<TrialRecord['state_diff']>[string][string];

/** Leaves of a JSON value by path (`items[0].quantity`); empty objects and arrays are leaves. */
function flatten(value: unknown, path: string, out: Map<string, unknown>): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [`${path}[${index}]`, item])
      : Object.entries(value).map(([key, item]) => [path === '' ? key : `${path}.${key}`, item]);
    if (entries.length === 0) out.set(path, value);
    for (const [key, item] of entries) flatten(item, key, out);
  } else {
    out.set(path, value);
  }
  return out;
}

const ABSENT = Symbol('absent');

function shown(value: unknown): HTMLElement {
  return value === ABSENT
    ? h('span', { class: 'muted' }, '(absent)')
    : h('code', {}, JSON.stringify(value) ?? 'undefined');
}

interface FieldChange {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly changed: boolean;
}

function fieldChanges(change: RecordChange): FieldChange[] {
  const before =
    change.before === null ? new Map<string, unknown>() : flatten(change.before, '', new Map());
  const after =
    change.after === null ? new Map<string, unknown>() : flatten(change.after, '', new Map());
  const paths = [...new Set([...before.keys(), ...after.keys()])];
  return paths.map((path) => {
    const was = before.has(path) ? before.get(path) : ABSENT;
    const is = after.has(path) ? after.get(path) : ABSENT;
    const changed =
      was === ABSENT || is === ABSENT ? was !== is : JSON.stringify(was) !== JSON.stringify(is);
    return { path, before: was, after: is, changed };
  });
}

function fieldRows(fields: readonly FieldChange[]): HTMLElement {
  return h(
    'table',
    { class: 'diff-table' },
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, 'field'), h('th', {}, 'before'), h('th', {}), h('th', {}, 'after')),
    ),
    h(
      'tbody',
      {},
      fields.map((field) =>
        h(
          'tr',
          { class: field.changed ? 'changed' : 'same' },
          h('th', {}, field.path === '' ? '(value)' : field.path),
          h('td', { class: 'before' }, shown(field.before)),
          h('td', { class: 'arrow' }, '→'),
          h('td', { class: 'after' }, shown(field.after)),
        ),
      ),
    ),
  );
}

function renderRecordChange(key: string, change: RecordChange): HTMLElement {
  const kind = change.before === null ? 'inserted' : change.after === null ? 'deleted' : 'updated';
  const fields = fieldChanges(change);
  const changed = fields.filter((field) => field.changed);
  const same = fields.filter((field) => !field.changed);
  return h(
    'div',
    { class: `diff-record ${kind}`, 'data-record': key },
    h(
      'h4',
      {},
      h('code', {}, key),
      ' ',
      h('span', { class: `badge diff-${kind}` }, kind),
      ' ',
      h('span', { class: 'muted' }, `${changed.length} field(s) changed`),
    ),
    changed.length === 0 ? null : fieldRows(changed),
    same.length === 0
      ? null
      : h('details', {}, h('summary', {}, `${same.length} unchanged field(s)`), fieldRows(same)),
  );
}

/** The state diff s0 → sT, record by record, with each changed field's before and after. */
export function renderStateDiff(diff: TrialRecord['state_diff']): HTMLElement {
  if (diff === null) {
    return h('p', { class: 'muted' }, 'No final state was captured, so there is no diff.');
  }
  const records = Object.entries(diff).flatMap(([collection, byId]) =>
    Object.entries(byId).map(([id, change]) => [`${collection}/${id}`, change] as const),
  );
  if (records.length === 0)
    return h('p', { class: 'diff-empty' }, 'Nothing changed: the final state equals s0.');
  return h(
    'div',
    { class: 'diff' },
    h('p', { class: 'muted' }, `${records.length} record(s) changed`),
    records.map(([key, change]) => renderRecordChange(key, change)),
  );
}
