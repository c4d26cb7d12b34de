import { z } from 'zod';
import { EndstateError } from '../core/index.js';

/**
 * One job on the queue: one of a run's attempts (a task's k-th trial),
 * played from `first_rerun` on. Plain JSON, no secrets: a worker finds
 * everything else in the store the job names (the run record and its
 * system spec) and in the suite folder.
 */
export const QueueJobDataSchema = z
  .object({
    run_id: z.string().min(1),
    task_id: z.string().min(1),
    attempt: z.number().int().min(1),
    first_rerun: z.number().int().min(0),
    /** The store the coordinator used: a PostgreSQL URL, or an absolute SQLite path. */
    store: z.string().min(1),
    /** The suite folder, absolute, as the coordinator saw it. */
    suite_path: z.string().min(1),
    /** The suite's content hash: a worker refuses a suite with another one. */
    suite_hash: z.string().min(1),
  })
  .strict();

export type QueueJobData = z.infer<typeof QueueJobDataSchema>;

/** The job data a worker received, checked; a malformed job is the queue's fault, not the agent's. */
export function parseQueueJobData(data: unknown, jobId: string | undefined): QueueJobData {
  const parsed = QueueJobDataSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  throw new EndstateError('E_USAGE', `queue job ${jobId ?? '(no id)'} is not an endstate trial`, {
    problems: parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    })),
    hint: 'Give endstate workers a queue of their own (?queue=NAME in the --queue URL).',
  });
}

/** Characters BullMQ refuses in a job id (':'), and the two this encoding uses. */
const ESCAPED = /[%:|]/g;

function encodePart(text: string): string {
  return text.replace(ESCAPED, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function decodePart(text: string): string {
  return text.replace(/%([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

/** What a job id stands for. */
export type JobIdentity = Pick<QueueJobData, 'run_id' | 'task_id' | 'attempt' | 'first_rerun'>;

/**
 * The job id of an attempt: the same attempt always gets the same id, so
 * BullMQ keeps one job however often it is enqueued. Run and task ids are
 * escaped (`%`, `:` and `|` as `%25`, `%3A`, `%7C`) and joined by `|`, so
 * the id never holds a ':' and two identities never share an id.
 *
 * @example
 * jobIdOf({ run_id: 'run-1', task_id: 'refund:a', attempt: 2, first_rerun: 0 }) // 'trial|run-1|refund%3Aa|2|0'
 */
export function jobIdOf(identity: JobIdentity): string {
  return [
    'trial',
    encodePart(identity.run_id),
    encodePart(identity.task_id),
    String(identity.attempt),
    String(identity.first_rerun),
  ].join('|');
}

/** The identity a job id stands for (the inverse of jobIdOf); undefined for any other id. */
export function identityOfJobId(jobId: string): JobIdentity | undefined {
  const parts = jobId.split('|');
  if (parts.length !== 5 || parts[0] !== 'trial') return undefined;
  const [, run, task, attempt, firstRerun] = parts as [string, string, string, string, string];
  if (!/^[1-9]\d*$/.test(attempt) || !/^(0|[1-9]\d*)$/.test(firstRerun)) return undefined;
  return {
    run_id: decodePart(run),
    task_id: decodePart(task),
    attempt: Number(attempt),
    first_rerun: Number(firstRerun),
  };
}
