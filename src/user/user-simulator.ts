import type { JsonObject, JsonValue } from '../core/index.js';
import type { ModelUsage, TrialIdentity, UserSpec } from '../schema/index.js';

/** What the simulated user answers to a message from the agent. */
export type UserReply =
  | {
      readonly type: 'reply';
      readonly text: string;
      readonly source: 'script' | 'default' | 'simulator';
    }
  | { readonly type: 'stop' };

/**
 * A simulated user's answer with the help it gives, which only the harness
 * sees: a reply marked as a hint (`assist`), or a take-over (the user makes
 * a tool call themselves, then says `say`). The agent gets a plain
 * {@link UserReply}: the user's words, never the mark.
 */
export type UserAnswer =
  | UserReply
  | {
      readonly type: 'reply';
      readonly text: string;
      readonly source: 'script' | 'default' | 'simulator';
      /** The reply gives the agent what it should have found itself; `source` names the rule (`user.script[2]`). */
      readonly assist: { readonly type: 'hint'; readonly source: string };
    }
  | {
      readonly type: 'take_over';
      readonly tool: string;
      readonly args: JsonObject;
      /** What the user says once the call is made; absent: a short "I ran X myself". */
      readonly say?: string | undefined;
      /** Which rule took over (`user.script[2]`). */
      readonly source: string;
    }
  | {
      /** The user calls one of their own tools (dual control), then says `say`. */
      readonly type: 'user_tool';
      readonly tool: string;
      readonly args: JsonObject;
      /** What the user says once the call is made; absent: a short "I used X". */
      readonly say?: string | undefined;
      /** Which rule made the call (`user.script[2]`). */
      readonly source: string;
    };

/** One of the user's own tools, as the simulated user is shown it. */
export interface UserToolDescriptor {
  readonly name: string;
  readonly description: string;
  /** The input as JSON Schema. */
  readonly input_schema: JsonObject;
}

/** What a call of a user tool answered: tool errors are values, as for the agent. */
export type UserToolResult =
  | { readonly ok: true; readonly result: JsonValue }
  | {
      readonly ok: false;
      readonly error: { readonly code: string; readonly message: string } & JsonObject;
    };

/**
 * The user's own tools (dual control), for a simulator that decides itself
 * when to use them: each call goes through the trial's dispatcher as the
 * user's (`by: 'user'` on its events), never as the agent's step.
 */
export interface UserToolbox {
  readonly tools: readonly UserToolDescriptor[];
  /** Arguments that are not an object are refused by the tool's schema, as the agent's are. */
  call(tool: string, args: JsonValue): Promise<UserToolResult>;
}

/** A stand-in for the person the agent serves. Its hidden goal never reaches the agent. */
export interface UserSimulator {
  readonly kind: string;
  /** The user's first message. */
  open(): Promise<string>;
  reply(agentMessage: string): Promise<UserAnswer>;
}

/** What a simulated user is made from, for one trial. */
export interface UserContext {
  readonly spec: UserSpec;
  readonly trial: TrialIdentity;
  /** Records the simulator's own model calls (they do not count against the agent's budget). */
  readonly recordUsage: (usage: ModelUsage) => void;
  readonly signal: AbortSignal;
  /** The user's own tools, when the environment gives the user a side of the world. */
  readonly toolbox?: UserToolbox | undefined;
}

/** Makes the simulated user of each trial. */
export type UserFactory = (context: UserContext) => UserSimulator;
