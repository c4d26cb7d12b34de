import { cloneJson, isJsonObject } from '../core/index.js';
import type { JsonObject } from '../core/index.js';

/** A copy of the task whose `tools.present` block has `change` applied (created when absent). */
export function withPresent(raw: JsonObject, change: (present: JsonObject) => void): JsonObject {
  const task = cloneJson(raw);
  const tools = isJsonObject(task.tools) ? task.tools : {};
  const present = isJsonObject(tools.present) ? tools.present : {};
  change(present);
  tools.present = present;
  task.tools = tools;
  return task;
}
