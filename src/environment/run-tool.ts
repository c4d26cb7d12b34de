import { findNonJsonValue, formatValuePath, roundMs, startTimeout } from '../core/index.js';
import type { JsonValue } from '../core/index.js';
import type { AnsweredCall, ResolvedCall, StageContext, Step, ToolAnswer } from './call-stage.js';
import { done, next, toolCallError } from './call-stage.js';
import { isToolFailure } from './tool-error.js';
import { describeThrown } from './tool-crash-error.js';

/** Why a tool's output cannot go back to the agent or into the record, if it cannot. */
function nonJsonOutput(output: unknown): string | undefined {
  const [label, value] = isToolFailure(output)
    ? ['error details', output.details]
    : ['result', output === undefined ? null : output];
  const found = findNonJsonValue(value);
  if (found === undefined) return undefined;
  const path = formatValuePath(found.path);
  const where = path === '' ? label : `${label}${path.startsWith('[') ? '' : '.'}${path}`;
  return `it returned a value JSON cannot hold: ${where} is ${found.found}`;
}

const TIMED_OUT = Symbol('timed out');

/**
 * The tool's output, or TIMED_OUT when it ran past `timeoutMs`. The tool
 * cannot be stopped; its late answer is dropped (the race holds a handler,
 * so a late rejection is not unhandled).
 */
async function runWithin<T>(
  running: Promise<T>,
  timeoutMs: number | undefined,
): Promise<T | typeof TIMED_OUT> {
  if (timeoutMs === undefined) return running;
  const timeout = startTimeout(timeoutMs);
  try {
    return await Promise.race([running, timeout.promise.then((): typeof TIMED_OUT => TIMED_OUT)]);
  } finally {
    timeout.cancel();
  }
}

/** The tool's output as the agent will get it: its result, or the error it returned. */
function answerOf(output: unknown, durationMs: number): ToolAnswer {
  if (isToolFailure(output)) {
    const error = toolCallError(output.code, output.message, output.details);
    return { type: 'error', error, durationMs };
  }
  return {
    type: 'result',
    result: (output === undefined ? null : output) as JsonValue,
    durationMs,
  };
}

/**
 * Runs the tool on the validated arguments and times it. A throw, a run
 * past `limits.tool_timeout_s` or an output JSON cannot hold ends the call
 * as a crash (the environment broke). Otherwise the call joins the
 * trial's past calls, ok or returning a tool error, and the faults hear
 * how it went (a successful re-authentication ends an expired session).
 */
export async function runTool(
  call: ResolvedCall,
  context: Pick<StageContext, 'stopwatch' | 'toolContext' | 'toolTimeoutMs' | 'calls'>,
): Promise<Step<AnsweredCall>> {
  const { stopwatch, toolTimeoutMs } = context;
  const started = stopwatch.elapsedMs();
  let output: unknown;
  try {
    output = call.definition.run(call.parsed.data, context.toolContext);
    // Only a pending call can run late (a synchronous tool has already returned).
    output = await (output instanceof Promise ? runWithin(output, toolTimeoutMs) : output);
  } catch (error) {
    return done(call, { type: 'crash', message: describeThrown(error), cause: error });
  }
  const broken =
    output === TIMED_OUT
      ? `it did not return within ${String(toolTimeoutMs! / 1000)} s (limits.tool_timeout_s)`
      : nonJsonOutput(output);
  if (broken !== undefined)
    return done(call, { type: 'crash', message: broken, cause: new Error(broken) });
  const durationMs = roundMs(stopwatch.elapsedMs() - started);
  const ok = !isToolFailure(output);
  context.calls.push({ tool: call.tool, args: call.args, ok });
  call.faults?.afterCall(call.tool, ok);
  return next({ ...call, answer: answerOf(output, durationMs) });
}
