import { z } from 'zod';

// The arguments of tau2's airline tools as its agents see them: the
// descriptions are tau2's docstrings and model fields (tau2-bench, MIT,
// Sierra); its Literal types are enums, which tau2's models refuse other
// values of. Objects inside lists drop unknown fields, as tau2's pydantic
// models do.

export const Tau2CabinArgument = z.enum(['business', 'economy', 'basic_economy']);

export const Tau2ReservationIdArgument = z
  .string()
  .describe("The reservation ID, such as 'ZFA04Y'.");

export const Tau2PaymentIdArgument = z
  .string()
  .describe(
    "The payment id stored in user profile, such as 'credit_card_7815826', 'gift_card_7815826', 'certificate_7815826'.",
  );

/** tau2's `FlightInfo`. */
export function tau2FlightsArgument(description: string) {
  return z
    .array(
      z.object({
        flight_number: z.string().describe("Flight number, such as 'HAT001'."),
        date: z
          .string()
          .describe("The date for the flight in the format 'YYYY-MM-DD', such as '2024-05-01'."),
      }),
    )
    .describe(description);
}

/** tau2's `Passenger`. */
export const Tau2PassengersArgument = z
  .array(
    z.object({
      first_name: z.string().describe("Passenger's first name"),
      last_name: z.string().describe("Passenger's last name"),
      dob: z.string().describe('Date of birth in YYYY-MM-DD format'),
    }),
  )
  .describe('An array of objects containing details about each passenger.');

/** tau2's `Payment`: its amount is an int. */
export const Tau2PaymentsArgument = z
  .array(
    z.object({
      payment_id: z.string().describe('Unique identifier for the payment'),
      amount: z.number().int().describe('Payment amount in dollars'),
    }),
  )
  .describe('An array of objects containing details about each payment method.');

/** The airport codes and day of tau2's two searches. */
export function tau2SearchArguments(exampleDate: string) {
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
