import picomatch from 'picomatch';
import type { JsonValue } from '../core/index.js';
import { getOwn, isJsonObject, jsonEqual } from '../core/index.js';
import type { Change, Check, Expect, GraderOutput } from '../schema/index.js';
import type { RecordChange, StateDiff, StateSnapshot } from '../state/index.js';
import { readAssertionValues } from './assertion-reads.js';
import { evaluateAssertion } from './cel-assertion.js';
import { GraderError } from './grader-error.js';
import { matchesPartially } from './matches-partially.js';
import { parseRecordPath, valueAtField } from './record-path.js';
import { createFinalStateView } from './state-view.js';
import type { FinalStateView } from './state-view.js';

export interface OutcomeInput {
  readonly expect: Expect;
  readonly s0: StateSnapshot;
  readonly diff: StateDiff;
}

/** What a passing change check accounts for in the diff. */
interface Explained {
  /** `collection/id` → field paths explained (empty list: the whole record). */
  readonly records: Map<string, string[][]>;
}

/**
 * The outcome G(s0, sT): every expected change happened, every assertion
 * holds, and (unless `unchanged: ignore`) nothing else changed but what
 * `incidental` allows. Each check carries the records it looked at. An
 * assertion that cannot be evaluated throws a GraderError naming its check
 * id and carrying the checks, the broken one included.
 */
export function gradeOutcome({ expect, s0, diff }: OutcomeInput): GraderOutput {
  const sT = createFinalStateView(s0, diff);
  const explained: Explained = { records: new Map() };
  const checks: Check[] = expect.changes.map((change, index) =>
    checkChange(change, `expect.changes[${index}]`, s0, sT, diff, explained),
  );
  const broken: { id: string; message: string }[] = [];
  expect.assert.forEach((expression, index) => {
    const id = `expect.assert[${index}]`;
    const result = evaluateAssertion(expression, s0, sT);
    if (result.type === 'error')
      broken.push({ id, message: `${id}: ${expression}: ${result.message}` });
    const pass = result.type === 'value' && result.pass;
    checks.push({
      id,
      kind: 'assert',
      pass,
      message:
        result.type === 'error'
          ? `${expression} could not be evaluated: ${result.message}`
          : `${expression} is ${String(result.pass)}`,
      evidence:
        result.type === 'error'
          ? { expression, error: result.message }
          : { expression, value: result.pass },
      ...(pass
        ? {}
        : result.type === 'error'
          ? { expression }
          : { expression, read: readAssertionValues(expression, s0, sT) }),
    });
  });
  if (expect.unchanged === 'everything-else') {
    checks.push(checkCollateral(diff, explained, expect.incidental));
  }
  // A broken assertion says nothing about the agent: when the verdict rests
  // on it, the trial is a grader failure. When another check already failed
  // the outcome fails whatever it would say, and the failure stays the
  // agent's (an agent that deleted the record an assertion reads must not
  // vanish from the denominator); the broken check still says why.
  const brokenIds = new Set(broken.map((b) => b.id));
  const [first] = broken;
  const isDecidedWithout = checks.some((check) => !brokenIds.has(check.id) && !check.pass);
  if (first !== undefined && !isDecidedWithout) {
    throw new GraderError(broken.map((b) => b.message).join('; '), { checkId: first.id, checks });
  }
  return { pass: checks.every((check) => check.pass), checks };
}

function explain(explained: Explained, key: string, field: string[]): void {
  const fields = explained.records.get(key) ?? [];
  fields.push(field);
  explained.records.set(key, fields);
}

/**
 * One expected change (`set`, `insert` or `delete`) checked on the diff, as
 * `expect.changes` and sub-goals check it. `explained` collects what a
 * change accounts for, for the collateral check; leave it out elsewhere.
 */
