import type { JsonObject } from '../core/index.js';
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
    };

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
}

/** Makes the simulated user of each trial. */
export type UserFactory = (context: UserContext) => UserSimulator;
