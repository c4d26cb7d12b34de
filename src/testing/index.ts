/**
 * `endstate/testing`: what a user needs to test their own environments,
 * graders, agents and model callers: builders of tasks, records and
 * grader contexts, a tool harness, the grader contract (`checkGrader`),
 * a scripted model, fake OpenAI-compatible servers and a fake clock.
 * The helpers of endstate's own simulations and benchmarks (synthetic
 * runs, beta draws, correlated task rates, agreement designs) live beside
 * them in this folder and are imported by file, not shipped here.
 */
export { buildRunRecord } from './build-run-record.js';
export type { RunRecordOverrides } from './build-run-record.js';
export { buildTask } from './build-task.js';
export { buildTrialRecord } from './build-trial-record.js';
export { createToolHarness } from './create-tool-harness.js';
export type { ToolHarness, ToolHarnessOptions } from './create-tool-harness.js';
export { shopEnvironment, shopRefundTask } from './shop-environment.js';
export {
  noAnswer,
  rateLimitedReply,
  startFakeOpenAiServer,
  textReply,
  toolCallReply,
} from './fake-openai-server.js';
export type { FakeOpenAiServer, FakeReply } from './fake-openai-server.js';
export { startSlowOpenAiServer } from './slow-openai-server.js';
export type { SlowOpenAiServer } from './slow-openai-server.js';
export { scriptedModel } from './scripted-model.js';
export { createFakeClock } from './fake-clock.js';
export type { FakeClock } from './fake-clock.js';
export { buildFaultEvent, buildInjectionEvent, buildToolCallEvent } from './build-events.js';
export { buildGradeContext } from './build-grade-context.js';
export type { GradeContextOptions } from './build-grade-context.js';
export { checkGrader } from './check-grader.js';
export type { GraderCase } from './check-grader.js';
export { playSteps } from './play-steps.js';
export type { PlayedStep } from './play-steps.js';
export { buildGrade, buildGrades } from './build-grade.js';
export type { GradeOptions } from './build-grade.js';
// Types named by the signatures above (src/public-types.test.ts keeps this list complete).
export type { EventLog, ToolAccess } from '../environment/index.js';
export type { InjectedAction, UnstampedEvent } from '../schema/index.js';
