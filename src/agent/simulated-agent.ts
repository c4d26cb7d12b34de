import type { Step } from '../schema/index.js';
import type { Agent, AgentResult, AgentSession } from './agent.js';
import { perturbArgs } from './perturb-args.js';
import { finalAnswerIndex } from './run-steps.js';

export const SLIP_KINDS = [
  'wrong_argument',
  'skipped_precondition',
  'skipped_confirmation',
  'premature_done',
  'loop',
  'give_up',
] as const;
export type SlipKind = (typeof SLIP_KINDS)[number];

export interface SimulatedAgentOptions {
  /** Probability of a slip at each step of the reference path, in [0, 1]. */
  readonly slip: number;
  /** Which slips may happen (default: all). */
  readonly slips?: readonly SlipKind[];
}

/**
 * The confidence the simulated agent reports with its final answer: 0.9
 * when nothing went wrong, the lowest of its slips' values otherwise. Like
 * real agents it half-knows its mistakes (a skipped check costs some
 * confidence, a premature "done" less than it should), so a run has a
 * calibration to measure.
 */
const CONFIDENCE_WITHOUT_SLIP = 0.9;
const CONFIDENCE_AFTER: Readonly<Record<SlipKind, number>> = {
  wrong_argument: 0.75,
  skipped_precondition: 0.6,
  skipped_confirmation: 0.6,
  premature_done: 0.7,
  loop: 0.3,
  give_up: 0.1,
};

/** Safety stop for the loop slip should a task set no loop guard. */
const MAX_LOOP_CALLS = 1000;

/**
 * A seeded stand-in agent: follows the reference path but, at each step,
 * slips with probability `slip` in one of the ways real agents fail. It
 * exercises every part of the harness offline and gives success rates
 * strictly between 0 and 1.
 */
export function createSimulatedAgent(options: SimulatedAgentOptions): Agent {
  const slips = options.slips ?? SLIP_KINDS;
  return {
    spec: {
      kind: 'simulated',
      name: 'simulated',
      version: '1',
      options: { slip: options.slip, slips: [...slips] },
    },
    readsReference: true,
    run: (session, reference = []) => play(session, reference, options.slip, slips),
  };
}

async function play(
  session: AgentSession,
  steps: readonly Step[],
  slip: number,
  slips: readonly SlipKind[],
): Promise<AgentResult> {
  const finalIndex = finalAnswerIndex(steps);
  const effectOf = (tool: string) =>
    session.tools.find((descriptor) => descriptor.name === tool)?.effect;
  const applicable = (kind: SlipKind, index: number): boolean => {
    const step = steps[index]!;
    const next = steps[index + 1];
    switch (kind) {
      case 'wrong_argument':
        return 'tool' in step && Object.keys(step.args).length > 0;
      case 'skipped_precondition':
        return (
          'tool' in step &&
          effectOf(step.tool) === 'read' &&
          steps.slice(index + 1).some((later) => 'tool' in later && effectOf(later.tool) !== 'read')
        );
      case 'skipped_confirmation':
        return (
          'say' in step &&
          index !== finalIndex &&
          next !== undefined &&
          'tool' in next &&
          effectOf(next.tool) === 'irreversible'
        );
      case 'loop':
        return 'tool' in step;
      case 'premature_done':
      case 'give_up':
        return true;
    }
  };

  let confidence = CONFIDENCE_WITHOUT_SLIP;
  for (const [index, step] of steps.entries()) {
    const kind = session.rng.chance(slip)
      ? pickSlip(session, slips, (k) => applicable(k, index))
      : undefined;
    if (kind !== undefined) {
      session.note(`simulated agent slip: ${kind} at step ${index + 1}`);
      confidence = Math.min(confidence, CONFIDENCE_AFTER[kind]);
    }
    if (kind === 'premature_done')
      return { finalAnswer: 'All done: your request has been completed.', confidence };
    if (kind === 'give_up')
      return { finalAnswer: "I'm sorry, I can't help with this request.", confidence };
    if (kind === 'skipped_precondition' || kind === 'skipped_confirmation') continue;
    if ('tool' in step) {
      if (kind === 'loop') {
        for (let call = 0; call < MAX_LOOP_CALLS; call++)
          await session.callTool(step.tool, step.args);
        return { finalAnswer: null };
      }
      const args =
        kind === 'wrong_argument' ? (perturbArgs(step.args, session.rng) ?? step.args) : step.args;
      await session.callTool(step.tool, args);
    } else if (index !== finalIndex) {
      await session.sendToUser(step.say);
    }
  }
  const final = steps[finalIndex];
  return { finalAnswer: final !== undefined && 'say' in final ? final.say : null, confidence };
}

function pickSlip(
  session: AgentSession,
  slips: readonly SlipKind[],
  isApplicable: (kind: SlipKind) => boolean,
): SlipKind | undefined {
  const candidates = slips.filter(isApplicable);
  return candidates.length === 0 ? undefined : session.rng.pick(candidates);
}
