import type { AnsweredCall, StageContext, Step } from './call-stage.js';
import { done, next } from './call-stage.js';
import { describeThrown } from './tool-crash-error.js';

/**
 * Right after a tool ran (ok or returning a tool error), the environment's
 * sync hook brings one side of the world in line with the other, so the
 * next call, on either side, sees both agree. A hook that throws ends the
 * call as a crash, as a tool's throw does.
 */
export function syncSides(
  call: AnsweredCall,
  { environment, state }: Pick<StageContext, 'environment' | 'state'>,
): Step<AnsweredCall> {
  if (environment.sync === undefined) return next(call);
  try {
    environment.sync({ state });
  } catch (error) {
    const message = `sync hook failed: ${describeThrown(error)}`;
    // The crash names the hook, not only the call it followed; the hook's own error is kept as the cause.
    return done(call, { type: 'crash', message, cause: new Error(message, { cause: error }) });
  }
  return next(call);
}
