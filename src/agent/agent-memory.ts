import { cloneJson } from '../core/index.js';
import type { JsonValue } from '../core/index.js';

/**
 * An in-process agent's memory across the sessions of one trial: a
 * key → JSON store. In a sequence it persists from episode to episode of
 * one attempt (a `session: new` episode included) and starts empty on the
 * next attempt; a plain task's trial has a fresh, empty one. Values are
 * copied in and out, so what an agent keeps cannot change behind it.
 *
 * @example
 * session.memory?.set('customer:ana/refund_method', 'store_credit');
 * const method = session.memory?.get('customer:ana/refund_method'); // 'store_credit'
 */
export interface AgentMemory {
  get(key: string): JsonValue | undefined;
  set(key: string, value: JsonValue): void;
  delete(key: string): void;
  /** The keys held, in the order they were first set. */
  keys(): string[];
}

/** An empty memory. */
export function createAgentMemory(): AgentMemory {
  const values = new Map<string, JsonValue>();
  return {
    get: (key) => {
      const value = values.get(key);
      return value === undefined ? undefined : cloneJson(value);
    },
    set: (key, value) => void values.set(key, cloneJson(value)),
    delete: (key) => void values.delete(key),
    keys: () => [...values.keys()],
  };
}
