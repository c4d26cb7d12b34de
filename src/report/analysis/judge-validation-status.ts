import type { JudgeValidation } from '../../schema/index.js';

/** A judge model and a rubric it graded in a run, with the tasks that share that rubric. */
export interface JudgedRubric {
  readonly model: string;
  readonly rubric_hash: string;
  readonly task_ids: readonly string[];
  /** Trials the judge graded on this rubric. */
  readonly trials: number;
  /** What the judge cost over them, in USD: never part of the system's cost. */
  readonly cost_usd: number;
}

/** Whether a run's judge is backed by agreement with people, per rubric it graded. */
export interface JudgeValidationStatus extends JudgedRubric {
  /** The latest validation on record for this model and rubric; null: unvalidated. */
  readonly validation: JudgeValidation | null;
}

/**
 * For each (judge model, rubric) a run graded with, the latest validation
 * on record for exactly that pair. A validation of another model, or of
 * the same model on another rubric (or another pass_score), does not count.
 */
export function judgeValidationStatus(
  judged: readonly JudgedRubric[],
  validations: readonly JudgeValidation[],
): JudgeValidationStatus[] {
  return judged.map((rubric) => {
    const matching = validations.filter(
      (one) => one.model === rubric.model && one.rubric_hash === rubric.rubric_hash,
    );
    const latest = matching.reduce<JudgeValidation | null>(
      (best, one) => (best === null || one.recorded_at >= best.recorded_at ? one : best),
      null,
    );
    return { ...rubric, validation: latest };
  });
}

const fixed2 = (value: number | null): string => (value === null ? 'n/a' : value.toFixed(2));

/**
 * One line per status, the same in every output:
 * `judge: unvalidated (no validation on record for openai:gpt-4o, rubric 3fa2c1d9e0ab; task explain-refund; 8 trials judged for $0.0120)`
 * or `judge: validated, kappa 0.81 [0.70, 0.90] on 120 labels in 30 tasks (openai:gpt-4o, rubric 3fa2c1d9e0ab; …)`
 * (the tasks when the validation recorded them).
 */
export function describeJudgeValidation(status: JudgeValidationStatus): string {
  const rubric = `rubric ${status.rubric_hash.slice(0, 12)}`;
  const tasks = `task${status.task_ids.length === 1 ? '' : 's'} ${status.task_ids.join(', ')}; ${status.trials} trial${status.trials === 1 ? '' : 's'} judged for $${status.cost_usd.toFixed(4)}`;
  const v = status.validation;
  if (v === null) {
    return `judge: unvalidated (no validation on record for ${status.model}, ${rubric}; ${tasks})`;
  }
  const labels = `${v.items} labels${v.tasks === undefined ? '' : ` in ${v.tasks} task${v.tasks === 1 ? '' : 's'}`}`;
  return `judge: validated, kappa ${fixed2(v.kappa.value)} [${fixed2(v.kappa.ci95[0])}, ${fixed2(v.kappa.ci95[1])}] on ${labels} (${status.model}, ${rubric}; ${tasks})`;
}

/** What `judgedRubrics` reads of a trial: its task and the judge grade's evidence. */
export interface JudgedTrial {
  readonly task_id: string;
  readonly grades?: Readonly<Record<string, { readonly evidence: unknown }>>;
}

/**
 * The (judge model, rubric) pairs a run's trials were graded with, read
 * from the `judge` grades' evidence, each with its tasks; in task order.
 */
export function judgedRubrics(trials: readonly JudgedTrial[]): JudgedRubric[] {
  const found = new Map<
    string,
    { model: string; rubric_hash: string; task_ids: string[]; trials: number; cost_usd: number }
  >();
  // Each rubric's tasks as a set too, so a run of many tasks is not read once per trial.
  const seenTasks = new Map<string, Set<string>>();
  for (const trial of trials) {
    const evidence = trial.grades?.['judge']?.evidence;
    if (typeof evidence !== 'object' || evidence === null) continue;
    const { model, rubric_hash: hash, cost_usd: cost } = evidence as Record<string, unknown>;
    if (typeof model !== 'string' || typeof hash !== 'string') continue;
    const key = `${model} ${hash}`;
    const entry = found.get(key) ?? {
      model,
      rubric_hash: hash,
      task_ids: [],
      trials: 0,
      cost_usd: 0,
    };
    const tasks = seenTasks.get(key) ?? new Set<string>();
    seenTasks.set(key, tasks);
    if (!tasks.has(trial.task_id)) {
      tasks.add(trial.task_id);
      entry.task_ids.push(trial.task_id);
    }
    entry.trials += 1;
    if (typeof cost === 'number') entry.cost_usd += cost;
    found.set(key, entry);
  }
  return [...found.values()];
}
