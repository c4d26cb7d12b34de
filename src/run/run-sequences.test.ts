import { describe, expect, it } from 'vitest';
import drift from '../../examples/drift/environment.js';
import { AgentInfrastructureError, createOracleAgent, runSteps } from '../agent/index.js';
import type { Agent } from '../agent/index.js';
import { createMemoryStore } from '../store/index.js';
import { loadSuite } from '../task/index.js';
import type { Sequence } from '../task/index.js';
import { planSequenceAttempts } from './resume-plan.js';
import { runSuite } from './run-suite.js';

const loadDrift = () =>
  loadSuite('examples/drift', {
    importModule: () => Promise.resolve({ default: drift }),
    taskCache: false,
  });

const twoEpisodes = { id: 's', episodes: [{ id: 's@1' }, { id: 's@2' }] } as unknown as Sequence;
const record = (task_id: string, rerun: number, valid = true) => ({
  task_id,
  attempt: 1,
  rerun,
  valid,
});

describe('planSequenceAttempts', () => {
  it('plays an attempt from rerun 0 when nothing is stored', () => {
    expect(planSequenceAttempts([twoEpisodes], 1, 2).pending).toEqual([
      { sequence: twoEpisodes, attempt: 1, firstRerun: 0 },
    ]);
  });

  it('counts a complete valid try as done, in episodes', () => {
    const plan = planSequenceAttempts([twoEpisodes], 1, 2, [record('s@1', 0), record('s@2', 0)]);
    expect(plan).toEqual({ pending: [], done: 2 });
  });

  it('plays the whole attempt again after an invalid episode, until the last rerun', () => {
    const invalid = [record('s@1', 0), record('s@2', 0, false)];
    expect(planSequenceAttempts([twoEpisodes], 1, 2, invalid).pending[0]?.firstRerun).toBe(1);
    const exhausted = [record('s@2', 2, false)];
    expect(planSequenceAttempts([twoEpisodes], 1, 2, exhausted)).toEqual({ pending: [], done: 2 });
  });

  it('plays a try again when only part of it was stored', () => {
    expect(planSequenceAttempts([twoEpisodes], 1, 2, [record('s@1', 0)]).pending[0]).toEqual({
      sequence: twoEpisodes,
      attempt: 1,
      firstRerun: 1,
    });
  });
});

describe('runSuite with sequences', () => {
  it('plans episodes as <sequence>@<episode> beside the tasks played alone', async () => {
    const suite = await loadDrift();
    const { run } = await runSuite({
      suite,
      agent: createOracleAgent(),
      trials: 1,
      store: createMemoryStore(),
    });
    expect(run.suite.task_ids).toEqual([
      'refund-a102',
      'credit-switch@1',
      'credit-switch@2',
      'full-drift@1',
      'full-drift@2',
      'full-drift@3',
      'steady@1',
      'steady@2',
      'window-shrinks@1',
      'window-shrinks@2',
    ]);
    expect(run.suite.revisions['full-drift@2']).toBe(1);
  });

  it('replays a whole sequence attempt a kill left without records, with the same seeds', async () => {
    const suite = await loadDrift();
    const store = createMemoryStore();
    const first = await runSuite({ suite, agent: createOracleAgent(), trials: 2, store });
    const killed = (trial: { task_id: string; attempt: number }) =>
      trial.task_id.startsWith('full-drift@') && trial.attempt === 2;
    const kept = first.trials.filter((trial) => !killed(trial));
    const events: number[] = [];
    const resumed = await runSuite({
      suite,
      agent: createOracleAgent(),
      trials: 2,
      store,
      resume: { run: first.run, trials: kept },
      onEvent: (event) => {
        if (event.type === 'run-start') events.push(event.plannedTrials, event.alreadyDone);
      },
    });
    expect(events).toEqual([20, 17]);
    expect(resumed.trials.map((trial) => [trial.task_id, trial.attempt, trial.rerun])).toEqual([
      ['full-drift@1', 2, 0],
      ['full-drift@2', 2, 0],
      ['full-drift@3', 2, 0],
    ]);
    const original = first.trials.filter(killed).map((trial) => trial.seed);
    expect(resumed.trials.map((trial) => trial.seed)).toEqual(original);
  });

  it('reruns the whole attempt after an invalid episode, keeping only that episode of the failed try', async () => {
    const suite = await loadDrift();
    const flaky: Agent = {
      spec: { kind: 'test', name: 'flaky', version: '1', options: {} },
      readsReference: true,
      run(session, reference = []) {
        const { task_id, rerun } = session.trial;
        if (task_id === 'steady@2' && rerun === 0)
          return Promise.reject(
            new AgentInfrastructureError('provider down', 'environment_failure'),
          );
        return runSteps(session, reference);
      },
    };
    const steady = suite.sequences?.filter((sequence) => sequence.id === 'steady') ?? [];
    const { trials } = await runSuite({
      suite,
      agent: flaky,
      tasks: [],
      sequences: steady,
      trials: 1,
      store: createMemoryStore(),
    });
    expect(
      trials.map((trial) => [trial.task_id, trial.rerun, trial.valid, trial.terminal_reason]),
    ).toEqual([
      ['steady@1', 1, true, 'success'],
      ['steady@2', 0, false, 'environment_failure'],
      ['steady@2', 1, true, 'success'],
    ]);
    const dropped = trials.find((trial) => !trial.valid)?.events.at(-1);
    expect(dropped).toMatchObject({
      kind: 'note',
      text: expect.stringMatching(/played again from episode 1/),
    });
  });
});
