import { beforeAll, describe } from 'vitest';
import drift from '../../../examples/drift/environment.js';
import support from '../../../examples/support/environment.js';
import { createSimulatedAgent } from '../../agent/index.js';
import { loadRunFaults } from '../../cli/load-faults.js';
import type { Environment } from '../../environment/index.js';
import { runSuite } from '../../run/index.js';
import type { RunRecord, TrialRecord } from '../../schema/index.js';
import { createMemoryStore } from '../../store/index.js';
import { loadSuite } from '../../task/index.js';
import { describeScorecardSection } from '../scorecard-section.contract.js';
import type { SectionFixture } from '../scorecard-section.contract.js';
import type { SectionKey } from '../scorecard-section.js';
import { SCORECARD_SECTIONS } from './index.js';

/** A simulated agent's run of a bundled suite: real records, seeded. */
async function playExample(
  name: string,
  environment: Environment,
  options: { readonly faults?: string } = {},
): Promise<SectionFixture> {
  const suite = await loadSuite(`examples/${name}`, {
    importModule: () => Promise.resolve({ default: environment }),
    taskCache: false,
  });
  const { run, trials } = await runSuite({
    suite,
    agent: createSimulatedAgent({ slip: 0.3 }),
    trials: 3,
    seed: 7,
    store: createMemoryStore(),
    ...(options.faults === undefined
      ? {}
      : { faults: loadRunFaults(options.faults, process.cwd(), suite.environment) }),
  });
  return { run, trials };
}

/**
 * The support run with a variant `<task>~typos` beside each of its first
 * four tasks: copies of the base task's trials whose first attempt's
 * verdict is turned over, so variants and bases differ.
 */
function withVariants({ run, trials }: SectionFixture): SectionFixture {
  const bases = run.suite.task_ids.slice(0, 4);
  const variants: TrialRecord[] = trials
    .filter((trial) => bases.includes(trial.task_id))
    .map((trial) => {
      const taskId = `${trial.task_id}~typos`;
      const flipped = trial.valid && trial.attempt === 1;
      return {
        ...trial,
        task_id: taskId,
        trial_id: `${run.run_id}/${taskId}/${trial.attempt}.${trial.rerun}`,
        variant: { base: trial.task_id, perturbation: 'typos' },
        ...(flipped ? { success: !trial.success } : {}),
      };
    });
  const variantIds = bases.map((id) => `${id}~typos`);
  const withIds: RunRecord = {
    ...run,
    suite: {
      ...run.suite,
      task_ids: [...run.suite.task_ids, ...variantIds],
      revisions: {
        ...run.suite.revisions,
        ...Object.fromEntries(variantIds.map((id, i) => [id, run.suite.revisions[bases[i]!]!])),
      },
    },
  };
  return { run: withIds, trials: [...trials, ...variants] };
}

/**
 * The support run with a twin of its task that states a plan: the same
 * trials under another id, those whose plan failed only, so the two tasks'
 * plan rates differ and a task weight moves the suite's.
 */
function withPlanTwin({ run, trials }: SectionFixture): SectionFixture {
  const planned = trials.filter((trial) => trial.grades['plan'] !== undefined);
  const source = planned[0]?.task_id ?? 'none';
  const twinId = `${source}-twin`;
  const twin = planned
    .filter((trial) => trial.task_id === source && trial.grades['plan']?.pass === false)
    .map((trial) => ({
      ...trial,
      task_id: twinId,
      trial_id: `${run.run_id}/${twinId}/${trial.attempt}.${trial.rerun}`,
    }));
  return {
    run: {
      ...run,
      suite: {
        ...run.suite,
        task_ids: [...run.suite.task_ids, twinId],
        revisions: { ...run.suite.revisions, [twinId]: run.suite.revisions[source] ?? 1 },
      },
    },
    trials: [...trials, ...twin],
  };
}

const fixtures = new Map<SectionKey, SectionFixture>();
beforeAll(async () => {
  const faulty = await playExample('support', support, {
    faults: 'examples/faults/support-flaky.yaml',
  });
  const sequences = await playExample('drift', drift);
  for (const { key } of SCORECARD_SECTIONS) fixtures.set(key, faulty);
  fixtures.set('drift', sequences);
  fixtures.set('memory', sequences);
  fixtures.set('robustness', withVariants(faulty));
  fixtures.set('plans', withPlanTwin(faulty));
});

/** The fixture is made in beforeAll; the contract's tests read it when they run. */
function lazyFixture(key: SectionKey): SectionFixture {
  const at = () => {
    const fixture = fixtures.get(key);
    if (fixture === undefined) throw new Error(`no fixture for section ${key}`);
    return fixture;
  };
  return {
    get run() {
      return at().run;
    },
    get trials() {
      return at().trials;
    },
  };
}

describe('the built-in scorecard sections', () => {
  for (const section of SCORECARD_SECTIONS) {
    describeScorecardSection(section, lazyFixture(section.key));
  }
});
