/**
 * The judge model as graders see it. Types only: the model layer builds
 * one (`createJudgeCaller`), graders use one, and neither imports the other.
 */

/** One call of a judge model, as a model-based grader asks for it. */
export interface JudgeRequest {
  /** The rubric and the instructions. */
  readonly system: string;
  /** What is judged: the conversation, the final answer, the facts. */
  readonly prompt: string;
  /** Position of this call among the trial's judge calls: part of the recording key. */
  readonly callIndex: number;
}

export interface JudgeReply {
  readonly text: string;
  readonly input_tokens: number;
  readonly output_tokens: number;
  /** Null when the judge model is not priced (unknown). */
  readonly cost_usd: number | null;
}

/**
 * The judge model of a run (`--judge provider:id`), through the same model
 * layer as the llm agent: pinned decoding, retries, recording and replay,
 * cost counted apart from the system under test.
 */
export interface JudgeCaller {
  /** `provider:id`. */
  readonly model: string;
  ask(request: JudgeRequest, signal: AbortSignal): Promise<JudgeReply>;
}
