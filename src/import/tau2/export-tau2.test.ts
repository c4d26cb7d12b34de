import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOracleAgent } from '../../agent/index.js';
import { EndstateError } from '../../core/index.js';
import type { JudgeCaller, TaskFile, TrialRecord } from '../../schema/index.js';
import { buildRunRecord } from '../../testing/index.js';
import { runTrial } from '../../trial/index.js';
import { convertTau2Task } from './convert-tau2-task.js';
import { exportTau2 } from './export-tau2.js';
import { importTau2 } from './import-tau2.js';
import { readTau2Tasks } from './read-tau2-tasks.js';
import { RETAIL_DOMAIN } from './retail-domain.js';
import { Tau2ResultsSchema } from './tau2-results.js';
import type { Tau2Results } from './tau2-results.js';
import { Tau2TaskSchema } from './tau2-task.js';

// Reference values: tau2's own reward for each gold path, from its Python
// (test/fixtures/tau2-retail-mini-gold.json, scripts/tau2-gold.py), and
// tau2's own pydantic model reading the export when TAU2_DIR is set.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const mini = join(root, 'test/fixtures/tau2-retail-mini');
const gold = JSON.parse(
  readFileSync(join(root, 'test/fixtures/tau2-retail-mini-gold.json'), 'utf8'),
) as { tasks: { id: string; reward: Record<'DB' | 'ACTION', number> }[] };

/** A judge that passes every rubric: the export's NL figures then come from its verdict. */
const passingJudge: JudgeCaller = {
  model: 'fake:judge',
  ask: () =>
    Promise.resolve({
      text: JSON.stringify({ verdict: 'pass', score: 1, reasons: ['every expectation met'] }),
      input_tokens: 1,
      output_tokens: 1,
      cost_usd: 0,
    }),
};

const suite = mkdtempSync(join(tmpdir(), 'tau2-export-'));
const environment = RETAIL_DOMAIN.createEnvironment(mini);
const tasks = readTau2Tasks(join(mini, 'tasks.json'));
const taskIds = tasks.map((task) => task.id);

/** The oracle (the gold actions, the facts said) on every task, judged or not. */
async function oracleTrials(judge: JudgeCaller | undefined): Promise<TrialRecord[]> {
  const records: TrialRecord[] = [];
  for (const task of tasks) {
    const spec: TaskFile = (
      await convertTau2Task(task, { domain: RETAIL_DOMAIN, environment, file: 'tasks.json' })
    ).task;
    records.push(
      await runTrial({
        task: {
          id: spec.id,
          file: `tasks/${spec.id}.yaml`,
          spec,
          initialState: environment.fixture,
        },
        environment,
        agent: createOracleAgent(),
        seed: 1,
        attempt: 1,
        rerun: 0,
        runId: 'run',
        suiteHash: 'h',
        systemHash: 's',
        judge,
      }),
    );
  }
  return records;
}

const run = buildRunRecord(taskIds, {
  trials_per_task: 1,
  suite: { name: 'tau2-retail-mini', path: suite },
});
let judgedTrials: TrialRecord[];
let judged: Tau2Results;
let unjudged: Tau2Results;

beforeAll(async () => {
  await importTau2({ source: mini, out: suite });
  judgedTrials = await oracleTrials(passingJudge);
  judged = exportTau2(run, judgedTrials);
  unjudged = exportTau2(run, await oracleTrials(undefined));
});

