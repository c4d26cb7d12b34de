// Every message a bundled suite's reference or known-good path sends that states a fact to
// communicate commits to it: the rule that fails a shotgun answer fails no honest one.
import { describe, expect, it } from 'vitest';
import {
  createMemoryStore,
  createOracleAgent,
  gradeResponse,
  loadSuite,
  runSuite,
  runTrial,
} from 'endstate';
import type { Agent, Step, Suite, TrialEvent, TrialRecord } from 'endstate';

/** Plays a known-good path as the oracle plays the reference: the last `say` is the final answer. */
function pathAgent(name: string, steps: readonly Step[]): Agent {
  return {
    spec: { kind: 'test', name, version: '1', options: {} },
    readsReference: false,
    async run(session) {
      const last = steps.at(-1);
      const final = last !== undefined && 'say' in last ? last : undefined;
      for (const step of steps) {
        if ('tool' in step) await session.callTool(step.tool, step.args);
        else if (step !== final) await session.sendToUser(step.say);
      }
      return { finalAnswer: final?.say ?? null };
    },
  };
}

/** The oracle on every task and sequence, and every known-good path. */
async function playPaths(suite: Suite): Promise<TrialRecord[]> {
  const { trials } = await runSuite({
    suite,
    agent: createOracleAgent(),
    trials: 1,
    store: createMemoryStore(),
  });
  const known: TrialRecord[] = [];
  for (const task of suite.tasks) {
    for (const good of task.spec.known_good) {
      known.push(
        await runTrial({
          task,
          environment: suite.environment,
          agent: pathAgent(good.name, good.actions),
          seed: 1,
          attempt: 1,
          rerun: 0,
          runId: 'known-good',
          suiteHash: suite.hash,
          systemHash: 'known-good',
        }),
      );
    }
  }
  return [...trials, ...known];
}

interface Verdicts {
  /** Agent messages that state one of their task's facts. */
  readonly stating: number;
  /** Facts such a message states without committing to them, with the reason. */
  readonly hedged: readonly string[];
}

/**
 * Each agent message graded on its own: once on what the agent had read and
 * heard before it, and once on nothing at all, as when faults break every
 * tool call (the faults example) and no value it quotes has a source.
 */
function gradeMessages(suite: Suite, trial: TrialRecord): Verdicts {
  const task = suite.tasks.find((one) => one.id === (trial.sequence?.task ?? trial.task_id))!;
  const { communicate, communicate_match: match } = task.spec.expect;
  const said = task.spec.subgoals.flatMap((subgoal) => ('said' in subgoal ? [subgoal.said] : []));
  const facts = [...communicate, ...said];
  let stating = 0;
  const hedged: string[] = [];
  trial.events.forEach((event, index) => {
    if (event.kind !== 'agent' || facts.length === 0) return;
    const before: TrialEvent[] = trial.events
      .slice(0, index + 1)
      .filter((earlier, at) => earlier.kind !== 'agent' || at === index);
    for (const events of [before, [event]]) {
      const { checks } = gradeResponse({ communicate: facts, events, match, expected: facts });
      const found = checks.filter((check) => check.pass || check.message.includes('was said, but'));
      if (events === before && found.length > 0) stating++;
      for (const check of found) {
        if (!check.pass) hedged.push(`${trial.task_id}: ${check.message}`);
      }
    }
  });
  return { stating, hedged };
}

describe('reference messages of the bundled suites', () => {
  it.each([
    'examples/support',
    'examples/airline',
    'examples/drift',
    'examples/memory',
    'examples/retail',
    'templates/init',
  ])(
    'commit to every fact they state: %s',
    async (path) => {
      const suite = await loadSuite(path, { importModule: (url) => import(url) });
      const trials = await playPaths(suite);
      const verdicts = trials.map((trial) => gradeMessages(suite, trial));
      expect(verdicts.flatMap((verdict) => verdict.hedged)).toEqual([]);
      const failing = trials.filter((trial) => trial.grades['response']?.pass === false);
      expect(failing.map((trial) => trial.task_id)).toEqual([]);
      if (suite.tasks.some((task) => task.spec.expect.communicate.length > 0)) {
        expect(verdicts.reduce((sum, verdict) => sum + verdict.stating, 0)).toBeGreaterThan(0);
      }
    },
    120_000,
  );
});
