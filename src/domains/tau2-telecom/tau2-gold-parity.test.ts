import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../core/index.js';
import type { JsonValue } from '../../core/index.js';
import type { StateSnapshot } from '../../state/index.js';
import { createTelecomEnvironment } from './create-telecom-environment.js';
import { loadTelecomData } from './load-telecom-data.js';
import { replayTelecomTask } from './replay-telecom-task.js';
import type { TelecomTau2Task } from './replay-telecom-task.js';

// Reference values come from tau2-bench's own Python
// (scripts/tau2-telecom-gold.py), never from these tools: the committed file
// for the mini data, a fresh run on a tau2-bench checkout when TAU2_DIR
// names one.

type Sides = {
  readonly db: Record<string, Record<string, JsonValue>>;
  readonly user_db: Record<string, JsonValue>;
};
interface GoldTask {
  readonly id: string;
  readonly init: readonly { readonly func_name: string; readonly error?: string }[];
  readonly s0: Sides;
  readonly actions: readonly { action_id: string; name: string; error: boolean; content: string }[];
  readonly final: Sides;
  readonly env_assertions: readonly { func_name: string; met: boolean }[];
  readonly reward: { readonly ENV_ASSERTION: number };
}
interface Gold {
  readonly initial: Sides;
  readonly tasks: readonly GoldTask[];
}

const root = fileURLToPath(new URL('../../../', import.meta.url));
const miniFolder = join(root, 'test/fixtures/tau2-telecom-mini');

/** endstate's state as tau2's two dbs: the carrier's tables, and the phone and surroundings. */
function asSides(state: StateSnapshot): Sides {
  const { device, surroundings, ...db } = state;
  return {
    db: db,
    user_db: { device: device?.phone ?? null, surroundings: surroundings?.user ?? null },
  };
}

/**
 * Bills a call creates get random ids in tau2 and seeded ones here: both
 * are replaced by `<new bill N>`, N in order of creation.
 */
function newBillNames(s0: Sides, final: Sides): [string, string][] {
  return Object.keys(final.db.bills ?? {})
    .filter((id) => !Object.hasOwn(s0.db.bills ?? {}, id))
    .map((id, index) => [id, `<new bill ${index + 1}>`]);
}

function normalised(value: unknown, names: readonly [string, string][]): string {
  let text = typeof value === 'string' ? JSON.stringify(value) : canonicalJson(value);
  for (const [id, name] of names) text = text.split(id).join(name);
  return text;
}

/** tau2's tool message: the string itself, or JSON. */
function parsed(content: string): JsonValue {
  try {
    return JSON.parse(content) as JsonValue;
  } catch {
    return content;
  }
}

function sideDifferences(what: string, ours: Sides, theirs: Sides, names: [string, string][]) {
  const differences: string[] = [];
  const pairs: [string, unknown, unknown][] = [
    ...[...new Set([...Object.keys(ours.db), ...Object.keys(theirs.db)])].flatMap((table) => {
      const a = ours.db[table] ?? {};
      const b = theirs.db[table] ?? {};
      return [...new Set([...Object.keys(a), ...Object.keys(b)])].map(
        (id) => [`${table}/${id}`, a[id], b[id]] as [string, unknown, unknown],
      );
    }),
    ['device', ours.user_db.device, theirs.user_db.device],
    ['surroundings', ours.user_db.surroundings, theirs.user_db.surroundings],
  ];
  for (const [where, a, b] of pairs) {
    if (normalised(a ?? null, names) !== normalised(b ?? null, names))
      differences.push(
        `${what} ${where}: ${normalised(a ?? null, names).slice(0, 300)} ≠ ${normalised(b ?? null, names).slice(0, 300)}`,
      );
  }
  return differences;
}

async function compareFolder(folder: string, tasksFile: string, gold: Gold) {
  const environment = createTelecomEnvironment(loadTelecomData(folder));
  const initial = sideDifferences(
    'initial',
    asSides(environment.fixture.snapshot),
    gold.initial,
    [],
  );
  const tasks = JSON.parse(readFileSync(join(folder, tasksFile), 'utf8')) as TelecomTau2Task[];
  const byId = new Map(gold.tasks.map((task) => [task.id, task]));
  const unequal: Record<string, string[]> = {};
  for (const task of tasks) {
    const expected = byId.get(task.id);
    const differences =
      expected === undefined
        ? ['not in the gold file']
        : await compareTask(environment, task, expected);
    if (differences.length > 0) unequal[task.id] = differences;
  }
  return { total: tasks.length, initial, unequal };
}

