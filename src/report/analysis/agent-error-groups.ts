import type { TrialRecord } from '../../schema/index.js';
import { answersByCall } from './answers-by-call.js';
import { errorHeadline } from './agent-error-headline.js';

/**
 * Where an agent-side error showed: a tool answered one of the agent's
 * calls with an error (a wrong id, invalid arguments, an unknown tool, a
 * precondition it skipped), or the agent itself crashed or broke its
 * protocol (the trial ended in `agent_error`).
 */
export type AgentErrorSource = 'tool_error' | 'agent_error';

/** One kind of agent-side error: occurrences whose message is the same once ids and numbers are masked. */
export interface AgentErrorGroup {
  readonly source: AgentErrorSource;
  /** The tool's error code (`order_not_found`); `agent_error` for a crash or protocol error. */
  readonly code: string;
  /**
   * The message's headline (its first line, and the cause a line ending in
   * `:` announces, such as a program's first stderr line naming an error)
   * with quoted values and numbers masked (`"…"`, `'…'`, `#`).
   */
  readonly pattern: string;
  /** The tools that answered with it, in the order first seen; empty for `agent_error`. */
  readonly tools: readonly string[];
  readonly occurrences: number;
  /** Valid trials in which it occurred at least once. */
  readonly trials: number;
  /** The first trial it occurred in, to look at with `endstate show`. */
  readonly example: {
    readonly trial_id: string;
    readonly task_id: string;
    readonly attempt: number;
    readonly message: string;
    /** The message's headline, unmasked: what `pattern` masks, as this trial had it. */
    readonly headline: string;
  };
}

/** The most frequent agent-side errors of a run's valid trials. */
export interface AgentErrorKinds {
  /** Distinct kinds found (the top list holds at most `AGENT_ERROR_TOP`). */
  readonly kinds: number;
  readonly occurrences: number;
  /** Valid trials with at least one. */
  readonly trials: number;
  /** Most occurrences first. */
  readonly top: readonly AgentErrorGroup[];
}

/** How many kinds a scorecard keeps. */
export const AGENT_ERROR_TOP = 5;

/**
 * The headline of an error (see errorHeadline) with what varies between
 * occurrences of one kind masked: quoted values (ids, names the agent
 * sent, a module path), parenthesised details, numbers (order numbers,
 * amounts, line numbers, exit codes), and the program output a protocol
 * error quotes after `Line N:`.
 */
export function maskErrorMessage(message: string): string {
  return errorHeadline(message)
    .replace(/"[^"]*"/g, '"…"')
    .replace(/(?<!\w)'[^'\n]*'(?!\w)/g, "'…'")
    .replace(/\([^()]*\)/g, '(…)')
    .replace(/\d+(?:\.\d+)?/g, '#')
    .replace(/\bLine #: .*$/, 'Line #: …');
}

interface Occurrence {
  readonly source: AgentErrorSource;
  readonly code: string;
  readonly tool: string | null;
  readonly message: string;
}

/**
 * A trial's agent-side errors: tool errors answering its calls, except
 * those a declared fault caused (the environment's doing, reported under
 * Faults) and tool crashes (the environment's); and its own end in
 * `agent_error`. Blocked calls are counted by the safety figures instead.
 */
function occurrencesOf(trial: TrialRecord): Occurrence[] {
  const answers = answersByCall(trial.events);
  const found: Occurrence[] = [];
  for (const [, answer] of answers) {
    const { result } = answer;
    if (result === undefined || result.ok || answer.faults.length > 0) continue;
    const code = result.error?.code ?? 'unknown';
    if (code === 'tool_crash') continue;
    found.push({
      source: 'tool_error',
      code,
      tool: result.tool,
      message: result.error?.message ?? '',
    });
  }
  if (trial.exit_reason === 'agent_error')
    found.push({
      source: 'agent_error',
      code: 'agent_error',
      tool: null,
      message: trial.error ?? 'no message recorded',
    });
  return found;
}

/**
 * The agent-side errors of a run's valid trials, grouped by code and
 * masked message, the most frequent first. Provider errors are not here:
 * they make a trial invalid and have their own section.
 */
export function agentErrorKinds(
  trials: readonly TrialRecord[],
  top = AGENT_ERROR_TOP,
): AgentErrorKinds {
  const groups = new Map<
    string,
    { group: Omit<AgentErrorGroup, 'tools'>; tools: string[]; trialIds: Set<string> }
  >();
  let occurrences = 0;
  let withErrors = 0;
  for (const trial of trials) {
    if (!trial.valid) continue;
    const found = occurrencesOf(trial);
    if (found.length > 0) withErrors++;
    for (const occurrence of found) {
      occurrences++;
      const pattern = maskErrorMessage(occurrence.message);
      const key = `${occurrence.source}\u0000${occurrence.code}\u0000${pattern}`;
      let entry = groups.get(key);
      if (entry === undefined) {
        entry = {
          group: {
            source: occurrence.source,
            code: occurrence.code,
            pattern,
            occurrences: 0,
            trials: 0,
            example: {
              trial_id: trial.trial_id,
              task_id: trial.task_id,
              attempt: trial.attempt,
              message: occurrence.message,
              headline: errorHeadline(occurrence.message),
            },
          },
          tools: [],
          trialIds: new Set(),
        };
        groups.set(key, entry);
      }
      entry.group = { ...entry.group, occurrences: entry.group.occurrences + 1 };
      entry.trialIds.add(trial.trial_id);
      if (occurrence.tool !== null && !entry.tools.includes(occurrence.tool))
        entry.tools.push(occurrence.tool);
    }
  }
  const ranked = [...groups.values()]
    .map(({ group, tools, trialIds }) => ({ ...group, tools, trials: trialIds.size }))
    .sort(
      (a, b) =>
        b.occurrences - a.occurrences ||
        b.trials - a.trials ||
        (a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0),
    );
  return { kinds: ranked.length, occurrences, trials: withErrors, top: ranked.slice(0, top) };
}
