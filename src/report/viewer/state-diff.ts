import type { TrialRecord } from '../../schema/index.js';
import { ABSENT, changedRecords, fieldChanges } from '../analysis/field-changes.js';
import type { ChangedRecord, FieldChange } from '../analysis/field-changes.js';
import { h } from './dom.js';

function shown(value: unknown): HTMLElement {
  return value === ABSENT
    ? h('span', { class: 'muted' }, '(absent)')
    : h('code', {}, JSON.stringify(value) ?? 'undefined');
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

function renderRecordChange({ key, kind, change }: ChangedRecord): HTMLElement {
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
  const records = changedRecords(diff);
  if (records.length === 0)
    return h('p', { class: 'diff-empty' }, 'Nothing changed: the final state equals s0.');
  return h(
    'div',
    { class: 'diff' },
    h('p', { class: 'muted' }, `${records.length} record(s) changed`),
    records.map(renderRecordChange),
  );
}
