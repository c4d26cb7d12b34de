import type { JsonObject, JsonValue, Rng } from '../core/index.js';
import type { ToolCallResult, ToolDescriptor } from '../environment/index.js';
import type { EndpointRefusedEvent, ModelUsage, Step, TrialIdentity } from '../schema/index.js';
import type { PublicTaskView } from '../task/index.js';
import type { UserReply } from '../user/index.js';

/** Identifies an agent in the system spec (and so in the system hash). */
export interface AgentSpec {
  readonly kind: string;
  readonly name: string;
  readonly version: string;
  readonly options: JsonObject;
  /** For model agents: provider, id and decoding settings. */
  readonly model?: JsonObject;
  /** For model agents: what the prompt is made of (hashes, not the text). */
  readonly prompt?: JsonObject;
  /** For agents run as programs: how they are isolated (SandboxSettings). */
  readonly sandbox?: JsonObject;
}

/** A connection the trial's endpoint refused: who, why, and the HTTP method. */
export type EndpointRefusal = Omit<EndpointRefusedEvent, 't_ms' | 'kind'>;

/** What the harness still allows in this trial. */
export interface SessionBudget {
  readonly maxSteps: number;
  readonly stepsUsed: number;
  readonly timeoutMs: number;
  readonly elapsedMs: number;
  /** Tokens (input and output) used so far, and the task's limit if any. */
  readonly tokensUsed: number;
  readonly maxTokens: number | undefined;
  readonly costUsd: number;
  readonly maxCostUsd: number | undefined;
}

/**
 * Size caps on what the agent sends in one trial (the task's `limits.*`).
 * The session enforces the message, tool-argument, event and note caps
 * itself; agents that read a stream (command, MCP) apply `maxLineBytes`
 * while reading, so an endless line is never held in memory.
 */
export interface SessionCaps {
  /** One message to the user, final answer or note, in UTF-8 bytes. */
  readonly maxMessageBytes: number;
  /** One tool call's arguments, as JSON, in bytes. */
  readonly maxToolArgsBytes: number;
  /** One stdout line of a command agent, or one MCP request body, in bytes. */
  readonly maxLineBytes: number;
  readonly maxEvents: number;
  readonly maxNotes: number;
}

/**
 * Everything an agent gets for one trial: the public view of the task, the
 * tool descriptors, and the two channels it acts through. It never holds the
 * expected outcome, the reference path, known-bad paths or a hidden goal.
 */
export interface AgentSession {
  readonly task: PublicTaskView;
  readonly tools: readonly ToolDescriptor[];
  /**
   * Runs a tool through the dispatcher; tool errors come back as values.
   * Arguments that are not an object (a model's unreadable JSON, passed as
   * its text) come back as an invalid_arguments error, as from any tool.
   */
  callTool(name: string, args: JsonValue): Promise<ToolCallResult>;
  /** Sends a message to the user and waits for the reply (or a stop). */
  sendToUser(text: string): Promise<UserReply>;
  /** Adds a diagnostic note to the trial's events. */
  note(text: string): void;
  /** Records a client turned away by the trial's MCP endpoint (it lacked the trial's secret). */
  recordRefusedConnection(refusal: EndpointRefusal): void;
  /**
   * Records a model call's tokens and cost; ends the trial (throwing
   * TrialStoppedError) once the task's token or cost budget is spent.
   */
  recordUsage(usage: ModelUsage): void;
  budget(): SessionBudget;
  /** The trial's size caps; absent in hand-made sessions, where the documented defaults apply. */
  readonly caps?: SessionCaps;
  readonly trial: TrialIdentity;
  /** Aborted when the trial is over (budget, timeout, loop guard, user stop). */
  readonly signal: AbortSignal;
  /** The agent's own seeded randomness. */
  readonly rng: Rng;
}

export interface AgentResult {
  /** The agent's last words to the user; null when it had none. */
  readonly finalAnswer: string | null;
  /** The agent's own confidence in [0, 1] that it completed the task, when it reports one. */
  readonly confidence?: number;
}

/** One system under test's agent. The harness owns the loop's boundaries. */
export interface Agent {
  readonly spec: AgentSpec;
  /**
   * Declared capability: the harness hands the task's reference path to
   * agents that declare it (oracle, simulated). Others never see it.
   */
  readonly readsReference: boolean;
  run(session: AgentSession, reference?: readonly Step[]): Promise<AgentResult>;
}

/**
 * Thrown by the session once the trial is over (a budget ran out, the loop
 * guard fired, the user stopped). Agents may let it propagate.
 */
export class TrialStoppedError extends Error {
  override readonly name = 'TrialStoppedError';
}
