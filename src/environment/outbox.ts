import type { Clock, JsonObject } from '../core/index.js';
import type { WorkingState } from '../state/index.js';

/** The collection where messages to people are recorded, so outcome checks can see them. */
export const OUTBOX_COLLECTION = 'outbox';

export interface OutboxMessage {
  readonly to: string;
  readonly subject?: string;
  readonly body: string;
  /** `email` unless said otherwise (sms, push, ...). */
  readonly channel?: string;
}

/** Messages sent to people (emails, notifications) during a trial. */
export interface Outbox {
  /** Records the message and returns its id in the outbox collection. */
  send(message: OutboxMessage): string;
  list(): JsonObject[];
}

export function createOutbox(state: WorkingState, clock: Clock): Outbox {
  return {
    send(message) {
      const id = state.nextId(OUTBOX_COLLECTION, 'msg-');
      const record: JsonObject = {
        channel: message.channel ?? 'email',
        to: message.to,
        body: message.body,
        sent_at: clock.iso,
      };
      if (message.subject !== undefined) record.subject = message.subject;
      state.insert(OUTBOX_COLLECTION, id, record);
      return id;
    },
    list: () => state.list(OUTBOX_COLLECTION),
  };
}
