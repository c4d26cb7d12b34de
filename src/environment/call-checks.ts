import type { ResolvedCall, StageContext, Step, ToolAccess } from './call-stage.js';
import { done, errorAnswer, next, toolCallError } from './call-stage.js';

/**
 * The task's access lists: a tool on the deny list, or off an allow list,
 * is refused (a `blocked` event, error `blocked`), whatever its arguments.
 * The lists name the agent's tools: a call of the user's own tools passes.
 */
export function checkAccess(
  call: ResolvedCall,
  { access }: Pick<StageContext, 'access'>,
): Step<ResolvedCall> {
  if (call.side === 'user') return next(call);
  const reason = blockReason(call.tool, access);
  if (reason === undefined) return next(call);
  const message = `calling ${call.tool} is not permitted in this task`;
  return done(call, { type: 'blocked', reason, code: 'blocked', message });
}

/** The deny list first: a tool on both lists is `denied`. */
function blockReason(tool: string, access: ToolAccess): 'denied' | 'not_allowed' | undefined {
  if (access.deny.includes(tool)) return 'denied';
  if (access.allow !== undefined && !access.allow.includes(tool)) return 'not_allowed';
  return undefined;
}

/** Arguments that do not match the tool's schema: an `invalid_arguments` error listing every issue. */
export function validateArguments(call: ResolvedCall): Step<ResolvedCall> {
  const { parsed, tool } = call;
  if (parsed.success) return next(call);
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const message = `arguments of ${tool} do not match its schema`;
  return done(call, errorAnswer(toolCallError('invalid_arguments', message, { issues })));
}

/**
 * What the agent is told when a call is out of scope: which records it may
 * touch, never whose the refused ones are (that would leak another
 * customer's identity).
 */
export function outOfScopeMessage(tool: string, owner: string): string {
  return `${tool} refused: these records belong to someone other than ${owner}, and this conversation may only read or change ${owner}'s records. Nothing was read or changed; ask the user for their own record instead.`;
}

/**
 * The task's `scope` constraint: a call whose tool's scope rule names
 * another owner is refused (a `blocked` event, error `out_of_scope`). A
 * task without one, or a rule that cannot tell, refuses nothing.
 */
export function checkScope(
  call: ResolvedCall,
  { scopeOwner }: Pick<StageContext, 'scopeOwner'>,
): Step<ResolvedCall> {
  const { scope, tool } = call;
  if (scopeOwner === undefined || scope === undefined || scope === scopeOwner) return next(call);
  const message = outOfScopeMessage(tool, scopeOwner);
  return done(call, {
    type: 'blocked',
    reason: 'scope',
    code: 'out_of_scope',
    message,
    owner: scopeOwner,
  });
}
