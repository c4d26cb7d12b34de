import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createRetailEnvironment, loadRetailData } from '../../domains/retail/index.js';
import type { RetailData } from '../../domains/retail/index.js';
import {
  createHeldoutMapping,
  findOriginals,
  renameText,
} from '../../domains/retail/heldout/index.js';
import { replayCalls } from '../../environment/index.js';
import { validateSuite } from '../../run/index.js';
import type { TaskFile } from '../../schema/index.js';
import { loadSuite } from '../../task/index.js';
import type { Suite } from '../../task/index.js';
import { HELDOUT_FIXTURE } from './create-heldout-context.js';
import { writeRetailHeldout } from './write-retail-heldout.js';
import type { RetailHeldoutSummary } from './write-retail-heldout.js';

const suiteDir = fileURLToPath(new URL('../../../examples/retail/', import.meta.url));
const SEED = 7;
const SUBSET = 40;

/** Round robin over the task families (the first write's tool) and splits: every family is in. */
function subsetAcrossFamilies(size: number): string[] {
  const byFamily = new Map<string, string[]>();
  for (const file of readdirSync(join(suiteDir, 'tasks')).sort()) {
    const task = parse(readFileSync(join(suiteDir, 'tasks', file), 'utf8')) as TaskFile;
    const family = `${task.labels.family}`;
    byFamily.set(family, [...(byFamily.get(family) ?? []), task.id]);
  }
  const picked: string[] = [];
  for (let round = 0; picked.length < size; round++) {
    for (const ids of byFamily.values()) {
      // Spread the picks over each family's list (and so over the splits).
      const id = ids[Math.floor((round * ids.length) / size) % ids.length];
      if (id !== undefined && !picked.includes(id) && picked.length < size) picked.push(id);
    }
  }
  return picked;
}

let outDir: string;
let summary: RetailHeldoutSummary;
let suite: Suite;
let data: RetailData;
const tasks = subsetAcrossFamilies(SUBSET);

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'endstate-heldout-'));
  data = loadRetailData(join(suiteDir, 'data'));
  summary = await writeRetailHeldout({ suiteDir, outDir, seed: SEED, tasks });
  suite = await loadSuite(outDir, { importModule: (url) => import(url), taskCache: false });
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const variantsOf = (of: Suite) => of.tasks.filter((task) => task.spec.variant !== undefined);