export function checkChange(
  change: Change,
  id: string,
  s0: StateSnapshot,
  sT: FinalStateView,
  diff: StateDiff,
  explained: Explained = { records: new Map() },
): Check {
  if ('set' in change) {
    const path = parseRecordPath(change.set);
    const record = sT.get(path.collection, path.id);
    const actual = record === undefined ? undefined : valueAtField(record, path.field);
    const before = valueAtField(getOwn(getOwn(s0, path.collection), path.id), path.field);
    const pass = record !== undefined && jsonEqual(actual, change.to);
    explain(explained, `${path.collection}/${path.id}`, [...path.field]);
    const recordPath = `${path.collection}/${path.id}`;
    // A passing check needs no copy of the value: the state diff holds it.
    return {
      id,
      kind: 'set',
      pass,
      message:
        record === undefined
          ? `${recordPath} does not exist in the final state`
          : pass
            ? `${change.set} has the expected value`
            : `${change.set} is ${clip(JSON.stringify(actual) ?? 'absent')}, expected ${clip(JSON.stringify(change.to))}`,
      evidence: pass
        ? { record: recordPath }
        : {
            record: recordPath,
            expected: change.to,
            actual: (actual ?? null) as JsonValue,
            before: (before ?? null) as JsonValue,
          },
      // An absent field or record has no `actual`: the detail says "absent".
      ...(pass
        ? {}
        : {
            path: change.set,
            expected: change.to,
            ...(actual === undefined ? {} : { actual: actual as JsonValue }),
          }),
    };
  }
  if ('insert' in change) {
    const inserted = Object.entries(getOwn(diff, change.insert) ?? {}).filter(
      ([, c]) => c.before === null && c.after !== null,
    );
    const matched = inserted
      .filter(([, c]) => matchesPartially(c.after, change.match))
      .map(([recordId]) => recordId);
    for (const recordId of matched) explain(explained, `${change.insert}/${recordId}`, []);
    const pass = change.count === undefined ? matched.length >= 1 : matched.length === change.count;
    const wanted = change.count === undefined ? 'at least 1' : String(change.count);
    return {
      id,
      kind: 'insert',
      pass,
      message: `${matched.length} new record(s) in ${change.insert} match ${clip(JSON.stringify(change.match))}, expected ${wanted}`,
      evidence: {
        collection: change.insert,
        matched_ids: matched,
        inserted_ids: inserted.map(([recordId]) => recordId),
      },
      // The new records the match was tried on, for an author to see which field differs.
      ...(pass
        ? {}
        : {
            path: change.insert,
            expected: { count: change.count ?? 'at least 1', match: change.match },
            actual: {
              count: matched.length,
              new_records: inserted.slice(0, 3).map(([, c]) => c.after),
            },
          }),
    };
  }
  const path = parseRecordPath(change.delete);
  const existedBefore = getOwn(getOwn(s0, path.collection), path.id) !== undefined;
  const after = sT.get(path.collection, path.id);
  const existsAfter = after !== undefined;
  explain(explained, `${path.collection}/${path.id}`, []);
  const pass = existedBefore && !existsAfter;
  return {
    id,
    kind: 'delete',
    pass,
    message: !existedBefore
      ? `${change.delete} did not exist in s0`
      : existsAfter
        ? `${change.delete} still exists`
        : `${change.delete} was deleted`,
    evidence: { record: change.delete, existed_before: existedBefore, exists_after: existsAfter },
    // Expected absent (no `expected`); a record that never was is the task's mistake.
    ...(pass
      ? {}
      : existedBefore
        ? { path: change.delete, actual: after }
        : { path: change.delete, expected: 'a record of s0 to delete', actual: 'absent from s0' }),
  };
}

const clip = (text: string, length = 200): string =>
  text.length <= length ? text : `${text.slice(0, length)}…`;

/** Keys of two objects whose values differ, leaving out the ignored field paths. */
function changedKeys(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  ignored: readonly (readonly string[])[],
): string[] {
  const changed: string[] = [];
  for (const key of Object.keys(a)) if (fieldDiffers(a, b, key, ignored)) changed.push(key);
  for (const key of Object.keys(b)) {
    if (!Object.hasOwn(a, key) && fieldDiffers(a, b, key, ignored)) changed.push(key);
  }
  return changed;
}