async function compareTask(
  environment: ReturnType<typeof createTelecomEnvironment>,
  task: TelecomTau2Task,
  gold: GoldTask,
): Promise<string[]> {
  const replay = await replayTelecomTask(environment, task);
  const initFailed = gold.init.find((step) => step.error !== undefined);
  if (replay.type === 'init-failed' || initFailed !== undefined) {
    return replay.type === 'init-failed' && initFailed !== undefined
      ? []
      : [
          `init: ours ${replay.type === 'init-failed' ? replay.message : 'ran'}, tau2's ${initFailed?.error ?? 'ran'}`,
        ];
  }
  const s0 = asSides(replay.s0);
  const final = asSides(replay.final);
  const names = newBillNames(s0, final);
  const goldNames = newBillNames(gold.s0, gold.final);
  const differences = sideDifferences('s0', s0, gold.s0, []);
  replay.results.forEach((result, index) => {
    const expected = gold.actions[index]!;
    const ours = result.ok ? result.result : `Error: ${result.error.message}`;
    const theirs =
      expected.error || typeof ours === 'string' ? expected.content : parsed(expected.content);
    if (result.ok === expected.error || normalised(ours, names) !== normalised(theirs, goldNames))
      differences.push(
        `${expected.action_id}: ${normalised(ours, names).slice(0, 300)} ≠ ${normalised(theirs, goldNames).slice(0, 300)}`,
      );
  });
  // The end states, each side's new bills named alike.
  const renamed = (sides: Sides, map: [string, string][]) =>
    JSON.parse(normalised(sides, map)) as Sides;
  differences.push(
    ...sideDifferences('final', renamed(final, names), renamed(gold.final, goldNames), []),
  );
  replay.assertions.forEach((assertion, index) => {
    const expected = gold.env_assertions[index];
    if (assertion.met !== expected?.met)
      differences.push(
        `env_assertions[${index}] ${expected?.func_name}: met ${assertion.met} ≠ ${expected?.met}`,
      );
  });
  const reward = replay.assertions.every((assertion) => assertion.met) ? 1 : 0;
  if (reward !== gold.reward.ENV_ASSERTION)
    differences.push(`ENV_ASSERTION reward ${reward} ≠ ${gold.reward.ENV_ASSERTION}`);
  return differences;
}

describe("tau2 telecom against tau2-bench's own replay", () => {
  it('reproduces s0, every gold action, both end states and the assertions of the mini data', async () => {
    const gold = JSON.parse(
      readFileSync(join(root, 'test/fixtures/tau2-telecom-mini-gold.json'), 'utf8'),
    ) as Gold;
    const result = await compareFolder(miniFolder, 'tasks.json', gold);
    expect(result.total).toBe(5);
    expect(result.initial).toEqual([]);
    expect(result.unequal).toEqual({});
  });

  const tau2 = process.env.TAU2_DIR;
  const telecomFolder = tau2 === undefined ? undefined : join(tau2, 'data/tau2/domains/telecom');
  const tasksFile = process.env.TAU2_TELECOM_TASKS ?? 'tasks_small.json';
  it.skipIf(telecomFolder === undefined)(
    `matches tau2's replay of every task of its telecom ${tasksFile} (TAU2_DIR is ${tau2 === undefined ? 'not set: give it a tau2-bench checkout, and TAU2_PYTHON a Python with pydantic 2 and toml' : 'set'})`,
    async () => {
      const folder = telecomFolder!;
      expect(existsSync(join(folder, tasksFile))).toBe(true);
      const out = join(mkdtempSync(join(tmpdir(), 'tau2-telecom-gold-')), 'gold.json');
      execFileSync(
        process.env.TAU2_PYTHON ?? 'python3',
        [
          join(root, 'scripts/tau2-telecom-gold.py'),
          '--tau2',
          tau2!,
          '--domain-dir',
          folder,
          '--tasks',
          tasksFile,
          '--out',
          out,
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      const gold = JSON.parse(readFileSync(out, 'utf8')) as Gold;
      const result = await compareFolder(folder, tasksFile, gold);
      const equal = result.total - Object.keys(result.unequal).length;
      console.info(`tau2 telecom parity: ${equal}/${result.total} tasks equal`);
      expect(result.initial).toEqual([]);
      expect(result.unequal).toEqual({});
    },
    120_000,
  );
});
