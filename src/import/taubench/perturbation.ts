import type { JsonObject, JsonValue } from '../../core/index.js';
import { isJsonObject } from '../../core/index.js';
import type { WorkingState } from '../../state/index.js';

/** A plausible wrong version of one gold write: a name and the arguments it is called with. */
export interface Perturbation {
  readonly name: string;
  readonly args: JsonObject;
}

/** The wrong versions of one gold write worth trying, in order, given the state before it. */
export type Perturb = (tool: string, args: JsonObject, state: WorkingState) => Perturbation[];

export const asObject = (value: JsonValue | undefined): JsonObject =>
  isJsonObject(value) ? value : {};
export const asString = (value: JsonValue | undefined): string =>
  typeof value === 'string' ? value : '';
export const asStrings = (value: JsonValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** One character off: the last digit moves by one (or the last letter changes). */
export function offByOne(text: string): string {
  const digit = /\d(?=\D*$)/.exec(text);
  if (digit !== null) {
    return `${text.slice(0, digit.index)}${(Number(digit[0]) + 1) % 10}${text.slice(digit.index + 1)}`;
  }
  const last = text.at(-1) ?? 'a';
  return `${text.slice(0, -1)}${last === 'a' ? 'b' : 'a'}`;
}

/** The ids of a user's payment methods, in the record's order. */
export function paymentMethodsOf(owner: string | undefined, state: WorkingState): string[] {
  if (owner === undefined) return [];
  return Object.keys(asObject(state.get('users', owner)?.payment_methods));
}
