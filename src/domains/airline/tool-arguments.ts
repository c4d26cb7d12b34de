import { z } from 'zod';
import { CABINS } from './airline-records.js';

// Argument names and descriptions are tau-bench's (MIT, Sierra), so an agent
// sees the tools as it would there. Every argument is required and unknown
// ones are refused (z.strictObject at each tool), as Python's signature does;
// the objects inside lists keep extra fields, as tau-bench stores them as given.

export const ReservationIdArgument = z.string().describe("The reservation ID, such as 'ZFA04Y'.");

export const UserIdArgument = z.string().describe("The user id, such as 'sara_doe_496'.");

/**
 * A string shown to the agent as one of `values`, as tau-bench shows it, but
 * not checked by the dispatcher: tau-bench's tools take any string here (a
 * cabin it has no seats for fails in the tool, another flight type or
 * insurance answer is stored as given), and so do these.
 */
export function shownEnum(values: readonly string[]) {
  return z.string().meta({ enum: [...values] });
}

export const CabinArgument = shownEnum(CABINS);

export const PaymentIdArgument = z
  .string()
  .describe(
    "The payment id stored in user profile, such as 'credit_card_7815826', 'gift_card_7815826', 'certificate_7815826'.",
  );

const FlightNumberArgument = z.string().describe("Flight number, such as 'HAT001'.");

export function flightsArgument(description: string) {
  return z
    .array(
      z.looseObject({
        flight_number: FlightNumberArgument,
        date: z
          .string()
          .describe("The date for the flight in the format 'YYYY-MM-DD', such as '2024-05-01'."),
      }),
    )
    .describe(description);
}

export const PassengersArgument = z
  .array(
    z.looseObject({
      first_name: z.string().describe("The first name of the passenger, such as 'Noah'."),
      last_name: z.string().describe("The last name of the passenger, such as 'Brown'."),
      dob: z
        .string()
        .describe(
          "The date of birth of the passenger in the format 'YYYY-MM-DD', such as '1990-01-01'.",
        ),
    }),
  )
  .describe('An array of objects containing details about each passenger.');

/** Airport codes and the day of a search. */
export function searchArguments(exampleDate: string) {
  return {
    origin: z.string().describe("The origin city airport in three letters, such as 'JFK'."),
    destination: z
      .string()
      .describe("The destination city airport in three letters, such as 'LAX'."),
    date: z
      .string()
      .describe(`The date of the flight in the format 'YYYY-MM-DD', such as '${exampleDate}'.`),
  };
}
