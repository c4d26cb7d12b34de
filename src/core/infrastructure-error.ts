/**
 * Thrown by an agent when the infrastructure under it failed, not the
 * agent: a provider still failing after retries (the trial is invalid and
 * rerun), or a model that cannot use the tool protocol at all
 * (`harness_incompatibility`).
 */
export class AgentInfrastructureError extends Error {
  override readonly name = 'AgentInfrastructureError';
  constructor(
    message: string,
    readonly terminal: 'environment_failure' | 'harness_incompatibility',
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
