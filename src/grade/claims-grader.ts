import { z } from 'zod';
import type { JsonValue } from '../core/index.js';
import type { Check, GraderOutput, TaskFile } from '../schema/index.js';
import { checkClaims } from './check-claims.js';
import type { ClaimVerdict } from './check-claims.js';
import { checkDeclaredClaims } from './declared-claims.js';
import { agentMessages, extractClaims, findAmounts, findIds } from './extract-claims.js';
import type { ActionClaim, AgentMessage } from './extract-claims.js';
import { GraderError } from './grader-error.js';
import { defineGrader } from './grader.js';
import type { GradeContext, Grader } from './grader.js';

/** The extractor a task asks for; deterministic when it has no `claims` section. */
export function claimsExtractOf(task: TaskFile): 'deterministic' | 'judge' | 'none' {
  return task.claims?.extract ?? 'deterministic';
}

const JUDGE_SYSTEM = `You read what a customer-service agent told a user and list the ACTIONS the agent says were done: refunds, cancellations, changes, bookings, exchanges, returns, payments, messages sent.
List only actions stated as already done. Leave out questions, offers, plans, conditions, future and negated statements ("I can refund", "Shall I cancel?", "will be refunded once", "I have not refunded").
For each, give the sentence as written, the action (one word, e.g. refund, cancel, change, book), the ids it names (order, reservation, booking, payment numbers, as written), the money amounts as numbers (42.99 for "$42.99"), and prior: true when it says the action happened before this conversation ("was already refunded on September 22").
Answer with JSON only: {"claims":[{"sentence":"...","action":"...","ids":["..."],"amounts":[0],"prior":false}]}`;

const JudgeClaimsSchema = z.object({
  claims: z.array(
    z.object({
      sentence: z.string(),
      action: z.string().min(1),
      ids: z.array(z.union([z.string(), z.number()]).transform(String)).default([]),
      amounts: z
        .array(
          z.union([
            z.number(),
            z.string().transform((text) => findAmounts(text).amounts[0] ?? Number(text)),
          ]),
        )
        .default([]),
      prior: z.boolean().default(false),
    }),
  ),
});

/** The JSON object in a judge's reply, code fences and prose around it left out. */
function jsonIn(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end < start) throw new SyntaxError('no JSON object in the reply');
  return JSON.parse(text.slice(start, end + 1));
}

/** The judge's list of action claims, checked by the same checker as the deterministic ones. */
export async function judgeClaims(
  context: GradeContext,
  messages: readonly AgentMessage[],
): Promise<{
  claims: ActionClaim[];
  usage: { readonly cost_usd: number | null; readonly [key: string]: JsonValue };
}> {
  const judge = context.judge;
  if (judge === undefined) {
    throw new GraderError(
      'claims.extract is "judge" but the run has no judge model: pass --judge provider:id, or set claims.extract to deterministic',
      { checkId: 'claims.extract' },
    );
  }
  const prompt = messages
    .map((message, index) => `[message ${index + 1}]\n${message.text}`)
    .join('\n\n');
  const reply = await judge.ask(
    { system: JUDGE_SYSTEM, prompt: prompt || '(the agent said nothing)', callIndex: 0 },
    context.signal,
  );
  let parsed: z.infer<typeof JudgeClaimsSchema>;
  try {
    parsed = JudgeClaimsSchema.parse(jsonIn(reply.text));
  } catch (error) {
    throw new GraderError(
      `claims.extract: the judge ${judge.model} did not answer with {"claims":[...]}: ${(error as Error).message.slice(0, 300)}`,
      { checkId: 'claims.extract', cause: error },
    );
  }
  const claims = parsed.claims.map((claim): ActionClaim => {
    const said = messages.find((message) => message.text.includes(claim.sentence));
    return {
      sentence: claim.sentence,
      event_index: said?.event_index ?? null,
      action: claim.action.toLowerCase(),
      verbs: [],
      ids: claim.ids.length > 0 ? claim.ids : findIds(findAmounts(claim.sentence).masked),
      amounts: claim.amounts.filter((amount) => Number.isFinite(amount)),
      prior: claim.prior,
    };
  });
  return {
    claims,
    usage: {
      model: judge.model,
      input_tokens: reply.input_tokens,
      output_tokens: reply.output_tokens,
      cost_usd: reply.cost_usd,
    },
  };
}

function claimCheck(verdict: ClaimVerdict, index: number): Check {
  const { claim } = verdict;
  return {
    id: `claims.said[${index}]`,
    kind: 'claim',
    pass: verdict.supported,
    message: verdict.message,
    evidence: {
      sentence: claim.sentence,
      event_index: claim.event_index,
      action: claim.action,
      ids: [...claim.ids],
      amounts: [...claim.amounts],
      prior: claim.prior,
      unsupported_ids: [...verdict.unsupported_ids],
      unsupported_amounts: [...verdict.unsupported_amounts],
      records_looked_at: [...verdict.records_looked_at],
    },
  };
}

/** The claims grade of one trial: extracted claims, then declared ones. */
export async function gradeClaims(context: GradeContext): Promise<GraderOutput> {
  const { task, events, finalAnswer, s0, diff } = context;
  const extract = claimsExtractOf(task);
  const messages = agentMessages(events, finalAnswer);
  const checks: Check[] = [];
  let usage: { readonly cost_usd: number | null; readonly [key: string]: JsonValue } | null = null;
  if (extract !== 'none') {
    let claims: ActionClaim[];
    if (extract === 'judge') ({ claims, usage } = await judgeClaims(context, messages));
    else claims = extractClaims(messages);
    checks.push(...checkClaims(claims, { s0, diff }).map(claimCheck));
    if (claims.length === 0) {
      checks.push({
        id: 'claims.said',
        kind: 'claim',
        pass: true,
        message: `no action stated as done in ${messages.length} message(s) to the user`,
        evidence: { extract, messages: messages.length },
      });
    }
  }
  checks.push(...checkDeclaredClaims({ verify: task.claims?.verify ?? [], finalAnswer, s0, diff }));
  return {
    pass: checks.every((check) => check.pass),
    checks,
    // `cost_usd` at the top of the evidence, as the judge grader keeps it: the trial's grader cost counts it.
    ...(usage === null ? {} : { evidence: { cost_usd: usage.cost_usd, judge: usage } }),
  };
}

/**
 * What the agent says it did, against what the state shows: a refund it
 * claims but never made fails the trial, with the sentence and the records
 * looked at as evidence.
 */
export const claimsGrader: Grader = defineGrader({
  id: 'claims',
  version: '1',
  role: 'gate',
  appliesTo: (task) => claimsExtractOf(task) !== 'none' || (task.claims?.verify.length ?? 0) > 0,
  grade: gradeClaims,
});
