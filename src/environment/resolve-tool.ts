import type { z } from 'zod';
import type { WorkingState } from '../state/index.js';
import type {
  CallDone,
  CallOutcome,
  CallRequest,
  ResolvedCall,
  StageContext,
  Step,
} from './call-stage.js';
import { done, errorAnswer, next, toolCallError } from './call-stage.js';
import type { ToolDefinition } from './define-tool.js';
import { recordToolCall } from './record-call.js';
import { describeThrown } from './tool-crash-error.js';

type ScopeRead =
  { readonly type: 'read'; readonly scope?: string } | Extract<CallOutcome, { type: 'crash' }>;

/** Whose records the call touches, when its arguments are valid and the tool has a scope rule. */
function readScope(
  definition: ToolDefinition,
  parsed: z.ZodSafeParseResult<unknown>,
  state: WorkingState,
): ScopeRead {
  if (definition.scope === undefined || !parsed.success) return { type: 'read' };
  try {
    const scope = definition.scope(parsed.data, state);
    return scope === undefined ? { type: 'read' } : { type: 'read', scope };
  } catch (error) {
    return { type: 'crash', message: `scope rule failed: ${describeThrown(error)}`, cause: error };
  }
}

/**
 * No tool of that name on the caller's side: the error lists the names the
 * agent was shown, or the user's own tools for a call on the user's side.
 */
function unknownTool(
  call: CallRequest,
  { environment, presentation }: Pick<StageContext, 'environment' | 'presentation'>,
): CallDone {
  const available =
    call.side === 'user'
      ? [...(environment.user?.tools.keys() ?? [])]
      : (presentation?.descriptors.map((shown) => shown.name) ?? [...environment.tools.keys()]);
  const message = `there is no tool named "${call.tool}"`;
  return done(call, errorAnswer(toolCallError('unknown_tool', message, { available })));
}

/**
 * Finds the environment's tool of that name on the caller's side (the
 * agent's tools, or the user's own for a `side: 'user'` call: neither side
 * can reach the other's), reads the arguments against
 * its schema and asks its scope rule whose records they touch, then
 * records the attempt (`tool_call`, with its `scope`): every later stage
 * refuses a call that is already on the record. An unknown name ends the
 * call with `unknown_tool`; a scope rule that throws ends it as a crash.
 */
export function resolveTool(
  call: CallRequest,
  context: Pick<StageContext, 'environment' | 'state' | 'presentation' | 'log'>,
): Step<ResolvedCall> {
  const { environment } = context;
  const tools = call.side === 'user' ? environment.user?.tools : environment.tools;
  const definition = tools?.get(call.tool);
  if (definition === undefined) {
    recordToolCall(call, context);
    return unknownTool(call, context);
  }
  const parsed = definition.input.safeParse(call.args);
  const read = readScope(definition, parsed, context.state);
  if (read.type === 'crash') {
    recordToolCall(call, context);
    return done(call, read);
  }
  const { type: _read, ...scope } = read;
  recordToolCall(call, context, scope.scope);
  return next({ ...call, definition, parsed, ...scope });
}
