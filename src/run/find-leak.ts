import { findJsonDifference, formatValuePath, getOwn } from '../core/index.js';
import type { JsonDifference } from '../core/index.js';
import type { TrialRecord } from '../schema/index.js';
import { trialChecks } from '../schema/index.js';

/**
 * The first difference between two plays of one task from the same seed
 * and a fresh reset, second play against first: what the tools answered
 * (in call order), how the trial ended, the final state, the grade. Any
 * difference means something outlived the first trial (a module-level
 * counter, a cache): trials would not be independent. Timings are left
 * out: they differ by nature.
 */
export function findLeak(first: TrialRecord, second: TrialRecord): string | undefined {
  return (
    toolResultDifference(first, second) ??
    exitDifference(first, second) ??
    stateDifference(first, second) ??
    gradeDifference(first, second)
  );
}

type ToolResult = Extract<TrialRecord['events'][number], { kind: 'tool_result' }>;

const toolResults = (record: TrialRecord): ToolResult[] =>
  record.events.filter((event): event is ToolResult => event.kind === 'tool_result');

function toolResultDifference(first: TrialRecord, second: TrialRecord): string | undefined {
  const before = toolResults(first);
  const after = toolResults(second);
  for (let index = 0; index < Math.min(before.length, after.length); index++) {
    const a = before[index]!;
    const b = after[index]!;
    const answer = (event: ToolResult): unknown =>
      event.ok ? { ok: true, result: event.result ?? null } : { ok: false, error: event.error };
    const difference = findJsonDifference(answer(a), answer(b));
    if (difference === undefined) continue;
    // Inside the result or the error, the path reads from there.
    const inner = difference.path[0] === 'result' || difference.path[0] === 'error';
    const shown = inner ? { ...difference, path: difference.path.slice(1) } : difference;
    return `tool result of call ${index + 1} (${b.tool}): ${describe(shown)}`;
  }
  if (before.length !== after.length) {
    return `tool calls: ${after.length} answered vs ${before.length}`;
  }
  return undefined;
}

function exitDifference(first: TrialRecord, second: TrialRecord): string | undefined {
  if (first.exit_reason === second.exit_reason) return undefined;
  const error = second.error === null ? '' : ` (${second.error})`;
  return `exit ${second.exit_reason} vs ${first.exit_reason}${error}`;
}

/** The final states, compared on the records either play changed (both started from one s0). */
function stateDifference(first: TrialRecord, second: TrialRecord): string | undefined {
  const a = first.state_diff ?? {};
  const b = second.state_diff ?? {};
  const collections = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const collection of collections) {
    const aRecords = getOwn(a, collection) ?? {};
    const bRecords = getOwn(b, collection) ?? {};
    const ids = [...new Set([...Object.keys(aRecords), ...Object.keys(bRecords)])].sort();
    for (const id of ids) {
      const aChange = getOwn(aRecords, id);
      const bChange = getOwn(bRecords, id);
      // A record one play left alone is as s0 had it: the other play's `before`.
      const s0 = aChange?.before ?? bChange?.before ?? undefined;
      const difference = findJsonDifference(
        aChange === undefined ? s0 : (aChange.after ?? undefined),
        bChange === undefined ? s0 : (bChange.after ?? undefined),
      );
      if (difference !== undefined) return `state ${collection}/${id}${describe(difference, '.')}`;
    }
  }
  return undefined;
}

function gradeDifference(first: TrialRecord, second: TrialRecord): string | undefined {
  const passes = (record: TrialRecord): Map<string, boolean> =>
    new Map(trialChecks(record).map((check) => [check.id, check.pass]));
  const before = passes(first);
  const after = passes(second);
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(id) !== after.get(id)) {
      return `grade ${id}: ${verdict(after.get(id))} vs ${verdict(before.get(id))}`;
    }
  }
  if (first.success !== second.success) {
    return `grade: ${second.success ? 'success' : 'failure'} vs ${first.success ? 'success' : 'failure'}`;
  }
  return undefined;
}

const verdict = (pass: boolean | undefined): string =>
  pass === undefined ? 'not checked' : pass ? 'passed' : 'failed';

/** `path: second vs first` (`: second vs first` at the root); `separator` joins a path to what precedes it. */
function describe(difference: JsonDifference, separator = ''): string {
  const path = formatValuePath(difference.path);
  const where = path === '' ? '' : `${path.startsWith('[') ? '' : separator}${path}`;
  const values = `${shown(difference.second)} vs ${shown(difference.first)}`;
  if (separator === '') return where === '' ? values : `${where} ${values}`;
  return `${where}: ${values}`;
}

function shown(value: unknown): string {
  if (value === undefined) return 'absent';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
