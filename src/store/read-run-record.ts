import { EndstateError } from '../core/index.js';
import { RunRecordSchema } from '../schema/index.js';
import type { RunRecord } from '../schema/index.js';

/**
 * A stored run record, or an error that names the run and every field that
 * is out of its range (a run stored by a version that did not check them,
 * such as one with a seed past 2^32-1).
 */
export function readRunRecord(text: string): RunRecord {
  const value = JSON.parse(text) as unknown;
  const parsed = RunRecordSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const runId =
    typeof value === 'object' && value !== null && 'run_id' in value
      ? String(value.run_id)
      : '(no id)';
  const problems = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`)
    .join('; ');
  throw new EndstateError('E_STORE', `stored run ${runId} cannot be read (${problems})`, {
    hint: `It was stored outside the documented bounds (see "Bounds" in docs/cli.md): name another run by its id, or start a new run.`,
  });
}
