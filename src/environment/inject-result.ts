import { cloneJson } from '../core/index.js';
import type { JsonValue } from '../core/index.js';
import { INJECTION_FAULT } from '../schema/index.js';
import type { AnsweredCall, StageContext, Step } from './call-stage.js';
import { next } from './call-stage.js';
import type { FaultInjector } from './fault-injector.js';

/** Plants the matching injections in a copy of the result, recording each as a `fault` event. */
function plant(
  call: AnsweredCall,
  faults: FaultInjector,
  result: JsonValue,
  { log }: Pick<StageContext, 'log'>,
): JsonValue {
  const planted = faults.inject(call.tool, call.args, result);
  for (const { source, detail, goal } of planted.injected) {
    log.record({
      kind: 'fault',
      call_id: call.id,
      tool: call.tool,
      fault: INJECTION_FAULT,
      source,
      detail,
      ...(goal === undefined ? {} : { goal: goal.map((action) => cloneJson(action)) }),
    });
  }
  return planted.result;
}

/**
 * What the agent is shown of a successful result: garbled when a
 * `malformed` fault fired, otherwise with the declared injections planted
 * in a copy (each recorded as a `fault` event of kind `inject`). The state
 * never holds the planted text; a tool error is passed on untouched.
 */
export function injectResult(
  call: AnsweredCall,
  context: Pick<StageContext, 'log'>,
): Step<AnsweredCall> {
  const { answer, faults } = call;
  if (answer.type !== 'result' || faults === undefined) return next(call);
  const result =
    call.fault?.kind === 'malformed'
      ? faults.garble(answer.result)
      : plant(call, faults, answer.result, context);
  return next({ ...call, answer: { ...answer, result } });
}
