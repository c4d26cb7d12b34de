import { describe, expect, it } from 'vitest';
import { createPathAgent } from '../agent/index.js';
import type { Step, TrialRecord } from '../schema/index.js';
import { buildTask, buildTrialRecord, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { runTrial } from '../trial/index.js';
import { trajectoryOf } from './trajectory-of.js';

function play(spec: Record<string, unknown>, steps: readonly Step[]): Promise<TrialRecord> {
  return runTrial({
    task: buildTask(shopEnvironment, { ...shopRefundTask, ...spec }),
    environment: shopEnvironment,
    agent: createPathAgent('path', steps),
    seed: 3,
    attempt: 1,
    rerun: 0,
    runId: 'run',
    suiteHash: 'suite',
    systemHash: 'system',
  });
}

/** Plays a path, then the steps rebuilt from its record: both trials must end alike. */
async function roundTrip(spec: Record<string, unknown>, steps: readonly Step[]) {
  const first = await play(spec, steps);
  const trajectory = trajectoryOf(first);
  const second = await play(spec, trajectory.steps);
  const ending = (trial: TrialRecord) => ({
    exit: trial.exit_reason,
    answer: trial.final_answer,
    state: trial.final_state_hash,
    events: trial.events.map((event) => event.kind),
  });
  return { first: ending(first), second: ending(second), trajectory };
}

describe('trajectoryOf', () => {
  it('replays a conversation the user ended as one the user ends, with no final answer', async () => {
    const { first, second, trajectory } = await roundTrip(
      { user: { instruction: 'Refund 8842.', script: [{ when: 'proceed', stop: true }] } },
      [
        { tool: 'check_eligibility', args: { order_id: '8842' } },
        { say: 'Shall I proceed?' },
        { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
        { say: 'Refunded.' },
      ],
    );
    expect(first.exit).toBe('user_stop');
    expect(second).toEqual(first);
    expect(trajectory.reproducesExit).toBe(true);
    expect(trajectory.note).toMatch(/never given/);
  });

  it("leaves out the user's own calls, which the replay's user makes again", async () => {
    const user = {
      instruction: 'Refund 8842.',
      script: [
        { when: 'eligib', take_over: { tool: 'check_eligibility', args: { order_id: '8842' } } },
        { when: 'proceed', say: 'Yes.' },
      ],
    };
    const { first, second, trajectory } = await roundTrip({ user }, [
      { say: 'Could you check its eligibility?' },
      { say: 'Shall I proceed?' },
      { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
      { say: 'Refunded 42.99.' },
    ]);
    expect(trajectory.steps.filter((step) => 'tool' in step)).toEqual([
      { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
    ]);
    expect(first.events.filter((kind) => kind === 'assist')).toHaveLength(1);
    expect(second).toEqual(first);
  });

  it('replays a trial the step budget ended as one the step budget ends', async () => {
    const { first, second, trajectory } = await roundTrip({ limits: { max_steps: 2 } }, [
      { tool: 'get_order', args: { order_id: '8842' } },
      { say: 'Shall I proceed?' },
      { tool: 'check_eligibility', args: { order_id: '8842' } },
      { say: 'Done.' },
    ]);
    expect(first.exit).toBe('max_steps');
    expect(second).toEqual(first);
    expect(trajectory.steps.at(-1)).toEqual({ tool: 'get_order', args: { order_id: '8842' } });
  });

  it('replays a loop until the loop guard refuses the same call', async () => {
    const call = { tool: 'get_order', args: { order_id: '8843' } };
    const { first, second } = await roundTrip({ constraints: [{ max_identical_calls: 2 }] }, [
      { tool: 'check_eligibility', args: { order_id: '8842' } },
      call,
      call,
      { tool: 'check_eligibility', args: { order_id: '8842' } },
      call,
      { say: 'Done.' },
    ]);
    expect(first.exit).toBe('loop_detected');
    expect(second).toEqual(first);
  });

  it('says when a replay cannot repeat how the trial ended', () => {
    const trajectory = trajectoryOf(
      buildTrialRecord({ task_id: 't', attempt: 1, exit_reason: 'timeout' }),
    );
    expect(trajectory).toEqual({
      steps: [],
      reproducesExit: false,
      note: 'the trial ended by timeout, which a replay does not repeat: the replay plays the same steps and ends normally',
    });
  });
});
