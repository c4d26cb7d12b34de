import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../core/index.js';
import type { Environment } from '../../environment/index.js';
import { replayCalls } from '../../environment/index.js';
import { createTau2RetailEnvironment } from './create-tau2-retail-environment.js';
import { loadTau2RetailData } from './load-tau2-retail-data.js';

// Reference values come from tau2-bench's own Python (scripts/tau2-gold.py),
// never from these tools: the committed file for the mini data, a fresh run
// on a tau2-bench checkout when TAU2_DIR names one.

interface GoldAction {
  readonly action_id: string;
  readonly name: string;
  readonly error: boolean;
  readonly content: string;
}
type Db = Record<string, Record<string, JsonValue>>;
interface GoldTask {
  readonly id: string;
  readonly actions: readonly GoldAction[];
  readonly changes: Db;
  /** The whole final db (written with --full-db). */
  readonly db?: Db;
}
interface Gold {
  /** The db as tau2 loads it: the s0 to reproduce. */
  readonly initial: Db;
  readonly tasks: GoldTask[];
}
interface Tau2Task {
  readonly id: string;
  readonly evaluation_criteria: {
    readonly actions: readonly { name: string; arguments: Record<string, JsonValue> }[] | null;
  } | null;
}

const root = fileURLToPath(new URL('../../../', import.meta.url));
const miniFolder = join(root, 'test/fixtures/tau2-retail-mini');

/** tau2's tool message: the string itself, or JSON; an error is `Error: <message>`. */
function parsed(content: string): JsonValue {
  try {
    return JSON.parse(content) as JsonValue;
  } catch {
    return content;
  }
}

/** The differences between endstate's replay of one task and tau2's, as readable lines. */
async function compareTask(environment: Environment, task: Tau2Task, gold: GoldTask) {
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
    const final = replay.state.snapshot() as Db;
    differences.push(...recordDifferences('final db', final, gold.db));
  }
  return differences;
}

/** Records that differ between two dbs, as `what collection/id` lines. */
function recordDifferences(what: string, ours: Db, theirs: Db): string[] {
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

async function compareFolder(folder: string, gold: Gold) {
  const environment = createTau2RetailEnvironment(loadTau2RetailData(folder));
  const initial = recordDifferences('s0', environment.fixture.snapshot, gold.initial);
  const tasks = JSON.parse(readFileSync(join(folder, 'tasks.json'), 'utf8')) as Tau2Task[];
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

describe("tau2 retail tools against tau2-bench's own replay", () => {
  it('reproduces every gold action and end state of the mini data', async () => {
    const gold = JSON.parse(
      readFileSync(join(root, 'test/fixtures/tau2-retail-mini-gold.json'), 'utf8'),
    ) as Gold;
    const { total, initial, unequal } = await compareFolder(miniFolder, gold);
    expect(total).toBe(6);
    expect(initial).toEqual([]);
    expect(unequal).toEqual({});
  });

  it('fails the comparison when a tool writes the wrong price (the test can fail)', async () => {
    const gold = JSON.parse(
      readFileSync(join(root, 'test/fixtures/tau2-retail-mini-gold.json'), 'utf8'),
    ) as Gold;
    const swap = gold.tasks.find((task) => task.id === 'swap-both-items')!;
    const line = (swap.changes.orders!['#M1000001'] as { items: { price: number }[] }).items[0]!;
    line.price = 52.25; // what v1 (per-line variant) would write; tau2 writes the last variant's
    const { unequal } = await compareFolder(miniFolder, gold);
    expect(Object.keys(unequal)).toEqual(['swap-both-items']);
  });

  it('fails the comparison when s0 differs from the db tau2 loads (the test can fail)', async () => {
    const gold = JSON.parse(
      readFileSync(join(root, 'test/fixtures/tau2-retail-mini-gold.json'), 'utf8'),
    ) as Gold;
    const [userId, user] = Object.entries(gold.initial.users!)[0]!;
    gold.initial.users![userId] = {
      ...(user as Record<string, JsonValue>),
      email: 'x@example.com',
    };
    const { initial } = await compareFolder(miniFolder, gold);
    expect(initial).toEqual([`s0 users/${userId} differs`]);
  });

  const tau2Dir = process.env.TAU2_DIR;
  it.skipIf(tau2Dir === undefined)(
    'reproduces every task of the real retail domain (set TAU2_DIR to a tau2-bench checkout to run)',
    async () => {
      const folder = join(tau2Dir!, 'data/tau2/domains/retail');
      const out = join(mkdtempSync(join(tmpdir(), 'tau2-gold-')), 'gold.json');
      execFileSync('python3', [
        join(root, 'scripts/tau2-gold.py'),
        '--tau2',
        tau2Dir!,
        '--domain-dir',
        folder,
        '--out',
        out,
      ]);
      const gold = JSON.parse(readFileSync(out, 'utf8')) as Gold;
      const { total, initial, unequal } = await compareFolder(folder, gold);
      console.log(
        `tau2 retail: s0 ${initial.length === 0 ? 'equal' : `differs in ${initial.length} records`}; ${total - Object.keys(unequal).length}/${total} tasks with equal results and end states`,
      );
      expect(initial).toEqual([]);
      expect(unequal).toEqual({});
    },
    120_000,
  );
});
