import type { JsonValue } from '../core/index.js';
import type { Environment } from '../environment/index.js';
import { replayCalls } from '../environment/index.js';

// What a tau2 domain's parity tests compare: endstate's replay of each
// task's gold actions against what tau2-bench's own Python recorded for
// them (scripts/tau2-gold.py). Used by the tests of each tau2 domain.

export interface Tau2GoldAction {
  readonly action_id: string;
  readonly name: string;
  readonly error: boolean;
  readonly content: string;
}
export type Tau2Db = Record<string, Record<string, JsonValue>>;
export interface Tau2GoldTask {
  readonly id: string;
  readonly actions: readonly Tau2GoldAction[];
  readonly changes: Tau2Db;
  /** The whole final db (written with --full-db). */
  readonly db?: Tau2Db;
  /** tau2's own evaluators on the gold path itself. */
  readonly reward: { readonly DB: number; readonly ACTION: number; readonly ENV_ASSERTION: number };
}
export interface Tau2Gold {
  /** The db as tau2 loads it: the s0 to reproduce. */
  readonly initial: Tau2Db;
  readonly tasks: Tau2GoldTask[];
}
export interface Tau2GoldInputTask {
  readonly id: string;
  readonly evaluation_criteria: {
    readonly actions: readonly { name: string; arguments: Record<string, JsonValue> }[] | null;
  } | null;
}

/** tau2's tool message: the string itself, or JSON; an error is `Error: <message>`. */
function parsed(content: string): JsonValue {
  try {
    return JSON.parse(content) as JsonValue;
  } catch {
    return content;
  }
}

/** The differences between endstate's replay of one task and tau2's, as readable lines. */
async function compareTask(
  environment: Environment,
  task: Tau2GoldInputTask,
  gold: Tau2GoldTask,
): Promise<string[]> {
  const actions = task.evaluation_criteria?.actions ?? [];
  const replay = await replayCalls(
    environment,
    environment.fixture,
    actions.map((action) => ({ tool: action.name, args: action.arguments })),
  );
  const differences: string[] = [];
  replay.results.forEach((result, index) => {
    const expected = gold.actions[index]!;
    const ours = result.ok ? result.result : `Error: ${result.error.message}`;
    // A string result is shown as it is; anything else as JSON.
    const theirs =
      expected.error || typeof ours === 'string' ? expected.content : parsed(expected.content);
    if (result.ok === expected.error || !isEqual(ours, theirs)) {
      differences.push(
        `${expected.action_id} ${expected.name}: ${JSON.stringify(ours).slice(0, 200)} ≠ ${expected.content.slice(0, 200)}`,
      );
    }
  });
  const diff = replay.state.diff();
  const collections = new Set([...Object.keys(diff), ...Object.keys(gold.changes)]);
  for (const collection of collections) {
    const ours = Object.fromEntries(
      Object.entries(diff[collection] ?? {}).map(([id, { after }]) => [id, after]),
    );
    const theirs = gold.changes[collection] ?? {};
    for (const id of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
      if (!isEqual(ours[id] ?? null, theirs[id] ?? null)) {
        differences.push(
          `${collection}/${id}: ${JSON.stringify(ours[id])} ≠ ${JSON.stringify(theirs[id])}`,
        );
      }
    }
  }
  if (gold.db !== undefined) {
    const final = replay.state.snapshot() as Tau2Db;
    differences.push(...recordDifferences('final db', final, gold.db));
  }
  return differences;
}

/** Records that differ between two dbs, as `what collection/id` lines. */
function recordDifferences(what: string, ours: Tau2Db, theirs: Tau2Db): string[] {
  const differences: string[] = [];
  for (const collection of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
    const a = ours[collection] ?? {};
    const b = theirs[collection] ?? {};
    for (const id of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!isEqual(a[id], b[id])) differences.push(`${what} ${collection}/${id} differs`);
    }
  }
  return differences;
}

/** JSON equality with key order ignored (tau2's model_dump orders keys by field). */
function isEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => isEqual(item, b[index]));
  if (
    typeof a === 'object' &&
    a !== null &&
    typeof b === 'object' &&
    b !== null &&
    !Array.isArray(a) &&
    !Array.isArray(b)
  ) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => key in b && isEqual(a[key], b[key]))
    );
  }
  return a === b;
}

/**
 * Every task of a tau2 tasks file replayed in `environment` and compared
 * with tau2's gold: s0 record for record (`initial`), and per task every
 * action's result or error and the end state (`unequal`: task id → lines).
 */
export async function compareTau2Gold(
  environment: Environment,
  tasks: readonly Tau2GoldInputTask[],
  gold: Tau2Gold,
): Promise<{ total: number; initial: string[]; unequal: Record<string, string[]> }> {
  const initial = recordDifferences('s0', environment.fixture.snapshot, gold.initial);
  const byId = new Map(gold.tasks.map((task) => [task.id, task]));
  const unequal: Record<string, string[]> = {};
  for (const task of tasks) {
    const expected = byId.get(task.id);
    const differences =
      expected === undefined
        ? ['missing from the gold file']
        : await compareTask(environment, task, expected);
    if (differences.length > 0) unequal[task.id] = differences;
  }
  return { total: tasks.length, initial, unequal };
}
