import type { z } from 'zod';
import { canonicalJson } from '../../core/index.js';
import type { JsonObject, JsonValue } from '../../core/index.js';
import type { ToolDefinition, ToolEffect } from '../../environment/index.js';
import type { WorkingState } from '../../state/index.js';
import type { Phone } from './phone-model.js';
import { statusBar } from './phone-model.js';
import { defineTelecomTool, raise } from './telecom-error.js';
import { PHONE, SURROUNDINGS } from './telecom-records.js';

/** A tool of the customer's on their phone: it reads and changes a copy, written back when it changed. */
export interface PhoneToolSpec<Input extends z.ZodType> {
  readonly name: string;
  readonly description: string;
  readonly input: Input;
  readonly effect: ToolEffect;
  readonly run: (args: z.output<Input>, phone: Phone) => JsonValue;
}

/**
 * Runs `change` on copies of the phone and the surroundings, then writes
 * back whichever of the two it changed.
 */
export function onPhone<T>(state: WorkingState, change: (phone: Phone) => T): T {
  const device = state.get(PHONE.collection, PHONE.id);
  const surroundings = state.get(SURROUNDINGS.collection, SURROUNDINGS.id);
  if (device === undefined || surroundings === undefined)
    return raise('there is no phone: the user side needs device/phone and surroundings/user');
  const phone: Phone = {
    device: structuredClone<JsonObject>(device),
    surroundings: structuredClone<JsonObject>(surroundings),
  };
  const result = change(phone);
  if (canonicalJson(phone.device) !== canonicalJson(device))
    state.put(PHONE.collection, PHONE.id, phone.device);
  if (canonicalJson(phone.surroundings) !== canonicalJson(surroundings))
    state.put(SURROUNDINGS.collection, SURROUNDINGS.id, phone.surroundings);
  return result;
}

export function definePhoneTool<Input extends z.ZodType>(
  spec: PhoneToolSpec<Input>,
): ToolDefinition<Input> {
  return defineTelecomTool({
    name: spec.name,
    description: spec.description,
    input: spec.input,
    effect: spec.effect,
    run: (args, { state }) => onPhone(state, (phone) => spec.run(args, phone)),
  });
}

/** A message followed by the status bar, as most of tau2's phone tools answer. */
export const withStatusBar = (message: string, phone: Phone) =>
  `${message}\nStatus Bar: ${statusBar(phone)}`;

export const onOff = (on: boolean) => (on ? 'ON' : 'OFF');
