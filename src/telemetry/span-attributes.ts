/**
 * Attribute names of the OpenTelemetry GenAI semantic conventions that the
 * spans use. They are written out here rather than imported: the
 * conventions package keeps them in its `incubating` entry (development
 * status, free to change in a minor release), and loading it would load an
 * OpenTelemetry module in runs that export nothing. A test checks each name
 * against `@opentelemetry/semantic-conventions/incubating`.
 */
export const GEN_AI = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  requestTemperature: 'gen_ai.request.temperature',
  requestTopP: 'gen_ai.request.top_p',
  requestMaxTokens: 'gen_ai.request.max_tokens',
  requestSeed: 'gen_ai.request.seed',
  usageInputTokens: 'gen_ai.usage.input_tokens',
  usageOutputTokens: 'gen_ai.usage.output_tokens',
  usageCacheReadInputTokens: 'gen_ai.usage.cache_read.input_tokens',
  conversationId: 'gen_ai.conversation.id',
  agentName: 'gen_ai.agent.name',
  agentVersion: 'gen_ai.agent.version',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  evaluationName: 'gen_ai.evaluation.name',
  evaluationScoreValue: 'gen_ai.evaluation.score.value',
  evaluationScoreLabel: 'gen_ai.evaluation.score.label',
} as const;

/** Values of `gen_ai.operation.name`. */
export const GEN_AI_OPERATIONS = {
  chat: 'chat',
  executeTool: 'execute_tool',
  invokeAgent: 'invoke_agent',
} as const;

/** Stable (non-GenAI) conventions the spans use. */
export const STABLE = {
  errorType: 'error.type',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  serviceName: 'service.name',
  serviceVersion: 'service.version',
} as const;

/** The name of the span event that carries one grader's verdict. */
export const EVALUATION_RESULT_EVENT = 'gen_ai.evaluation.result';

/** endstate's own attributes: what the conventions have no name for. */
export const ENDSTATE = {
  runId: 'endstate.run.id',
  runStatus: 'endstate.run.status',
  runSeed: 'endstate.run.seed',
  runTrialsPerTask: 'endstate.run.trials_per_task',
  runResumed: 'endstate.run.resumed',
  runTrials: 'endstate.run.trials',
  runSuccesses: 'endstate.run.successes',
  suiteName: 'endstate.suite.name',
  suiteHash: 'endstate.suite.hash',
  systemHash: 'endstate.system.hash',
  agentKind: 'endstate.agent.kind',
  taskId: 'endstate.task.id',
  taskRevision: 'endstate.task.revision',
  trialId: 'endstate.trial.id',
  trialAttempt: 'endstate.trial.attempt',
  trialRerun: 'endstate.trial.rerun',
  trialSeed: 'endstate.trial.seed',
  trialSuccess: 'endstate.trial.success',
  trialValid: 'endstate.trial.valid',
  trialExitReason: 'endstate.trial.exit_reason',
  trialTerminalReason: 'endstate.trial.terminal_reason',
  trialPartialScore: 'endstate.trial.partial_score',
  trialSteps: 'endstate.trial.steps',
  trialToolCalls: 'endstate.trial.tool_calls',
  trialModelCalls: 'endstate.trial.model_calls',
  costUsd: 'endstate.cost_usd',
  modelRole: 'endstate.model.role',
  modelWaitMs: 'endstate.model.wait_ms',
  modelRetries: 'endstate.model.retries',
  toolBlocked: 'endstate.tool.blocked',
  toolFaults: 'endstate.tool.faults',
  evaluationRole: 'endstate.evaluation.role',
} as const;
