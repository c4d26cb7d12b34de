import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../core/index.js';
import { compareTau2Gold } from '../tau2-gold-comparison.js';
import type { Tau2Gold, Tau2GoldInputTask } from '../tau2-gold-comparison.js';
import { createTau2RetailEnvironment } from './create-tau2-retail-environment.js';
import { loadTau2RetailData } from './load-tau2-retail-data.js';

// Reference values come from tau2-bench's own Python (scripts/tau2-gold.py),
// never from these tools: the committed file for the mini data, a fresh run
// on a tau2-bench checkout when TAU2_DIR names one.

type Gold = Tau2Gold;

const root = fileURLToPath(new URL('../../../', import.meta.url));
const miniFolder = join(root, 'test/fixtures/tau2-retail-mini');

async function compareFolder(folder: string, gold: Gold) {
  const environment = createTau2RetailEnvironment(loadTau2RetailData(folder));
  const tasks = JSON.parse(readFileSync(join(folder, 'tasks.json'), 'utf8')) as Tau2GoldInputTask[];
  return compareTau2Gold(environment, tasks, gold);
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
