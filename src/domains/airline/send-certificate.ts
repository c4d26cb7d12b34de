import { z } from 'zod';
import { defineTool, toolError } from '../../environment/index.js';
import { pythonNumberText } from '../taubench/index.js';
import { AIRLINE_COLLECTIONS, readUser } from './airline-records.js';
import type { AirlineUser } from './airline-records.js';

/** tau-bench gives at most three certificates per task, under these ids. */
const CERTIFICATE_IDS = ['certificate_3221322', 'certificate_3221323', 'certificate_3221324'];

/**
 * Adds a certificate of the amount to the user's payment methods under the
 * first free of tau-bench's three ids. With all three taken tau-bench's
 * tool returns None and changes nothing: the answer here is null.
 */
export const sendCertificate = defineTool({
  name: 'send_certificate',
  description: 'Send a certificate to a user. Be careful!',
  input: z.strictObject({
    user_id: z
      .string()
      .describe("The ID of the user to book the reservation, such as 'sara_doe_496'."),
    amount: z.number().describe('Certificate amount to send.'),
  }),
  effect: 'irreversible',
  scope: ({ user_id }) => user_id,
  run: ({ user_id, amount }, { state }) => {
    const user = readUser(state, user_id);
    if (user === undefined) return toolError('user_not_found', 'user not found');
    const paymentId = CERTIFICATE_IDS.find((id) => !Object.hasOwn(user.payment_methods, id));
    if (paymentId === undefined) return null;
    state.update(AIRLINE_COLLECTIONS.users, user_id, (draft) => {
      (draft as unknown as AirlineUser).payment_methods[paymentId] = {
        source: 'certificate',
        amount,
        id: paymentId,
      };
    });
    return `Certificate ${paymentId} added to user ${user_id} with amount ${pythonNumberText(amount)}.`;
  },
});