/** Whether field `key` differs between the two objects once the ignored paths under it are left out. */
function fieldDiffers(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  key: string,
  ignored: readonly (readonly string[])[],
): boolean {
  let below: (readonly string[])[] | undefined;
  for (const path of ignored) {
    if (path[0] !== key) continue;
    if (path.length === 1) return false;
    (below ??= []).push(path.slice(1));
  }
  const before = a[key];
  const after = b[key];
  if (below === undefined || !isJsonObject(before) || !isJsonObject(after)) {
    return !jsonEqual(before, after);
  }
  return changedKeys(before, after, below).length > 0;
}

/** Top-level fields a change touched beyond the explained ones (`*`: the whole record). */
function changedFields(change: RecordChange, explainedFields: readonly string[][]): string[] {
  if (change.before === null || change.after === null)
    return change.before === change.after ? [] : ['*'];
  if (explainedFields.some((field) => field.length === 0)) return [];
  return changedKeys(change.before, change.after, explainedFields).sort();
}

/** Matches the `incidental` globs; a pattern picomatch refuses ("", too long) is a task error. */
function incidentalMatcher(incidental: readonly string[]): (path: string) => boolean {
  if (incidental.length === 0) return () => false;
  try {
    return picomatch([...incidental], { dot: true });
  } catch (error) {
    throw new GraderError(
      `expect.incidental has a pattern that is not a glob: ${(error as Error).message}`,
      { cause: error, checkId: 'expect.incidental' },
    );
  }
}

function checkCollateral(
  diff: StateDiff,
  explained: Explained,
  incidental: readonly string[],
): Check {
  const isIncidental = incidentalMatcher(incidental);
  const collateral: { record: string; fields: string[]; before: JsonValue; after: JsonValue }[] =
    [];
  for (const [collection, records] of Object.entries(diff)) {
    for (const [id, change] of Object.entries(records)) {
      const key = `${collection}/${id}`;
      const fields = explained.records.get(key);
      if (fields?.some((field) => field.length === 0)) continue;
      if (isIncidental(key)) continue;
      const unexplained = changedFields(change, fields ?? []).filter(
        (field) => field === '*' || !isIncidental(`${key}/${field}`),
      );
      if (unexplained.length > 0) {
        collateral.push({
          record: key,
          fields: unexplained,
          before: change.before,
          after: change.after,
        });
      }
    }
  }
  return {
    id: 'expect.unchanged',
    kind: 'collateral',
    pass: collateral.length === 0,
    message:
      collateral.length === 0
        ? 'nothing changed beyond the expected changes'
        : `unexpected changes: ${collateral.map((c) => (c.fields.includes('*') ? c.record : `${c.record} (${c.fields.join(', ')})`)).join('; ')}`,
    evidence: { unexpected: collateral.slice(0, 20), unexpected_count: collateral.length },
    ...collateralDetail(collateral),
  };
}

/** The first unexpected change: its fields as they were (expected) and as they are (actual). */
function collateralDetail(
  collateral: readonly { record: string; fields: string[]; before: JsonValue; after: JsonValue }[],
): { path?: string; expected?: JsonValue; actual?: JsonValue } {
  const first = collateral[0];
  if (first === undefined) return {};
  const more = collateral.length > 1 ? ` (and ${collateral.length - 1} more record(s))` : '';
  if (first.fields.includes('*') || !isJsonObject(first.before) || !isJsonObject(first.after)) {
    return {
      path: `${first.record}${more}`,
      ...(first.before === null ? {} : { expected: first.before }),
      ...(first.after === null ? {} : { actual: first.after }),
    };
  }
  const pick = (record: Record<string, JsonValue>): JsonValue =>
    Object.fromEntries(first.fields.map((field) => [field, record[field] ?? null]));
  return {
    path: `${first.record}${more}`,
    expected: pick(first.before),
    actual: pick(first.after),
  };
}
