import type { JsonObject, JsonValue } from '../../core/index.js';
import type { Environment } from '../../environment/index.js';
import type { Step } from '../../schema/index.js';
import type { TaubenchTask } from './taubench-task.js';
import { AUTHENTICATION_TOOLS } from './taubench-task.js';

/** The question before every call that changes state; the scripted user answers it. */
export const CONSENT_QUESTION = 'Shall I proceed?';

const describeValue = (value: JsonValue): string =>
  Array.isArray(value)
    ? value.map(describeValue).join(', ')
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : String(value);

/** "cancel_pending_order (order_id: #W123, reason: no longer needed)". */
export function describeCall(tool: string, args: JsonObject): string {
  const parts = Object.entries(args).map(([key, value]) => `${key}: ${describeValue(value)}`);
  return `${tool} (${parts.join('; ')})`;
}

export interface ReferenceOptions {
  readonly environment: Environment;
  /** The user's email, for a lookup when the gold path writes without one. */
  readonly email: string | undefined;
  /** Replace the arguments of the call at this gold index (known-bad paths). */
  readonly override?: { readonly index: number; readonly args: JsonObject };
}

/**
 * The gold actions as a path a careful agent could take: a user lookup
 * before the first write when the gold has none (train and dev gold paths
 * are writes only), the user's confirmation before every write, the facts
 * to say (tau-bench's `outputs`) before the conversation ends.
 */
export function referencePath(task: TaubenchTask, options: ReferenceOptions): Step[] {
  const { environment } = options;
  const isWrite = (tool: string): boolean =>
    (environment.tools.get(tool)?.effect ?? 'read') !== 'read';
  const firstWrite = task.actions.findIndex((action) => isWrite(action.name));
  const authenticatedFirst = task.actions
    .slice(0, firstWrite === -1 ? 0 : firstWrite)
    .some((action) => (AUTHENTICATION_TOOLS as readonly string[]).includes(action.name));

  const steps: Step[] = [];
  if (firstWrite !== -1 && !authenticatedFirst && options.email !== undefined) {
    steps.push({ tool: 'find_user_id_by_email', args: { email: options.email } });
  }
  const summary =
    task.outputs.length > 0 ? `Here is what you asked for: ${task.outputs.join('; ')}.` : undefined;
  task.actions.forEach((action, index) => {
    const args = options.override?.index === index ? options.override.args : action.kwargs;
    if (isWrite(action.name))
      steps.push({
        say: `I am about to call ${describeCall(action.name, args)}. ${CONSENT_QUESTION}`,
      });
    if (environment.tools.get(action.name)?.terminates === true && summary !== undefined)
      steps.push({ say: summary });
    steps.push({ tool: action.name, args });
  });
  const last = task.actions.at(-1);
  if (last === undefined || environment.tools.get(last.name)?.terminates !== true) {
    steps.push({ say: summary ?? 'All done. Is there anything else I can help you with?' });
  }
  return steps;
}
