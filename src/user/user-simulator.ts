import type { ModelUsage, TrialIdentity, UserSpec } from '../schema/index.js';

/** What the simulated user answers to a message from the agent. */
export type UserReply =
  | {
      readonly type: 'reply';
      readonly text: string;
      readonly source: 'script' | 'default' | 'simulator';
    }
  | { readonly type: 'stop' };

/** A stand-in for the person the agent serves. Its hidden goal never reaches the agent. */
export interface UserSimulator {
  readonly kind: string;
  /** The user's first message. */
  open(): Promise<string>;
  reply(agentMessage: string): Promise<UserReply>;
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
