/** Thrown when a tool throws: the environment broke, so the trial is invalid. */
export class ToolCrashError extends Error {
  override readonly name = 'ToolCrashError';
  constructor(
    readonly tool: string,
    cause: unknown,
  ) {
    super(`tool ${tool} crashed: ${describeThrown(cause)}`, { cause });
  }
}

/**
 * What a tool threw, as text, whatever it threw: an object without a
 * string form (`Object.create(null)`) must not turn the crash into an
 * error of its own, which would be blamed on the agent.
 */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  try {
    return String(thrown);
  } catch {
    // No string form: say what it is instead.
    return `a thrown ${thrown === null ? 'null' : typeof thrown} with no string form`;
  }
}
