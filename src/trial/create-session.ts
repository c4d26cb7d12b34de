import type { Agent, AgentMemory, AgentSession } from '../agent/index.js';
import { AgentInfrastructureError, TrialStoppedError, createAgentMemory } from '../agent/index.js';
import { canonicalJson } from '../core/index.js';
import type { Rng, Stopwatch } from '../core/index.js';
import type {
  Dispatcher,
  Environment,
  EventLog,
  ToolCallResult,
  ToolPresentation,
} from '../environment/index.js';
import { ToolCrashError } from '../environment/index.js';
import type { DiagnosisMode, ExitReason, TrialIdentity } from '../schema/index.js';
import { PLAN_HEADING, referencePlan } from '../task/index.js';
import type { PublicTaskView, Task } from '../task/index.js';
import type { UserAnswer, UserSimulator } from '../user/index.js';
import { createCapGuard, sessionCaps } from './cap-guard.js';
import { recordUserAnswer } from './user-turn.js';

/** Identical calls allowed before the loop guard ends a trial, unless the task sets its own. */
export const DEFAULT_MAX_IDENTICAL_CALLS = 5;

/** Why and how the trial stopped, as observed by the harness. */
export interface TrialControl {
  stopReason: ExitReason | undefined;
  error: string | undefined;
  /** The stack of what a tool threw, when one crashed. */
  errorStack: string | undefined;
  stepsUsed: number;
  tokensUsed: number;
  /** The priced calls' spend. */
  costUsd: number;
  /** Set once a call had no price: the trial's cost is then unknown. */
  costUnknown: boolean;
  /** Set when the infrastructure (a provider) failed rather than the agent. */
  infrastructure: AgentInfrastructureError['terminal'] | undefined;
  stop(reason: ExitReason, detail?: string): void;
  /** Ends the trial because a provider failed; the trial is then invalid. */
  failInfrastructure(error: AgentInfrastructureError): void;
  /** Aborted once the trial stops. */
  readonly signal: AbortSignal;
}

export interface SessionOptions {
  readonly task: Task;
  readonly environment: Environment;
  readonly dispatcher: Dispatcher;
  readonly user: UserSimulator;
  readonly log: EventLog;
  readonly stopwatch: Stopwatch;
  readonly rng: Rng;
  readonly agent: Agent;
  readonly trial: TrialIdentity;
  /** The user's first message (scripted, or written by a simulated user). */
  readonly opening: string;
  /** The run's diagnosis mode (default `dialogue`). */
  readonly mode?: DiagnosisMode | undefined;
  /** The tools as shown to the agent (`tools.present`); default: the environment's descriptors. */
  readonly presentation?: ToolPresentation;
  /** The agent's memory across a sequence's episodes; default: a fresh, empty one. */
  readonly memory?: AgentMemory | undefined;
}

/**
 * What the agent sees of the task. In `no-user` mode nobody answers, so the
 * conversation is `single-turn`; in `oracle-plan` mode the reference path
 * is the view's `plan`, also appended to the policy for agents that read
 * only that (docs/task-format.md, Diagnosis modes).
 */
export function publicTaskView(
  task: Task,
  environment: Environment,
  opening: string,
  user: UserSimulator,
  mode: DiagnosisMode = 'dialogue',
): PublicTaskView {
  const { script, default: fallback } = task.spec.user;
  const silent =
    mode === 'no-user' ||
    (user.kind === 'scripted' && script.length === 0 && fallback === undefined);
  const view: PublicTaskView = {
    task_id: task.id,
    environment: environment.name,
    policy: environment.policy,
    instruction: opening,
    conversation: silent ? 'single-turn' : 'interactive',
    now: new Date(task.spec.clock).toISOString(),
  };
  if (mode !== 'oracle-plan') return view;
  const plan = referencePlan(task.spec.reference);
  return {
    ...view,
    policy: `${environment.policy.trimEnd()}\n\n${PLAN_HEADING}\n${plan}\n`,
    plan,
  };
}

/**
 * Trial controls are classes, and `signal` a getter on their prototype: an
 * object literal with a getter of its own gets a hidden class of its own,
 * which V8 keeps in the old generation, and through it every trial's
 * objects outlived young-generation collections (about 10 KB promoted a
 * trial, with pauses three times as long).
 */
class Control implements TrialControl {
  stopReason: ExitReason | undefined = undefined;
  error: string | undefined = undefined;
  errorStack: string | undefined = undefined;
  stepsUsed = 0;
  tokensUsed = 0;
  costUsd = 0;
  costUnknown = false;
  infrastructure: AgentInfrastructureError['terminal'] | undefined = undefined;
  #controller: AbortController | undefined;

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.stopReason !== undefined) this.#controller.abort(stoppedBy(this.stopReason));
    }
    return this.#controller.signal;
  }

  stop(reason: ExitReason, detail?: string): void {
    if (this.stopReason !== undefined) return;
    this.stopReason = reason;
    if (detail !== undefined) this.error = detail;
    this.#controller?.abort(stoppedBy(reason));
  }

  failInfrastructure(error: AgentInfrastructureError): void {
    if (this.stopReason !== undefined) return;
    this.infrastructure = error.terminal;
    this.stop('provider_error', error.message);
  }
}

const stoppedBy = (reason: ExitReason): TrialStoppedError => new TrialStoppedError(reason);

export function createTrialControl(): TrialControl {
  return new Control();
}

/**
 * `fields` with the trial's `signal` as an own property: sessions and user
 * contexts are plain data, so `{ ...session }` or a wrapper built from it
 * keeps every field, the signal included.
 */
