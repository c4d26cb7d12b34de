import { canonicalJson, isJsonObject } from '../core/index.js';
import type { ExitReason, Step, ToolCallEvent, TrialRecord } from '../schema/index.js';

/** A trial's steps in the replay agent's format, and how closely a replay repeats the trial. */
export interface RecordedTrajectory {
  readonly steps: readonly Step[];
  /** False when the trial ended in a way a replay cannot repeat. */
  readonly reproducesExit: boolean;
  /** What the replay adds to the recorded steps or cannot repeat; null when the steps are the agent's own. */
  readonly note: string | null;
}

/** Exits that come from the clock, the model's tokens or spend, or the agent's code: a replay has none of them. */
const UNREPEATABLE_EXITS: readonly ExitReason[] = [
  'timeout',
  'token_limit',
  'cost_limit',
  'agent_error',
];

/** The final answer of a replay whose user already left: never given, as in the trial. */
export const UNSENT_ANSWER = '(not sent: the user ended the conversation)';

const argsOf = (call: ToolCallEvent) => (isJsonObject(call.args) ? call.args : {});

/**
 * The steps a trial took, rebuilt from the harness's event log: every tool
 * call with its arguments and every message to the user, in order, so that
 * the replay agent plays the agent's behaviour again. Where the harness
 * refused the agent's next step (the loop guard, the step budget) or the
 * user left after its last message, one stand-in step is added so that the
 * replay ends the same way; the note says which.
 *
 * @example
 * const { steps } = trajectoryOf(trial);
 * const agent = createReplayAgent({ [trial.task_id]: [...steps] });
 */
export function trajectoryOf(record: TrialRecord): RecordedTrajectory {
  // The user's own calls (a take-over) are not the agent's steps: the replay's user makes them again.
  const calls = record.events.filter(
    (event): event is ToolCallEvent => event.kind === 'tool_call' && event.by !== 'user',
  );
  const steps = record.events.flatMap((event): Step[] => {
    if (event.kind === 'tool_call' && event.by !== 'user')
      return [{ tool: event.tool, args: argsOf(event) }];
    return event.kind === 'agent' ? [{ say: event.text }] : [];
  });
  const notes: string[] = [];
  const odd = calls.filter((call) => !isJsonObject(call.args));
  if (odd.length > 0) {
    notes.push(
      `${odd.map((call) => call.call_id).join(', ')} had arguments that are not an object; they replay as {}`,
    );
  }
  const ending = standIn(record, calls, steps);
  if (ending.note !== null) notes.push(ending.note);
  return {
    steps: ending.step === undefined ? steps : [...steps, ending.step],
    reproducesExit: ending.reproducesExit,
    note: notes.length === 0 ? null : notes.join('; '),
  };
}

interface Ending {
  readonly step?: Step;
  readonly reproducesExit: boolean;
  readonly note: string | null;
}

function standIn(
  record: TrialRecord,
  calls: readonly ToolCallEvent[],
  steps: readonly Step[],
): Ending {
  const exit = record.exit_reason;
  if (UNREPEATABLE_EXITS.includes(exit)) {
    return {
      reproducesExit: false,
      note: `the trial ended by ${exit}, which a replay does not repeat: the replay plays the same steps and ends normally`,
    };
  }
  if (exit === 'loop_detected') {
    const repeated = repeatedCall(record, calls);
    if (repeated === undefined) {
      return { reproducesExit: false, note: 'the call the loop guard refused is not known' };
    }
    return {
      step: { tool: repeated.tool, args: argsOf(repeated) },
      reproducesExit: true,
      note: `ends with the ${repeated.tool} call the loop guard refused (it repeats ${repeated.call_id})`,
    };
  }
  if (exit === 'max_steps') {
    const last = calls.at(-1);
    if (last === undefined) {
      return { reproducesExit: false, note: 'the step the budget refused is not known' };
    }
    return {
      step: { tool: last.tool, args: argsOf(last) },
      reproducesExit: true,
      note: `ends with a copy of ${last.call_id} (${last.tool}) standing in for the step the budget refused; it does not run while the task's max_steps is unchanged`,
    };
  }
  if (exit === 'user_stop' && steps.at(-1) !== undefined && 'say' in steps.at(-1)!) {
    // Without it the agent's last message would replay as its final answer instead of going to the user.
    return {
      step: { say: UNSENT_ANSWER },
      reproducesExit: true,
      note: 'ends with a final answer that is never given: the user leaves after the message before it, as in the trial',
    };
  }
  return { reproducesExit: true, note: null };
}

/** The call the loop guard refused: the most repeated call of the tool its note names. */
function repeatedCall(
  record: TrialRecord,
  calls: readonly ToolCallEvent[],
): ToolCallEvent | undefined {
  const guard = record.events.findLast(
    (event) => event.kind === 'note' && event.text.startsWith('loop guard: '),
  );
  const tool =
    guard?.kind === 'note' ? /^loop guard: (\S+) called/.exec(guard.text)?.[1] : undefined;
  const counts = new Map<string, { call: ToolCallEvent; count: number }>();
  let best: { call: ToolCallEvent; count: number } | undefined;
  for (const call of calls) {
    if (tool !== undefined && call.tool !== tool) continue;
    const key = `${call.tool}\u0000${canonicalJson(call.args)}`;
    const entry = { call, count: (counts.get(key)?.count ?? 0) + 1 };
    counts.set(key, entry);
    if (best === undefined || entry.count >= best.count) best = entry;
  }
  return best?.call;
}