describe('exportTau2', () => {
  it("writes every field tau2's Results model requires, with the suite's tau2 tasks as they are", () => {
    const parsed = Tau2ResultsSchema.safeParse(judged);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(judged.tasks.map((task) => Tau2TaskSchema.parse(task).id)).toEqual(taskIds);
    expect(judged.tasks).toEqual(JSON.parse(readFileSync(join(mini, 'tasks.json'), 'utf8')));
    expect(judged.info).toMatchObject({
      num_trials: 1,
      max_steps: 30,
      environment_info: {
        domain_name: 'retail',
        policy: readFileSync(join(mini, 'policy.md'), 'utf8'),
      },
    });
  });

  it('fails the schema check on a field tau2 requires that is missing, or a value it does not know', () => {
    const { max_steps: _dropped, ...info } = judged.info;
    const issues = Tau2ResultsSchema.safeParse({ ...judged, info }).error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['info.max_steps']);
    const [first, ...rest] = judged.simulations;
    const renamed = {
      ...judged,
      simulations: [{ ...first, termination_reason: 'finished' }, ...rest],
    };
    expect(Tau2ResultsSchema.safeParse(renamed).success).toBe(false);
  });

  it("gives the gold path tau2's own reward: 1 on every task, DB and ACTION as tau2's Python gives them", () => {
    for (const simulation of judged.simulations) {
      const reference = gold.tasks.find((task) => task.id === simulation.task_id)!.reward;
      const info = simulation.reward_info!;
      expect(info.reward, simulation.task_id).toBe(1);
      expect(info.db_check?.db_reward, simulation.task_id).toBe(reference.DB);
      const actions = info.action_checks ?? [];
      expect(actions.every((check) => check.action_match) ? 1 : 0, simulation.task_id).toBe(
        reference.ACTION,
      );
      expect(simulation.termination_reason).toBe('agent_stop');
    }
  });

  it("gives a trial that changed what it should not tau2's 0, with the failed DB check", () => {
    const trial = judgedTrials.find((record) => record.task_id === 'swap-both-items')!;
    const outcome = trial.grades.outcome!;
    const broken: TrialRecord = {
      ...trial,
      success: false,
      terminal_reason: 'agent_failure',
      grades: {
        ...trial.grades,
        outcome: {
          ...outcome,
          pass: false,
          checks: outcome.checks.map((check) =>
            check.id === 'expect.unchanged' ? { ...check, pass: false } : check,
          ),
        },
      },
    };
    const [simulation] = exportTau2(run, [broken]).simulations;
    expect(simulation?.reward_info).toMatchObject({
      reward: 0,
      db_check: { db_match: false, db_reward: 0 },
      reward_breakdown: { DB: 0 },
    });
  });

  it('makes a trial endstate counts invalid an infrastructure error, which tau2 leaves out of its metrics too', () => {
    // Without a judge model, a task with a rubric cannot be graded: a grader failure.
    const withRubric = tasks.filter(
      (task) => (task.evaluation_criteria?.nl_assertions ?? []).length > 0,
    );
    expect(withRubric.map((task) => task.id)).toEqual(['status-only', 'pay-then-readdress']);
    for (const simulation of unjudged.simulations) {
      const invalid = withRubric.some((task) => task.id === simulation.task_id);
      expect(simulation.termination_reason, simulation.task_id).toBe(
        invalid ? 'infrastructure_error' : 'agent_stop',
      );
      expect(simulation.reward_info?.reward, simulation.task_id).toBe(invalid ? 0 : 1);
    }
  });

  it("keeps the conversation as tau2's messages: each call, and its answer under the call's id", () => {
    const simulation = judged.simulations.find(
      (entry) => entry.task_id === 'exchange-with-refund',
    )!;
    const messages = simulation.messages ?? [];
    const call = messages.find(
      (message) =>
        message.role === 'assistant' &&
        message.tool_calls?.[0]?.name === 'exchange_delivered_order_items',
    );
    expect(call).toBeDefined();
    const id = call?.role === 'assistant' ? call.tool_calls?.[0]?.id : undefined;
    // The mini gold: this exchange fails in tau2 with this message.
    expect(messages.find((message) => message.role === 'tool' && message.id === id)).toMatchObject({
      error: true,
      content: 'Error: New item 5200000013 not found or available',
    });
    expect(messages.map((message) => message.turn_idx)).toEqual(
      messages.map((_message, index) => index),
    );
  });

  it('refuses a run whose suite is not an imported tau2 suite, naming the file', () => {
    const elsewhere = buildRunRecord(taskIds, { suite: { path: join(suite, 'nowhere') } });
    expect(() => exportTau2(elsewhere, [])).toThrow(EndstateError);
    expect(() => exportTau2(elsewhere, [])).toThrow(/nowhere\/data\/tasks\.json/);
  });

  const tau2Dir = process.env.TAU2_DIR;
  it.skipIf(tau2Dir === undefined)(
    "is read by tau2's own Results model and metrics rows (set TAU2_DIR to a tau2-bench checkout to run)",
    () => {
      const validate = (results: Tau2Results, name: string) => {
        const file = join(suite, name);
        writeFileSync(file, JSON.stringify(results));
        const output = execFileSync('python3', [
          join(root, 'scripts/tau2-gold.py'),
          '--tau2',
          tau2Dir!,
          '--validate-results',
          file,
        ]).toString();
        return JSON.parse(output) as {
          valid: boolean;
          simulations: number;
          rewards: Record<string, number>;
          average_reward: number;
          infrastructure_errors: number;
        };
      };
      for (const [results, name] of [
        [judged, 'judged.json'],
        [unjudged, 'unjudged.json'],
      ] as const) {
        const summary = validate(results, name);
        expect(summary.valid).toBe(true);
        expect(summary.simulations).toBe(tasks.length);
        expect(summary.rewards).toEqual(
          Object.fromEntries(
            results.simulations.map((entry) => [entry.id, entry.reward_info?.reward]),
          ),
        );
      }
      // Two grader failures left out, as tau2 leaves out infrastructure errors; the four others pass.
      expect(validate(unjudged, 'unjudged.json')).toMatchObject({
        infrastructure_errors: 2,
        average_reward: 1,
      });
      expect(validate(judged, 'judged.json')).toMatchObject({
        infrastructure_errors: 0,
        average_reward: 1,
      });
    },
    60_000,
  );
});