export function withTrialSignal<T extends object>(
  control: TrialControl,
  fields: T,
): T & { readonly signal: AbortSignal } {
  return { ...fields, signal: control.signal };
}

function loopLimit(task: Task): number {
  for (const constraint of task.spec.constraints) {
    if ('max_identical_calls' in constraint) return constraint.max_identical_calls;
  }
  return DEFAULT_MAX_IDENTICAL_CALLS;
}

/**
 * The agent's side of a trial. It enforces the step budget and the loop
 * guard, and closes itself when the trial stops: every later action throws
 * TrialStoppedError, whatever the agent does with it.
 */
export function createSession(options: SessionOptions, control: TrialControl): AgentSession {
  const { task, environment, dispatcher, user, log, stopwatch } = options;
  const maxSteps = task.spec.limits.max_steps;
  const maxIdentical = loopLimit(task);
  const identicalCounts = new Map<string, number>();
  const caps = createCapGuard(sessionCaps(task.spec.limits), log, control);

  const takeStep = (): void => {
    if (control.stopReason !== undefined) throw new TrialStoppedError(control.stopReason);
    caps.checkEvents();
    if (control.stepsUsed >= maxSteps) {
      log.record({ kind: 'note', text: `step budget of ${maxSteps} exhausted` });
      control.stop('max_steps');
      throw new TrialStoppedError('max_steps');
    }
    control.stepsUsed++;
  };

  return withTrialSignal<Omit<AgentSession, 'signal'>>(control, {
    task: publicTaskView(task, environment, options.opening, user, options.mode),
    tools: options.presentation?.descriptors ?? environment.descriptors,
    trial: options.trial,
    rng: options.rng,
    memory: options.memory ?? createAgentMemory(),
    note(text) {
      if (caps.admitNote(text)) log.record({ kind: 'note', text });
    },
    recordRefusedConnection: (refusal) => void log.record({ kind: 'endpoint_refused', ...refusal }),
    recordConnection: (connection) => void log.record({ kind: 'connection', ...connection }),
    caps: caps.caps,
    budget: () => ({
      maxSteps,
      stepsUsed: control.stepsUsed,
      timeoutMs: task.spec.limits.timeout_s * 1000,
      elapsedMs: stopwatch.elapsedMs(),
      tokensUsed: control.tokensUsed,
      maxTokens: task.spec.limits.max_tokens,
      costUsd: control.costUsd,
      maxCostUsd: task.spec.limits.max_cost_usd,
    }),
    recordUsage(usage) {
      caps.checkEvents();
      log.record({ kind: 'usage', ...usage });
      if (usage.role !== 'agent') return;
      control.tokensUsed += usage.input_tokens + usage.output_tokens;
      const { max_tokens: maxTokens, max_cost_usd: maxCostUsd } = task.spec.limits;
      if (usage.cost_usd !== null) control.costUsd += usage.cost_usd;
      else if (!control.costUnknown) {
        control.costUnknown = true;
        if (maxCostUsd !== undefined) {
          log.record({
            kind: 'note',
            text: `${usage.model} has no price, so the cost budget of $${maxCostUsd} counts only priced calls; price it with --pricing FILE`,
          });
        }
      }
      if (maxTokens !== undefined && control.tokensUsed > maxTokens) {
        log.record({
          kind: 'note',
          text: `token budget of ${maxTokens} exhausted (${control.tokensUsed} used)`,
        });
        control.stop('token_limit');
      } else if (maxCostUsd !== undefined && control.costUsd > maxCostUsd) {
        log.record({
          kind: 'note',
          text: `cost budget of $${maxCostUsd} exhausted ($${control.costUsd.toFixed(4)} spent)`,
        });
        control.stop('cost_limit');
      }
      if (control.stopReason !== undefined) throw new TrialStoppedError(control.stopReason);
    },
    async callTool(name, args) {
      takeStep();
      const argsJson = canonicalJson(args ?? {});
      caps.checkToolArgs(name, argsJson);
      const key = `${name}\u0000${argsJson}`;
      const count = (identicalCounts.get(key) ?? 0) + 1;
      identicalCounts.set(key, count);
      if (count > maxIdentical) {
        log.record({
          kind: 'note',
          text: `loop guard: ${name} called a ${count}th time with the same arguments`,
        });
        control.stop('loop_detected');
        throw new TrialStoppedError('loop_detected');
      }
      let result: ToolCallResult;
      try {
        result = await dispatcher.call(name, args);
      } catch (error) {
        if (error instanceof ToolCrashError) {
          if (control.stopReason === undefined && error.cause instanceof Error)
            control.errorStack = error.cause.stack;
          control.stop('tool_crash', error.message);
          throw new TrialStoppedError('tool_crash');
        }
        throw error;
      }
      const real = options.presentation?.resolve(name) ?? { type: 'tool', name };
      if (result.ok && real.type === 'tool' && environment.tools.get(real.name)?.terminates) {
        log.record({ kind: 'note', text: `${name} ended the conversation` });
        control.stop('finished');
      }
      return result;
    },
    async sendToUser(text) {
      takeStep();
      caps.checkMessage(text, 'a message to the user');
      log.record({ kind: 'agent', text, final: false });
      let answer: UserAnswer;
      try {
        answer = await user.reply(text);
      } catch (error) {
        if (!(error instanceof AgentInfrastructureError)) throw error;
        control.failInfrastructure(error);
        throw new TrialStoppedError('provider_error');
      }
      if (answer.type === 'stop') {
        log.record({ kind: 'note', text: 'the user ended the conversation' });
        control.stop('user_stop');
        return answer;
      }
      return recordUserAnswer(answer, { dispatcher, log, control });
    },
  });
}
