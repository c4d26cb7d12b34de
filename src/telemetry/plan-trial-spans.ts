import { NORMAL_EXIT_REASONS } from '../schema/index.js';
import type {
  BlockedEvent,
  SystemSpec,
  ToolCallEvent,
  ToolResultEvent,
  TrialRecord,
  UsageEvent,
} from '../schema/index.js';
import { modelAttributes, requestSettingsOf } from './model-attributes.js';
import type {
  PlannedSpan,
  PlannedSpanEvent,
  SpanAttributeValue,
  SpanError,
} from './planned-span.js';
import {
  ENDSTATE,
  EVALUATION_RESULT_EVENT,
  GEN_AI,
  GEN_AI_OPERATIONS,
  STABLE,
} from './span-attributes.js';

type Attributes = Record<string, SpanAttributeValue>;

/**
 * One trial as spans, after the fact: an `invoke_agent` span for the trial
 * and under it, in the order they started, a `chat` span per model call and
 * an `execute_tool` span per tool call (blocked attempts included). Times
 * come from the record: the trial starts at `started_at` and lasts
 * `usage.latency_ms`; a tool call runs from its `tool_call` event to its
 * `tool_result` or `blocked` event. A model call's usage event is recorded
 * when its answer arrives and the harness notes no start, so its span
 * starts at the trial's event before it (the request that followed it).
 * `system` (the run's system spec) names the agent and the request settings.
 */
export function planTrialSpans(trial: TrialRecord, system: SystemSpec | undefined): PlannedSpan {
  const startMs = Date.parse(trial.started_at);
  const lastEventMs = trial.events.reduce((last, event) => Math.max(last, event.t_ms), 0);
  const endMs = startMs + Math.max(trial.usage.latency_ms, lastEventMs);
  const children = [
    ...modelCallSpans(trial, system, startMs),
    ...toolCallSpans(trial, startMs, endMs),
  ].sort((a, b) => a.startMs - b.startMs);
  const error = trialError(trial);
  const attributes: Attributes = {
    [GEN_AI.operationName]: GEN_AI_OPERATIONS.invokeAgent,
    ...(system === undefined
      ? {}
      : { [GEN_AI.agentName]: system.agent.name, [GEN_AI.agentVersion]: system.agent.version }),
    ...agentModelAttributes(system),
    [GEN_AI.conversationId]: trial.trial_id,
    [GEN_AI.usageInputTokens]: trial.usage.input_tokens,
    [GEN_AI.usageOutputTokens]: trial.usage.output_tokens,
    ...(trial.usage.cost_usd === null ? {} : { [ENDSTATE.costUsd]: trial.usage.cost_usd }),
    [ENDSTATE.runId]: trial.run_id,
    [ENDSTATE.taskId]: trial.task_id,
    [ENDSTATE.taskRevision]: trial.task_revision,
    [ENDSTATE.trialId]: trial.trial_id,
    [ENDSTATE.trialAttempt]: trial.attempt,
    [ENDSTATE.trialRerun]: trial.rerun,
    [ENDSTATE.trialSeed]: trial.seed,
    [ENDSTATE.trialSuccess]: trial.success,
    [ENDSTATE.trialValid]: trial.valid,
    [ENDSTATE.trialExitReason]: trial.exit_reason,
    [ENDSTATE.trialTerminalReason]: trial.terminal_reason,
    ...(trial.partial_score === null ? {} : { [ENDSTATE.trialPartialScore]: trial.partial_score }),
    [ENDSTATE.trialSteps]: trial.usage.steps,
    [ENDSTATE.trialToolCalls]: trial.usage.tool_calls,
    [ENDSTATE.trialModelCalls]: trial.usage.model_calls,
    ...(error === null ? {} : { [STABLE.errorType]: error.type }),
  };
  return {
    name: `${GEN_AI_OPERATIONS.invokeAgent} ${system?.agent.name ?? 'agent'}`,
    kind: 'internal',
    startMs,
    endMs,
    attributes,
    error,
    events: evaluationEvents(trial, endMs),
    children,
  };
}

/**
 * The trial ended in an error when the agent did not end it normally (a
 * budget, a crash, a provider failure: the exit reason) or when it is
 * invalid (a grader that could not decide). A task the agent finished but
 * failed is a result, not an error: `endstate.trial.success` says it.
 */
function trialError(trial: TrialRecord): SpanError | null {
  if (!NORMAL_EXIT_REASONS.includes(trial.exit_reason)) {
    return { type: trial.exit_reason, message: trial.error ?? trial.exit_reason };
  }
  if (!trial.valid)
    return { type: trial.terminal_reason, message: trial.error ?? trial.terminal_reason };
  return null;
}

function agentModelAttributes(system: SystemSpec | undefined): Attributes {
  const model = system?.model;
  if (model === null || model === undefined) return {};
  const { provider, id } = model;
  if (typeof provider !== 'string' || typeof id !== 'string') return {};
  return modelAttributes(`${provider}:${id}`);
}