describe('writeRetailHeldout', () => {
  it('covers every task family and writes a variant beside each base task', () => {
    const families = new Set(
      suite.tasks
        .filter((task) => task.spec.variant === undefined)
        .map((t) => t.spec.labels.family),
    );
    expect(families).toEqual(
      new Set(
        [
          'no-change',
          'cancel_pending_order',
          'exchange_delivered_order_items',
          'modify_pending_order_address',
          'modify_pending_order_items',
          'modify_pending_order_payment',
          'modify_user_address',
          'return_delivered_order_items',
        ].filter((family) => families.has(family)),
      ),
    );
    expect(families.size).toBeGreaterThanOrEqual(7);
    expect(summary.variants.length + summary.skipped.length).toBe(SUBSET);
    expect(variantsOf(suite)).toHaveLength(summary.variants.length);
    for (const task of variantsOf(suite)) {
      expect(task.id).toBe(`${task.spec.variant?.base}~heldout`);
      expect(task.spec.variant?.perturbation).toBe('rename-entities');
      expect(task.spec.fixture).toBe(HELDOUT_FIXTURE);
      expect(suite.tasks.some((base) => base.id === task.spec.variant?.base)).toBe(true);
    }
  });

  it('gives variants a suite that validates: the oracle succeeds, known-bad paths fail', async () => {
    const validation = await validateSuite({ ...suite, tasks: variantsOf(suite) });
    const failing = validation.tasks.flatMap((task) =>
      task.checks
        .filter((check) => !check.pass && check.severity === 'error')
        .map((check) => `${task.task_id} ${check.name}: ${check.message}`),
    );
    expect(failing).toEqual([]);
    const knownBad = validation.tasks.flatMap((task) =>
      task.checks.filter((check) => check.name.startsWith('known_bad:')),
    );
    expect(knownBad.length).toBeGreaterThan(SUBSET / 2);
  }, 300_000);

  it('leaves no original id, name or e-mail in what the agent and the user are shown', async () => {
    const mapping = createHeldoutMapping(data, SEED);
    const environment = createRetailEnvironment(data);
    expect(findOriginals(environment.policy, mapping)).toEqual([]);
    for (const task of variantsOf(suite)) {
      const { user, reference } = task.spec;
      const shown = [user.instruction, user.scenario?.hidden_goal, JSON.stringify(user.script)];
      const results = await replayCalls(
        environment,
        task.initialState,
        reference.flatMap((step) => ('tool' in step ? [step] : [])),
      );
      const seen = JSON.stringify(results.results);
      expect(findOriginals([...shown, seen].join('\n'), mapping), task.id).toEqual([]);
      expect(findOriginals(readFileSync(join(outDir, task.file), 'utf8'), mapping)).toEqual([]);
    }
    const fixture = readFileSync(join(outDir, HELDOUT_FIXTURE), 'utf8');
    expect(findOriginals(fixture, mapping)).toEqual([]);
  });

  it('recomputes expected changes that differ from the base only by renaming and amounts', () => {
    // Reference values from outside the replay: the base's changes, renamed as text.
    const mapping = createHeldoutMapping(data, SEED);
    // Amounts are masked; lists of ids and the changes are sorted (the tools sort exchanged items by id).
    const sortLists = (_key: string, value: unknown) =>
      Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? [...value].sort()
        : value;
    const maskAmounts = (text: string) =>
      (JSON.parse(text) as unknown[])
        .map((change) => JSON.stringify(change, sortLists).replace(/\d+\.\d+|\b\d{1,4}\b/g, 'N'))
        .sort();
    let withAmounts = 0;
    for (const task of variantsOf(suite)) {
      const base = suite.tasks.find((other) => other.id === task.spec.variant?.base);
      const renamed = renameText(JSON.stringify(base?.spec.expect.changes), {
        mapping,
        amounts: new Map(),
      }).text;
      expect(maskAmounts(JSON.stringify(task.spec.expect.changes)), task.id).toEqual(
        maskAmounts(renamed),
      );
      if (/\d+\.\d+/.test(renamed)) withAmounts++;
    }
    expect(withAmounts).toBeGreaterThan(SUBSET / 2);
  });

  it('is reproducible: the same seed writes the same files', async () => {
    const again = mkdtempSync(join(tmpdir(), 'endstate-heldout-'));
    try {
      await writeRetailHeldout({ suiteDir, outDir: again, seed: SEED, tasks: tasks.slice(0, 5) });
      for (const id of summary.variants.filter((v) =>
        tasks.slice(0, 5).some((t) => v === `${t}~heldout`),
      )) {
        const file = `tasks/${id}.yaml`;
        expect(readFileSync(join(again, file), 'utf8')).toBe(
          readFileSync(join(outDir, file), 'utf8'),
        );
      }
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });

  it('refuses an unknown task id with the id named', async () => {
    await expect(
      writeRetailHeldout({ suiteDir, outDir: join(outDir, 'x'), seed: 1, tasks: ['nope-1'] }),
    ).rejects.toThrow(/no task nope-1/);
  });
});

// The whole suite (635 tasks) takes a few minutes: ENDSTATE_HELDOUT_ALL=1 runs it.
describe.runIf(process.env.ENDSTATE_HELDOUT_ALL === '1')('writeRetailHeldout on every task', () => {
  it('writes a variant that validates for all but a few tasks, each skip with its reason', async () => {
    const all = mkdtempSync(join(tmpdir(), 'endstate-heldout-all-'));
    try {
      const started = performance.now();
      const written = await writeRetailHeldout({ suiteDir, outDir: all, seed: SEED });
      const writtenMs = performance.now() - started;
      const loaded = await loadSuite(all, { importModule: (url) => import(url), taskCache: false });
      const validation = await validateSuite({ ...loaded, tasks: variantsOf(loaded) });
      const validatedMs = performance.now() - started;
      const unusable = validation.tasks.filter((task) => !task.usable).map((task) => task.task_id);
      console.log(
        `${written.variants.length} variants of ${written.variants.length + written.skipped.length} tasks ` +
          `(${written.amountsKept.length} keep an amount as written), ${unusable.length} unusable; ` +
          `written in ${Math.round(writtenMs)} ms, loaded and validated by ${Math.round(validatedMs)} ms`,
      );
      for (const skip of written.skipped) console.log(`skipped ${skip.task}: ${skip.reason}`);
      expect(unusable).toEqual([]);
      expect(written.skipped.length).toBeLessThanOrEqual(10);
    } finally {
      rmSync(all, { recursive: true, force: true });
    }
  }, 900_000);
});
