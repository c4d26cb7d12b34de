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
  readonly opening: string;
  reply(agentMessage: string): Promise<UserReply>;
}