/** Each grader's verdict, as the GenAI evaluation result event, when the trial ended. */
function evaluationEvents(trial: TrialRecord, timeMs: number): PlannedSpanEvent[] {
  return Object.entries(trial.grades).map(([graderId, grade]) => ({
    name: EVALUATION_RESULT_EVENT,
    timeMs,
    attributes: {
      [GEN_AI.evaluationName]: graderId,
      [GEN_AI.evaluationScoreLabel]: grade.error !== null ? 'error' : grade.pass ? 'pass' : 'fail',
      [GEN_AI.evaluationScoreValue]: grade.score ?? (grade.pass ? 1 : 0),
      [ENDSTATE.evaluationRole]: grade.role,
    },
  }));
}

function modelCallSpans(
  trial: TrialRecord,
  system: SystemSpec | undefined,
  trialStartMs: number,
): PlannedSpan[] {
  const settings = requestSettingsOf(system);
  const spans: PlannedSpan[] = [];
  trial.events.forEach((event, index) => {
    if (event.kind !== 'usage') return;
    const requestedAtMs = index === 0 ? 0 : trial.events[index - 1]!.t_ms;
    spans.push(
      modelCallSpan(event, trial.trial_id, settings.get(event.model) ?? {}, {
        startMs: trialStartMs + requestedAtMs,
        endMs: trialStartMs + event.t_ms,
      }),
    );
  });
  return spans;
}

function modelCallSpan(
  usage: UsageEvent,
  trialId: string,
  settings: Attributes,
  times: { startMs: number; endMs: number },
): PlannedSpan {
  const model = modelAttributes(usage.model);
  return {
    name: `${GEN_AI_OPERATIONS.chat} ${String(model[GEN_AI.requestModel])}`,
    kind: 'client',
    ...times,
    attributes: {
      [GEN_AI.operationName]: GEN_AI_OPERATIONS.chat,
      ...model,
      ...settings,
      [GEN_AI.conversationId]: trialId,
      [GEN_AI.usageInputTokens]: usage.input_tokens,
      [GEN_AI.usageOutputTokens]: usage.output_tokens,
      [GEN_AI.usageCacheReadInputTokens]: usage.cached_input_tokens,
      ...(usage.cost_usd === null ? {} : { [ENDSTATE.costUsd]: usage.cost_usd }),
      [ENDSTATE.modelRole]: usage.role,
      [ENDSTATE.modelWaitMs]: usage.wait_ms,
      [ENDSTATE.modelRetries]: usage.retries,
    },
    error: null,
    events: [],
    children: [],
  };
}

interface OpenCall {
  readonly call: ToolCallEvent;
  readonly faults: string[];
}

/** Each tool attempt from its call to its answer; a call left unanswered (the trial crashed) ends with the trial. */
function toolCallSpans(
  trial: TrialRecord,
  trialStartMs: number,
  trialEndMs: number,
): PlannedSpan[] {
  const open = new Map<string, OpenCall>();
  const spans: PlannedSpan[] = [];
  for (const event of trial.events) {
    if (event.kind === 'tool_call') open.set(event.call_id, { call: event, faults: [] });
    else if (event.kind === 'fault') open.get(event.call_id)?.faults.push(event.fault);
    else if (event.kind === 'tool_result' || event.kind === 'blocked') {
      const call = open.get(event.call_id);
      if (call === undefined) continue;
      open.delete(event.call_id);
      spans.push(toolCallSpan(call, event, trialStartMs, trialStartMs + event.t_ms));
    }
  }
  for (const call of open.values()) {
    spans.push(toolCallSpan(call, undefined, trialStartMs, trialEndMs));
  }
  return spans;
}

function toolCallSpan(
  { call, faults }: OpenCall,
  answer: ToolResultEvent | BlockedEvent | undefined,
  trialStartMs: number,
  endMs: number,
): PlannedSpan {
  const error = toolError(answer);
  const startMs = trialStartMs + call.t_ms;
  return {
    name: `${GEN_AI_OPERATIONS.executeTool} ${call.tool}`,
    kind: 'internal',
    startMs,
    endMs: Math.max(startMs, endMs),
    attributes: {
      [GEN_AI.operationName]: GEN_AI_OPERATIONS.executeTool,
      [GEN_AI.toolName]: call.tool,
      [GEN_AI.toolCallId]: call.call_id,
      // The harness runs the tool for the agent, as a client runs a function the model called.
      [GEN_AI.toolType]: 'function',
      ...(answer?.kind === 'blocked' ? { [ENDSTATE.toolBlocked]: answer.reason } : {}),
      ...(faults.length === 0 ? {} : { [ENDSTATE.toolFaults]: faults }),
      ...(error === null ? {} : { [STABLE.errorType]: error.type }),
    },
    error,
    events: [],
    children: [],
  };
}

/**
 * `error.type` of a tool call: the tool error's code (a fault's too), `blocked`
 * for an attempt the harness refused, `unanswered` for a call with no answer.
 */
function toolError(answer: ToolResultEvent | BlockedEvent | undefined): SpanError | null {
  if (answer === undefined)
    return { type: 'unanswered', message: 'the trial ended before the tool answered' };
  if (answer.kind === 'blocked') return { type: 'blocked', message: answer.message };
  if (answer.ok) return null;
  return {
    type: answer.error?.code ?? '_OTHER',
    message: answer.error?.message ?? 'the tool failed',
  };
}
