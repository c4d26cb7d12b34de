import { JudgeVerdictSchema } from '../schema/index.js';
import type { JudgeVerdict } from '../schema/index.js';

/** A reply parsed, or why it is not a verdict. */
export type ParsedJudgeReply =
  | { readonly ok: true; readonly verdict: JudgeVerdict }
  | { readonly ok: false; readonly problem: string };

const FENCED = /^```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/i;

/**
 * Reads a judge model's reply: one JSON object `{verdict, score, reasons}`,
 * bare or inside a ```json fence, with whitespace around it. Anything else
 * (prose around the object, two objects, a missing field) is not a verdict:
 * guessing one from prose would grade the parser, not the trial.
 */
export function parseJudgeReply(text: string): ParsedJudgeReply {
  const trimmed = text.trim();
  const body = FENCED.exec(trimmed)?.[1]?.trim() ?? trimmed;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, problem: 'not a JSON object' };
  }
  const parsed = JudgeVerdictSchema.safeParse(json);
  if (parsed.success) return { ok: true, verdict: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, problem: `${issue.path.join('.') || '(root)'}: ${issue.message}` };
}
