import type { SessionCaps } from '../agent/index.js';
import { TrialStoppedError } from '../agent/index.js';
import type { EventLog } from '../environment/index.js';
import type { ExitReason, Limits } from '../schema/index.js';

/** The part of a trial's control the guard needs: whether it stopped, and stopping it. */
interface CapControl {
  readonly stopReason: ExitReason | undefined;
  stop(reason: ExitReason, detail?: string): void;
}

/** The trial's caps, from the task's limits. */
export function sessionCaps(limits: Limits): SessionCaps {
  return {
    maxMessageBytes: limits.max_message_bytes,
    maxToolArgsBytes: limits.max_tool_args_bytes,
    maxLineBytes: limits.max_line_bytes,
    maxEvents: limits.max_events,
    maxNotes: limits.max_notes,
    sandbox: Object.fromEntries(
      (['memory_mb', 'max_processes', 'file_size_mb', 'tmp_mb', 'cpu_s'] as const).flatMap(
        (name) => (limits[name] === undefined ? [] : [[name, limits[name]]]),
      ),
    ),
  };
}

/** Holds one trial's agent to its size caps; over a cap, the trial ends as the agent's error. */
export interface CapGuard {
  readonly caps: SessionCaps;
  /** Throws TrialStoppedError when `text` (a message to the user) is over the cap. */
  checkMessage(text: string, what: string): void;
  /** Throws TrialStoppedError when the arguments' JSON is over the cap. */
  checkToolArgs(tool: string, argsJson: string): void;
  /** Throws TrialStoppedError once the trial holds max_events events. */
  checkEvents(): void;
  /** Counts a note; false (the note is dropped and the trial ended) past the note or size cap. */
  admitNote(text: string): boolean;
  /** Why `text` is over the message cap, or undefined. */
  messageProblem(text: string, what: string): string | undefined;
}

/** The UTF-8 size of `text` when it is over `capBytes`, else undefined. */
function bytesOverCap(text: string, capBytes: number): number | undefined {
  // A UTF-8 character takes at most 3 bytes per UTF-16 unit: most texts need no counting.
  if (text.length * 3 <= capBytes) return undefined;
  const bytes = Buffer.byteLength(text, 'utf8');
  return bytes > capBytes ? bytes : undefined;
}

export function createCapGuard(caps: SessionCaps, log: EventLog, control: CapControl): CapGuard {
  let notes = 0;
  /** Ends the trial as the agent's error, saying which cap and by how much. */
  const overCap = (detail: string): void => {
    if (control.stopReason !== undefined) return;
    // The one event past the cap: the record says why the trial ended.
    log.record({ kind: 'note', text: `size cap: ${detail}` });
    control.stop('agent_error', `agent error: ${detail}`);
  };
  const stopped = (): TrialStoppedError =>
    new TrialStoppedError(control.stopReason ?? 'agent_error');
  const guard: CapGuard = {
    caps,
    messageProblem(text, what) {
      const bytes = bytesOverCap(text, caps.maxMessageBytes);
      return bytes === undefined
        ? undefined
        : `${what} of ${bytes} bytes is over the cap of ${caps.maxMessageBytes} bytes (limits.max_message_bytes)`;
    },
    checkMessage(text, what) {
      const problem = guard.messageProblem(text, what);
      if (problem === undefined) return;
      overCap(problem);
      throw stopped();
    },
    checkToolArgs(tool, argsJson) {
      const bytes = bytesOverCap(argsJson, caps.maxToolArgsBytes);
      if (bytes === undefined) return;
      overCap(
        `the arguments of a ${tool} call are ${bytes} bytes of JSON, over the cap of ${caps.maxToolArgsBytes} bytes (limits.max_tool_args_bytes)`,
      );
      throw stopped();
    },
    checkEvents() {
      if (log.events.length < caps.maxEvents) return;
      overCap(
        `the trial reached the cap of ${caps.maxEvents} events (limits.max_events); the agent sent more messages, calls, usage reports or notes than one trial may hold`,
      );
      throw stopped();
    },
    admitNote(text) {
      notes++;
      if (notes > caps.maxNotes) {
        overCap(`the agent sent more than ${caps.maxNotes} notes (limits.max_notes)`);
        return false;
      }
      if (log.events.length >= caps.maxEvents) {
        overCap(`the trial reached the cap of ${caps.maxEvents} events (limits.max_events)`);
        return false;
      }
      const problem = guard.messageProblem(text, 'a note');
      if (problem !== undefined) {
        overCap(problem);
        return false;
      }
      return true;
    },
  };
  return guard;
}
