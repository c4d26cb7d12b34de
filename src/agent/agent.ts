import type { JsonObject, JsonValue, Rng } from '../core/index.js';
import type { ToolCallResult, ToolDescriptor } from '../environment/index.js';
import type {
  ConnectionEvent,
  EndpointRefusedEvent,
  ExitReason,
  ModelUsage,
  Step,
  TrialIdentity,
} from '../schema/index.js';
import type { PublicTaskView } from '../task/index.js';
import type { UserReply } from '../user/index.js';
import type { AgentMemory } from './agent-memory.js';

/** Identifies an agent in the system spec (and so in the system hash). */
export interface AgentSpec {
  /** The agent's kind: `oracle`, `replay`, `simulated`, `llm`, `command`, `mcp` or your own. */
  readonly kind: string;
  /** Which agent of that kind (a program's name, a scaffold's name). */
  readonly name: string;
  /** Its version: bump it when its behaviour changes, so results are not pooled. */
  readonly version: string;
  /** The settings that change its behaviour (they enter the system hash; keep secrets out). */
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

/** What the harness still allows in this trial, from `session.budget()`. */
export interface SessionBudget {
  /** The task's `limits.max_steps`: tool calls plus messages to the user. */
  readonly maxSteps: number;
  /** Steps taken so far. */
  readonly stepsUsed: number;
  /** The task's `limits.timeout_s`, in milliseconds. */
  readonly timeoutMs: number;
  /** Time since the trial started, in milliseconds. */
  readonly elapsedMs: number;
  /** Tokens (input and output) used so far, as reported with `recordUsage`. */
  readonly tokensUsed: number;
  /** The task's `limits.max_tokens`; undefined when it sets none. */
  readonly maxTokens: number | undefined;
  /** Cost in US dollars so far, as reported with `recordUsage`. */
  readonly costUsd: number;
  /** The task's `limits.max_cost_usd`; undefined when it sets none. */
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
  /** The task's own limits for a sandboxed program (`limits.memory_mb` ...), over the run's. */
  readonly sandbox?: {
    readonly memory_mb?: number;
    readonly max_processes?: number;
    readonly file_size_mb?: number;
    readonly tmp_mb?: number;
    readonly cpu_s?: number;
  };
}

/**
 * Everything an agent gets for one trial: the public view of the task, the
 * tool descriptors, and the two channels it acts through (`callTool`,
 * `sendToUser`). It never holds the expected outcome, the reference path,
 * known-bad paths or a hidden goal. The harness records every call and
 * message at this boundary: that record, not the agent's account, is the
 * trajectory.
 *
 * @example
 * const order = await session.callTool('get_order', { order_id: '8842' });
 * if (!order.ok) return { finalAnswer: order.error.message };
 * const reply = await session.sendToUser('Shall I refund $42.99?');
 * if (reply.type === 'stop') return { finalAnswer: null };
 */
export interface AgentSession {
  /**
   * What the agent may know of the task: `task_id`, `environment`,
   * `policy`, the user's first message (`instruction`), the frozen `now`
   * and whether the user answers (`conversation`).
   */
  readonly task: PublicTaskView;
  /** The environment's tools as the agent is shown them (name, description, effect, JSON Schema). */
  readonly tools: readonly ToolDescriptor[];
  /**
   * Runs a tool through the dispatcher (access, argument validation, scope,
   * faults, recording). Each call is a step. Tool errors come back as
   * values, `{ ok: false, error: { code, message, ... } }`; success is
   * `{ ok: true, result }`. Arguments that are not an object (a model's
   * unreadable JSON, passed as its text) come back as an invalid_arguments
   * error, as from any tool.
   *
   * @throws TrialStoppedError once the trial is over (budget, loop guard, a tool crash)
   * @example
   * const result = await session.callTool('process_refund', { order_id: '8842', amount_cents: 4299 });
   */
  callTool(name: string, args: JsonValue): Promise<ToolCallResult>;
  /**
   * Sends a message to the user and waits for the reply: `{ type: 'reply',
   * text }`, or `{ type: 'stop' }` when the user has left. Each message is a
   * step, and is graded like the final answer.
   *
   * @throws TrialStoppedError once the trial is over
   * @example
   * const reply = await session.sendToUser('Your order 8842 qualifies. Refund it?');
   */
  sendToUser(text: string): Promise<UserReply>;
  /** Adds a diagnostic note to the trial's events (never graded). */
  note(text: string): void;
  /** Records a client turned away by the trial's MCP endpoint (it lacked the trial's secret). */
  recordRefusedConnection(refusal: EndpointRefusal): void;
  /**
   * Records a connection the sandboxed agent opened through the harness's
   * relays (its proxy, a named loopback port). Absent in hand-made sessions.
   */
  recordConnection?(connection: Omit<ConnectionEvent, 't_ms' | 'kind'>): void;
  /**
   * Records a model call's tokens and cost; ends the trial (throwing
   * TrialStoppedError) once the task's token or cost budget is spent.
   */
  recordUsage(usage: ModelUsage): void;
  /** Steps, time, tokens and cost used so far, beside the task's limits. */
  budget(): SessionBudget;
  /** The trial's size caps; absent in hand-made sessions, where the documented defaults apply. */
  readonly caps?: SessionCaps;
  /** Which trial this is: run, task, attempt and seed. */
  readonly trial: TrialIdentity;
  /** Aborted when the trial is over (budget, timeout, loop guard, user stop). */
  readonly signal: AbortSignal;
  /** The agent's own seeded randomness. */
  readonly rng: Rng;
  /**
   * What an in-process agent keeps between sessions: a key → JSON store
   * that persists across the episodes of one sequence attempt (a new
   * session included) and starts empty on each attempt; fresh in a plain
   * task's trial. The harness never reads it and it is not recorded. Command
   * and MCP agents run as new programs for each session and keep nothing.
   * Absent in hand-made sessions.
   */
  readonly memory?: AgentMemory;
}

/** What an agent's `run` resolves to when it ends its turn. */
export interface AgentResult {
  /** The agent's last words to the user; null when it had none. */
  readonly finalAnswer: string | null;
  /** The agent's own confidence in [0, 1] that it completed the task, when it reports one. */
  readonly confidence?: number;
}

/**
 * One system under test's agent. The harness owns the loop's boundaries:
 * it calls `run` once per trial with a fresh session, and the trial ends
 * when `run` resolves (or the session stops it). Agents act only through
 * the session; programs in other languages use the command protocol or
 * MCP instead (docs/command-protocol.md, docs/mcp.md).
 *
 * @example
 * const agent: Agent = {
 *   spec: { kind: 'scripted', name: 'refund-bot', version: '1', options: {} },
 *   readsReference: false,
 *   async run(session) {
 *     await session.callTool('get_order', { order_id: '8842' });
 *     return { finalAnswer: 'Order 8842 is delivered.' };
 *   },
 * };
 */
export interface Agent {
  /** Identifies the agent in the system spec, and so in the system hash. */
  readonly spec: AgentSpec;
  /**
   * Declared capability: the harness hands the task's reference path to
   * agents that declare it (oracle, simulated). Others never see it.
   */
  readonly readsReference: boolean;
  /**
   * Plays one trial through `session`.
   *
   * @param reference - the task's reference path, given only to agents that declare
   *   `readsReference`
   * @returns the final answer (and an optional confidence); a throw other than
   *   TrialStoppedError ends the trial as `agent_error`
   */
  run(session: AgentSession, reference?: readonly Step[]): Promise<AgentResult>;
  /**
   * Declared capability of agents that are programs (command, mcp): starts
   * the program once on `session`, as a trial would, and ends it as soon as
   * it has shown that it speaks its protocol (its first valid message, an
   * MCP handshake). The harness calls it before a run's first trial, so a
   * program that cannot start fails in seconds instead of in every trial.
   */
  preflight?(session: AgentSession, options: AgentPreflightOptions): Promise<AgentPreflight>;
}

export interface AgentPreflightOptions {
  /** How long the program may take to show it speaks its protocol. */
  readonly timeoutMs: number;
}

/** What an agent's preflight found: it speaks its protocol, or why not (with its stderr, unabridged). */
export type AgentPreflight =
  | {
      readonly type: 'passed';
      /** What the program did that proved it (`sent a tool_call message`). */
      readonly evidence: string;
    }
  | {
      readonly type: 'failed';
      /** What went wrong, in one sentence: `the program exited with exit code 1 before its first message`. */
      readonly reason: string;
      /** The end of the program's stderr, as it wrote it ('' when it wrote none). */
      readonly stderr: string;
    };

/**
 * Why a session stopped serving its agent: the trial's exit reason or, in a
 * sequence, the end of the agent's part while the sequence goes on.
 */
export type TrialStopReason = ExitReason | 'the conversation ended' | 'no episode is playing';

/**
 * Thrown by the session once the trial is over (a budget ran out, the loop
 * guard fired, the user stopped). Agents may let it propagate; `reason`
 * says why, and the message reads `trial stopped: <reason>`.
 */
export class TrialStoppedError extends Error {
  override readonly name = 'TrialStoppedError';
  constructor(readonly reason: TrialStopReason) {
    super(`trial stopped: ${reason}`);
  }
}
