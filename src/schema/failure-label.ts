import { z } from 'zod';

/**
 * Why a failed trial failed: one cause from a small fixed taxonomy
 * (docs/failure-labels.md). Rules propose one for every failed trial;
 * people confirm or correct it with `endstate labels`.
 */
export const FAILURE_LABELS = [
  'policy_violation',
  'disclosure',
  'wrong_arguments',
  'wrong_action',
  'collateral_damage',
  'false_claim',
  'missing_action',
  'communication',
  'budget',
  'agent_error',
  'other',
] as const;

export const FailureLabelSchema = z.enum(FAILURE_LABELS, {
  error: (issue) =>
    `unknown failure label ${JSON.stringify(issue.input)}: use one of ${FAILURE_LABELS.join(', ')}`,
});
export type FailureLabel = z.infer<typeof FailureLabelSchema>;

/** The one-line rule of each label, as docs/failure-labels.md defines it. */
export const FAILURE_LABEL_RULES: Readonly<Record<FailureLabel, string>> = {
  policy_violation:
    'broke a process constraint: a forbidden or denied tool, a precondition skipped, no consent, out of scope',
  disclosure: 'said something it must not say (a secret, another customer’s data)',
  wrong_arguments:
    'made the required kind of change with the wrong values: amount, id, field value',
  wrong_action: 'left the required change undone and changed something else instead',
  collateral_damage: 'did what was asked but also changed something it should have left alone',
  false_claim: 'told the user it did something the final state contradicts',
  missing_action: 'never made a required change, and changed nothing in its place',
  communication: 'left the state right but never told the user a required fact',
  budget:
    'ended at a budget or the loop guard (steps, time, tokens, cost) or repeated a call past the cap',
  agent_error: 'the agent program or its model provider failed',
  other: 'none of the above',
};

/**
 * One line of a failure-labels file: a failed trial as `endstate labels
 * export` writes it, with the label a person gave it (`label`, `labeller`)
 * once labelled. The trial is named by run, task, attempt and rerun.
 */
export const FailureLabelLineSchema = z.strictObject({
  run_id: z.string().min(1),
  task_id: z.string().min(1),
  attempt: z.number().int().positive(),
  rerun: z.number().int().nonnegative(),
  proposed_label: FailureLabelSchema,
  evidence: z.string(),
  final_answer: z.string().nullable(),
  failed_checks: z.array(z.string()),
  label: FailureLabelSchema.nullable(),
  labeller: z.string().min(1).nullable(),
  /** Free text from the labeller. */
  note: z.string().optional(),
});
export type FailureLabelLine = z.infer<typeof FailureLabelLineSchema>;

/** A person's label of one failed trial, as `endstate labels import` stores it. */
export const StoredFailureLabelSchema = z.strictObject({
  run_id: z.string().min(1),
  task_id: z.string().min(1),
  attempt: z.number().int().positive(),
  rerun: z.number().int().nonnegative(),
  proposed_label: FailureLabelSchema,
  label: FailureLabelSchema,
  labeller: z.string().min(1),
  note: z.string().optional(),
});
export type StoredFailureLabel = z.infer<typeof StoredFailureLabelSchema>;
