// An agent that answers every request with every amount there is, and does nothing else.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, loadSuite, runSuite } from 'endstate';
import type { Agent, Task, TrialRecord } from 'endstate';

/** "$0.00, $0.01, ..., $999.99": one message that names every price under $1,000. */
const SHOTGUN = Array.from({ length: 100_000 }, (_, cents) => `$${(cents / 100).toFixed(2)}`).join(
  ', ',
);

const shotgun: Agent = {
  spec: { kind: 'test', name: 'shotgun', version: '1', options: {} },
  readsReference: false,
  run: () => Promise.resolve({ finalAnswer: SHOTGUN }),
};

async function playShotgun(
  path: string,
  select: (task: Task) => boolean,
): Promise<readonly TrialRecord[]> {
  const suite = await loadSuite(path, { importModule: (url) => import(url) });
  const tasks = suite.tasks.filter(select);
  const store = createMemoryStore();
  const { trials } = await runSuite({ suite, tasks, agent: shotgun, trials: 1, store });
  return trials;
}

const failedIds = (trial: TrialRecord): string[] =>
  Object.values(trial.grades).flatMap((grade) =>
    grade.role === 'diagnostic' ? [] : grade.checks.filter((c) => !c.pass).map((c) => c.id),
  );

const passed = (trials: readonly TrialRecord[]) =>
  trials.filter((trial) => trial.success).map((trial) => trial.task_id);

describe('a shotgun answer', () => {
  it('passes none of the support tasks', async () => {
    // As a run without --judge: the task a judge model grades is left out.
    const trials = await playShotgun('examples/support', (task) => task.spec.judge === undefined);
    expect(trials).toHaveLength(21);
    expect(passed(trials)).toEqual([]);
    // Where nothing is to change and the amount is all the customer asked for, only the
    // commitment rule stands between the shotgun and a pass.
    const byTask = new Map(trials.map((trial) => [trial.task_id, trial]));
    for (const id of ['already-refunded-8870', 'customer-declines-8880', 'quote-only-8843']) {
      expect(failedIds(byTask.get(id)!), id).toEqual(['expect.communicate[0]']);
    }
  }, 120_000);

  it("meets none of tau-bench's outputs on the retail tasks that have them", async () => {
    const trials = await playShotgun(
      'examples/retail',
      (task) => task.spec.expect.communicate.length > 0,
    );
    expect(trials).toHaveLength(37);
    expect(trials.filter((trial) => trial.grades['response']?.pass === true)).toEqual([]);
    expect(passed(trials)).toEqual([]);
  }, 120_000);
});
