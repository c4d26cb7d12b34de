import { TrialStoppedError } from '../agent/index.js';
import type { Agent, AgentMemory, AgentResult, AgentSession } from '../agent/index.js';
import { sleep } from '../core/index.js';
import type { Step } from '../schema/index.js';
import type { UserReply } from '../user/index.js';
import type { TrialControl } from './create-session.js';

/** How long a stopped agent gets to wind up before the next episode starts. */
const AGENT_WIND_UP_MS = 3000;

/** What an episode's trial calls in place of `agent.run`. */
export interface SessionLink {
  /**
   * Starts the agent on this episode's session, or hands it this episode's
   * opening when it waits in the previous episode's conversation. `handover`
   * settles when the episode's user stops and the next episode continues
   * the conversation: the episode is then over, the agent still running.
   */
  play(episode: {
    readonly session: AgentSession;
    readonly control: TrialControl;
    readonly reference: readonly Step[] | undefined;
  }): { readonly running: Promise<AgentResult>; readonly handover: Promise<'handover'> };
}

/**
 * The agent's conversations across the episodes of one sequence attempt.
 * The agent acts through one session that forwards to the current
 * episode's session, so each episode keeps its own events, budgets and
 * dispatcher while the conversation goes on.
 */
export interface SessionChain extends SessionLink {
  /** Before an episode: whether it asks to continue the conversation, and whether the next one will. */
  prepare(episode: { readonly wantsSame: boolean; readonly continues: boolean }): void;
  /** After `play`: whether the episode did continue the previous conversation. */
  readonly continued: boolean;
  /**
   * After an episode's record: keeps the conversation when the episode
   * handed over and `keep` holds, else ends it (the agent is stopped and
   * given a moment to wind up).
   */
  settle(keep: boolean): Promise<void>;
}

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

interface LiveRun {
  readonly running: Promise<AgentResult>;
  readonly controller: AbortController;
  /** The agent's message to the user that ended the last episode, awaiting the next opening. */
  waiting: Deferred<UserReply> | undefined;
}

export function createSessionChain(agent: Agent, memory: AgentMemory): SessionChain {
  let live: LiveRun | undefined;
  let current: AgentSession | undefined;
  let wantsSame = false;
  let continues = false;
  let continued = false;
  let handedOver = false;
  let handover = deferred<'handover'>();

  const episodeSession = (): AgentSession => {
    if (current === undefined) throw new TrialStoppedError('no episode is playing');
    return current;
  };

  const facade = (controller: AbortController): AgentSession => ({
    get task() {
      return episodeSession().task;
    },
    get tools() {
      return episodeSession().tools;
    },
    get caps() {
      // Sessions the harness makes always carry their caps.
      return episodeSession().caps!;
    },
    get trial() {
      return episodeSession().trial;
    },
    get rng() {
      return episodeSession().rng;
    },
    memory,
    signal: controller.signal,
    callTool: (name, args) => episodeSession().callTool(name, args),
    note: (text) => episodeSession().note(text),
    recordRefusedConnection: (refusal) => episodeSession().recordRefusedConnection(refusal),
    recordConnection: (connection) => episodeSession().recordConnection?.(connection),
    recordUsage: (usage) => episodeSession().recordUsage(usage),
    budget: () => episodeSession().budget(),
    async sendToUser(text) {
      const reply = await episodeSession().sendToUser(text);
      if (reply.type !== 'stop' || !continues || live === undefined) return reply;
      // The user is done with this episode: the next episode's opening is the reply.
      const waiting = deferred<UserReply>();
      live.waiting = waiting;
      handedOver = true;
      handover.resolve('handover');
      return waiting.promise;
    },
  });

  const endLive = async (): Promise<void> => {
    const ending = live;
    live = undefined;
    if (ending === undefined) return;
    ending.controller.abort(new TrialStoppedError('the conversation ended'));
    ending.waiting?.reject(new TrialStoppedError('the conversation ended'));
    await Promise.race([
      ending.running.then(
        () => undefined,
        () => undefined,
      ),
      sleep(AGENT_WIND_UP_MS),
    ]);
  };

  return {
    prepare(episode) {
      wantsSame = episode.wantsSame;
      continues = episode.continues;
    },
    get continued() {
      return continued;
    },
    play({ session, control, reference }) {
      current = session;
      handedOver = false;
      handover = deferred<'handover'>();
      const waiting = live?.waiting;
      if (wantsSame && live !== undefined && waiting !== undefined) {
        continued = true;
        live.waiting = undefined;
        waiting.resolve({ type: 'reply', text: session.task.instruction, source: 'script' });
      } else {
        continued = false;
        if (wantsSame) {
          session.note(
            'session: same, but the previous episode ended its conversation (a final answer, a stop or a failure): this episode starts a new session',
          );
        }
        const controller = new AbortController();
        live = {
          running: agent.run(facade(controller), reference),
          controller,
          waiting: undefined,
        };
      }
      const run = live;
      // The episode's stop ends the conversation, unless the user's stop hands it to the next episode.
      const onStop = (): void => {
        if (control.stopReason === 'user_stop' && continues) return;
        run?.controller.abort(control.signal.reason);
      };
      if (control.signal.aborted) onStop();
      else control.signal.addEventListener('abort', onStop, { once: true });
      return { running: run.running, handover: handover.promise };
    },
    async settle(keep) {
      if (keep && handedOver && live?.waiting !== undefined) return;
      await endLive();
    },
  };
}
