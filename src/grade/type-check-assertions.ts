import type { Environment } from '@marcbachmann/cel-js';
import { loadCelJs } from '../core/index.js';
import type { StateDiff, StateSnapshot } from '../state/index.js';
import { celErrorMessage } from './cel-assertion.js';

export interface TypeCheckAssertionsInput {
  readonly assert: readonly string[];
  readonly s0: StateSnapshot;
  /** Final states the task is known to reach (the reference and known-bad paths'). */
  readonly diffs: readonly StateDiff[];
}

/** An assertion that names a field no record has, found without evaluating it. */
export interface AssertionTypeError {
  /** `expect.assert[i]`, as the trial's check is named. */
  readonly id: string;
  readonly index: number;
  readonly expression: string;
  readonly error: string;
}

const RECORD = 'endstate_record';
const HAS_FIELD = /has\(\s*[^()]*\.\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)/g;

/**
 * Type-checks each assertion with the CEL checker against the fixture's
 * shape: a record is a type whose fields are every field any record has in
 * s0 or in the given final states. So a field read in a branch no known
 * state reaches (`o.refunded_at` behind `||`) is still caught, unless the
 * assertion guards it with `has()`. Field values
 * stay `dyn`, as at run time, where `r.amount_cents == 1899` compares a
 * double to an int and holds: typing them would refuse what works.
 */
export function typeCheckAssertions({
  assert,
  s0,
  diffs,
}: TypeCheckAssertionsInput): AssertionTypeError[] {
  if (assert.length === 0) return [];
  const fields = fieldsOf(s0, diffs);
  // A field the task tests with has() may be missing from every known record.
  for (const expression of assert) {
    for (const match of expression.matchAll(HAS_FIELD))
      if (match[1] !== undefined) fields.add(match[1]);
  }
  const environment = shapeEnvironment(fields);
  const problems: AssertionTypeError[] = [];
  assert.forEach((expression, index) => {
    let error: string | undefined;
    try {
      const result = environment.check(expression);
      if (!result.valid) error = celErrorMessage(result.error);
    } catch (thrown) {
      error = celErrorMessage(thrown);
    }
    if (error !== undefined) {
      problems.push({ id: `expect.assert[${index}]`, index, expression, error });
    }
  });
  return problems;
}

/** Every top-level field of every record in s0 and in the final states. */
function fieldsOf(s0: StateSnapshot, diffs: readonly StateDiff[]): Set<string> {
  const fields = new Set<string>();
  for (const records of Object.values(s0)) {
    for (const record of Object.values(records))
      for (const key of Object.keys(record)) fields.add(key);
  }
  for (const diff of diffs) {
    for (const changes of Object.values(diff)) {
      for (const change of Object.values(changes)) {
        for (const key of Object.keys(change.after ?? {})) fields.add(key);
      }
    }
  }
  return fields;
}

function shapeEnvironment(fields: ReadonlySet<string>): Environment {
  const declared: Record<string, string> = {};
  for (const field of fields)
    Object.defineProperty(declared, field, { value: 'dyn', enumerable: true });
  return (
    new (loadCelJs().Environment)({ unlistedVariablesAreDyn: false })
      .registerType(RECORD, { fields: declared })
      // Records compare as values (`sT_by_id.orders["8843"] == s0_by_id.orders["8843"]`);
      // this environment only checks, so the handler never runs.
      .registerOperator(`${RECORD} == ${RECORD}`, (a, b) => a === b)
      .registerVariable('s0', `map<string, list<${RECORD}>>`)
      .registerVariable('sT', `map<string, list<${RECORD}>>`)
      .registerVariable('s0_by_id', `map<string, map<string, ${RECORD}>>`)
      .registerVariable('sT_by_id', `map<string, map<string, ${RECORD}>>`)
  );
}
