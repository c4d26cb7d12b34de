import type { Stopwatch } from '../core/index.js';
import { roundMs } from '../core/index.js';
import type { TrialEvent, UnstampedEvent } from '../schema/index.js';

/** The trial's event log: the harness's own record of what happened, stamped with time. */
export interface EventLog {
  record<E extends UnstampedEvent>(event: E): E & { t_ms: number };
  readonly events: readonly TrialEvent[];
}

export function createEventLog(stopwatch: Stopwatch): EventLog {
  const events: TrialEvent[] = [];
  return {
    events,
    record(event) {
      const stamped = { t_ms: roundMs(stopwatch.elapsedMs()), ...event };
      events.push(stamped);
      return stamped;
    },
  };
}
