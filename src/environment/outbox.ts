import type { Clock, JsonObject } from '../core/index.js';
import type { WorkingState } from '../state/index.js';

/** The collection where messages to people are recorded, so outcome checks can see them. */
export const OUTBOX_COLLECTION = 'outbox';

/** A message to a person, as given to `Outbox.send`. */
export interface OutboxMessage {
  /** The recipient: an address, a phone number, a user id. */
  readonly to: string;
  /** A subject line, for channels that have one. */
  readonly subject?: string;
  /** The text of the message: outcome checks and `communicate` read it. */
  readonly body: string;
  /** `email` unless said otherwise (sms, push, ...). */
  readonly channel?: string;
}

/**
 * Messages sent to people (emails, notifications) during a trial, kept in
 * the `outbox` collection so a task's `expect.changes` can require one
 * (`{ insert: outbox, match: { to: ana@example.com } }`).
 */
export interface Outbox {
  /**
   * Records the message, with `sent_at` from the task's clock.
   *
   * @param message - recipient, body, optional subject and channel
   * @returns its id in the `outbox` collection (`msg-1`, `msg-2`, ...)
   * @example
   * outbox.send({ to: 'ana@example.com', subject: 'Refund', body: 'We refunded $42.99.' });
   */
  send(message: OutboxMessage): string;
  /** Every message recorded so far in this trial, oldest first. */
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
