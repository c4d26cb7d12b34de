import { sleep } from '../core/index.js';
import type {
  AnsweredCall,
  CallDone,
  ResolvedCall,
  StageContext,
  Step,
  ToolCallError,
} from './call-stage.js';
import { done, errorAnswer, next } from './call-stage.js';
import type { FiredFault } from './fault-injector.js';

/** The fault's error, after its delay. */
async function faultError(
  call: ResolvedCall,
  fault: FiredFault,
  error: ToolCallError,
): Promise<CallDone> {
  if (fault.delayMs > 0) await sleep(fault.delayMs);
  return done(call, errorAnswer({ ...error }));
}

/**
 * Just before the tool would run, asks the declared faults whether one
 * fires; only a call that passed every check gets here, so a refused call
 * neither meets a fault nor counts toward one's `call` or `times`. A fault
 * that fires is recorded (`fault`). `timeout`, `rate_limit` and
 * `expired_session` answer their error without running the tool;
 * `malformed` and `lost_ack` let it run and act afterwards.
 */
export async function faultBeforeRun(
  call: ResolvedCall,
  { log }: Pick<StageContext, 'log'>,
): Promise<Step<ResolvedCall>> {
  const fault = call.faults?.beforeCall(call.tool, call.args);
  if (fault === undefined) return next(call);
  log.record({
    kind: 'fault',
    call_id: call.id,
    tool: call.tool,
    fault: fault.kind,
    source: fault.source,
    detail: fault.detail,
    ...(fault.probability === undefined ? {} : { probability: fault.probability }),
  });
  if (fault.runsTool) return next({ ...call, fault });
  return faultError(call, fault, fault.error!);
}

/** `lost_ack`: the call ran and changed what it changes, but its answer is lost. */
export async function faultAfterRun(call: AnsweredCall): Promise<Step<AnsweredCall>> {
  const { fault } = call;
  if (fault?.error === undefined) return next(call);
  return faultError(call, fault, fault.error);
}
