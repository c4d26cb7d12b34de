import { z } from 'zod';
import { FaultSchema, RecordedInjectionSchema } from './fault.js';
import { JsonObjectSchema } from './json-value.js';
import { RunPricingSchema } from './run-pricing.js';

/**
 * How a command or mcp agent was isolated (src/sandbox). Only portable
 * values, so the system hash is the same on every machine: the kind, the
 * network, the names of variables passed through, the extra mounts and
 * --agent-dir as written on the command line. Runs made before sandboxing
 * have none.
 */
export const SandboxSpecSchema = z.object({
  kind: z.enum(['bubblewrap', 'none']),
  network: z.enum(['relay', 'none', 'host']),
  /** Hosts the agent's proxy lets through (`relay`), as `host` or `host:port`. */
  allow_hosts: z.array(z.string()).optional(),
  env: z.array(z.string()),
  mounts: z.array(z.string()),
  agent_dir: z.string().optional(),
  /** The run's per-trial limits (bubblewrap; older runs have none). */
  limits: z
    .object({
      memory_mb: z.number(),
      max_processes: z.number(),
      file_size_mb: z.number(),
      tmp_mb: z.number(),
      cpu_s: z.number(),
    })
    .optional(),
  /** What built the seccomp filter, e.g. `libseccomp 2.5.4` (bubblewrap; older runs have none). */
  seccomp: z.string().optional(),
});
export type SandboxSpec = z.infer<typeof SandboxSpecSchema>;

/**
 * How a run plays its tasks. `dialogue` is the normal run; the other two
 * are diagnosis modes: `no-user` hands the agent everything the user would
 * reveal in its first message and no one answers, `oracle-plan` adds the
 * task's reference path to the public view as a plan. Their results are
 * diagnosis only (docs/statistics.md, Diagnosis modes).
 */
export const DIAGNOSIS_MODES = ['dialogue', 'no-user', 'oracle-plan'] as const;
export const DiagnosisModeSchema = z.enum(DIAGNOSIS_MODES);
export type DiagnosisMode = z.infer<typeof DiagnosisModeSchema>;

/**
 * The system under test, fully specified. Its canonical JSON hash labels
 * every result; results with different hashes are never pooled.
 */
export const SystemSpecSchema = z.object({
  agent: z.object({
    kind: z.string(),
    name: z.string(),
    version: z.string(),
    options: JsonObjectSchema,
  }),
  model: JsonObjectSchema.nullable(),
  prompt: JsonObjectSchema.nullable(),
  user: z.object({
    kind: z.string(),
    prompt_version: z.string().nullable(),
    /** For simulated users played by a model: provider, id and decoding. */
    model: JsonObjectSchema.nullable().optional(),
    /**
     * What the tasks' scripted users do when a task does not say: the
     * `user.stop_when` pattern a task without one gets. Absent in runs made
     * before it was recorded.
     */
    defaults: z.object({ stop_when: z.string() }).optional(),
  }),
  /**
   * The judge model that graded the tasks' rubrics (`--judge`): provider,
   * id, decoding and the judge's prompt version. Absent when the run had
   * none, so runs judged by different models, or not judged, are never pooled.
   */
  judge: JsonObjectSchema.optional(),
  /**
   * A diagnosis mode (`no-user`, `oracle-plan`); absent for a normal
   * (`dialogue`) run, whose hash is then the same as before modes existed.
   * Runs of different modes are never pooled.
   */
  mode: z.enum(['no-user', 'oracle-plan']).optional(),
  /** Command and mcp agents: their sandbox (absent for in-process agents and older runs). */
  sandbox: SandboxSpecSchema.optional(),
  harness_version: z.string(),
  grader_version: z.string(),
});
export type SystemSpec = z.infer<typeof SystemSpecSchema>;

export const RunStatusSchema = z.enum(['running', 'finished', 'interrupted']);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** One invocation: a system × a suite × k trials per task. */
export const RunRecordSchema = z.object({
  run_id: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  status: RunStatusSchema,
  suite: z.object({
    name: z.string(),
    path: z.string(),
    hash: z.string(),
    task_ids: z.array(z.string()),
    /** Each run task's `revision`; results of different revisions are never pooled. */
    revisions: z.record(z.string(), z.number().int()).default({}),
    /** Each run task's `weight` in suite means; a task missing here weighs 1. */
    weights: z.record(z.string(), z.number().positive()).optional(),
    /**
     * The run's tasks whose user can help the agent (a script rule with a
     * hint or a take-over, or a scenario played by a model): the report
     * then shows unassisted success and assisted completion. Absent when none can.
     */
    assist_tasks: z.array(z.string()).optional(),
  }),
  system: SystemSpecSchema,
  system_hash: z.string(),
  trials_per_task: z.number().int().positive(),
  seed: z.number().int().nonnegative(),
  concurrency: z.number().int().positive(),
  max_reruns: z.number().int().nonnegative(),
  /** The run whose trials this run regraded (`endstate regrade`): same trials, graders re-run. */
  regraded_from: z.string().optional(),
  /**
   * The prices the run applied to its model calls, with the tables they came
   * from (content hashes); absent when the run called no model, and in runs
   * made before it was recorded.
   */
  pricing: RunPricingSchema.optional(),
  /**
   * The limits on requests to each provider endpoint the run called
   * (`--max-concurrent-requests`, `--requests-per-minute`), held across
   * every process that played its trials; absent when the run called no
   * model, and in runs made before it was recorded. Not part of the system:
   * the system hash does not change with them.
   */
  request_limits: z
    .object({
      max_concurrent_requests: z.number().int().positive(),
      requests_per_minute: z.number().int().positive().optional(),
    })
    .optional(),
  /** Faults and injections the run added to every task (`--faults`). */
  faults: z
    .object({ faults: z.array(FaultSchema), inject: z.array(RecordedInjectionSchema) })
    .optional(),
});
export type RunRecord = z.infer<typeof RunRecordSchema>;
