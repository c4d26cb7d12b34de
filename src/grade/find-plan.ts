import type { JsonValue } from '../core/index.js';
import { isJsonObject } from '../core/index.js';
import type { PlanSpec, TrialEvent } from '../schema/index.js';

/** One step of an agent's plan: a tool, and the arguments it means to give when it says them. */
export interface PlannedStep {
  readonly tool: string;
  readonly args?: { readonly [key: string]: JsonValue };
}

/** Plans longer than this are not read as plans (no agent plans a thousand calls; it bounds the work). */
export const MAX_PLAN_STEPS = 1000;

/** `PLAN:` lines and fenced blocks tried per message: a bound on the work a long message can cause. */
const MAX_CANDIDATES = 20;

export type FoundPlan =
  | {
      readonly found: true;
      readonly steps: readonly PlannedStep[];
      /** Index in the trial's events of the message or call that stated the plan. */
      readonly eventIndex: number;
    }
  | { readonly found: false; readonly reason: string };

/**
 * The plan a trial's agent stated, where the task says to look: its first
 * message to the user that holds a plan (`from: message`), or its first
 * call of the plan tool whose `steps` read as a plan (`from: tool`).
 *
 * @example
 * findPlan({ from: 'message', tool: 'submit_plan', checks: [], adherence: 'in_order' }, [
 *   { t_ms: 0, kind: 'agent', final: false, text: 'PLAN: [{"tool": "get_order"}]' },
 * ]);
 * // { found: true, steps: [{ tool: 'get_order' }], eventIndex: 0 }
 */
export function findPlan(spec: PlanSpec, events: readonly TrialEvent[]): FoundPlan {
  for (const [index, event] of events.entries()) {
    if (spec.from === 'message' && event.kind === 'agent') {
      const steps = readPlanFromText(event.text);
      if (steps !== undefined) return { found: true, steps, eventIndex: index };
    }
    if (
      spec.from === 'tool' &&
      event.kind === 'tool_call' &&
      event.by !== 'user' &&
      event.tool === spec.tool
    ) {
      const steps = isJsonObject(event.args) ? readSteps(event.args['steps']) : undefined;
      if (steps !== undefined) return { found: true, steps, eventIndex: index };
    }
  }
  return {
    found: false,
    reason:
      spec.from === 'message'
        ? 'no message of the agent holds a plan (a fenced JSON block, or a line starting PLAN: followed by a JSON list of {tool, args} steps)'
        : `no call of ${spec.tool} carries a plan (arguments { steps: [{ tool, args }, ...] })`,
  };
}

/**
 * A plan in a message: the JSON after a line's `PLAN:` (a list of steps),
 * or else the first fenced code block that holds a list of steps (or an
 * object with a `steps` list). Undefined when there is none.
 */
export function readPlanFromText(text: string): readonly PlannedStep[] | undefined {
  const marker = /^[ \t]*PLAN:[ \t]*/gim;
  let tried = 0;
  for (
    let match = marker.exec(text);
    match !== null && tried < MAX_CANDIDATES;
    match = marker.exec(text), tried += 1
  ) {
    const steps = readSteps(parseJsonAt(text, match.index + match[0].length));
    if (steps !== undefined) return steps;
  }
  for (const block of fencedBlocks(text)) {
    const steps = readSteps(parseJson(block));
    if (steps !== undefined) return steps;
  }
  return undefined;
}

/** A list of steps, each `{ tool, args? }` (other keys, such as a reason, ignored) or a tool name. */
function readSteps(value: JsonValue | undefined): readonly PlannedStep[] | undefined {
  const list = isJsonObject(value) ? value['steps'] : value;
  if (!Array.isArray(list) || list.length > MAX_PLAN_STEPS) return undefined;
  const steps: PlannedStep[] = [];
  for (const item of list) {
    if (typeof item === 'string' && item.length > 0) steps.push({ tool: item });
    else if (isJsonObject(item) && typeof item['tool'] === 'string' && item['tool'].length > 0) {
      const args = item['args'];
      if (args !== undefined && args !== null && !isJsonObject(args)) return undefined;
      steps.push(isJsonObject(args) ? { tool: item['tool'], args } : { tool: item['tool'] });
    } else return undefined;
  }
  return steps;
}

function parseJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined; // not JSON: this block is not a plan
  }
}

/** The JSON list or object starting at `from` (after spaces), read up to its closing bracket. */
function parseJsonAt(text: string, from: number): JsonValue | undefined {
  let start = from;
  while (start < text.length && /\s/.test(text[start]!)) start += 1;
  const open = text[start];
  if (open !== '[' && open !== '{') return undefined;
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at += 1) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') depth += 1;
    else if (char === ']' || char === '}') {
      depth -= 1;
      if (depth === 0) return parseJson(text.slice(start, at + 1));
    }
  }
  return undefined;
}

/** The contents of the message's ``` fenced blocks, the language tag line left out. */
function fencedBlocks(text: string): string[] {
  const blocks: string[] = [];
  let at = text.indexOf('```');
  while (at !== -1 && blocks.length < MAX_CANDIDATES) {
    const lineEnd = text.indexOf('\n', at + 3);
    if (lineEnd === -1) break;
    const close = text.indexOf('```', lineEnd + 1);
    if (close === -1) break;
    blocks.push(text.slice(lineEnd + 1, close));
    at = text.indexOf('```', close + 3);
  }
  return blocks;
}
