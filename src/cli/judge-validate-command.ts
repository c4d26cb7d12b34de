import { resolve } from 'node:path';
import { EndstateError, wallClockIso } from '../core/index.js';
import { rubricHash } from '../grade/index.js';
import { modelKey, parseModelRef } from '../model/index.js';
import { loadSuite } from '../task/index.js';
import { renderLabelAgreement } from '../report/index.js';
import { labelAgreement } from '../stats/index.js';
import type { CliIo } from './cli-io.js';
import { EXIT } from './exit-codes.js';
import { appendJudgeValidation, judgeValidationsPath } from './judge-validations-file.js';
import { labelAgreementJson } from './label-agreement-json.js';
import { readJudgeLabels } from './read-judge-labels.js';
import { requireLastingStore, storeSpecOf } from './store-path.js';
import { writeJsonFile } from './write-json-file.js';

export interface JudgeValidateFlags {
  /** Write the agreement as JSON to this file. */
  readonly json?: string;
  /** Keep the agreement on record for `--judge` and the rubric of `--task` in `--suite`. */
  readonly record?: boolean;
  /** The judge model that gave the labels (`provider:id`). */
  readonly judge?: string;
  /** The suite folder holding the task whose rubric was judged. */
  readonly suite?: string;
  /** The task whose rubric was judged. */
  readonly task?: string;
  readonly store?: string;
}

/** Where and for what a validation is recorded: the judge, the task's rubric and the file beside the store. */
async function recordTarget(
  flags: JudgeValidateFlags,
  io: CliIo,
): Promise<{ file: string; model: string; rubricHash: string; taskId: string }> {
  if (flags.judge === undefined || flags.suite === undefined || flags.task === undefined) {
    throw new EndstateError(
      'E_USAGE',
      '--record needs the judge model and the rubric it judged: --judge provider:id --suite DIR --task ID',
      {
        hint: 'A validation holds for one judge model on one rubric; reports match runs to it by both.',
      },
    );
  }
  const store = storeSpecOf(flags.store, io.cwd);
  requireLastingStore(store, 'judge validate --record');
  const model = modelKey(parseModelRef(flags.judge, '--judge'));
  const suite = await loadSuite(resolve(io.cwd, flags.suite), { displayPath: flags.suite });
  const task = suite.tasks.find((candidate) => candidate.id === flags.task);
  if (task === undefined) {
    throw new EndstateError('E_USAGE', `suite ${flags.suite} has no task ${flags.task}`, {
      hint: `Task ids: ${suite.tasks.map((one) => one.id).join(', ')}.`,
    });
  }
  if (task.spec.judge === undefined) {
    throw new EndstateError('E_USAGE', `task ${task.id} has no judge rubric to validate`, {
      hint: `Give ${task.file} a judge: section, or name the task whose rubric the labels judged.`,
    });
  }
  return {
    file: judgeValidationsPath(store),
    model,
    rubricHash: rubricHash(task.spec.judge),
    taskId: task.id,
  };
}

/**
 * `endstate judge validate <labels.jsonl>`: how far a judge model agrees
 * with people on the same items: accuracy, Cohen's kappa with a 95%
 * interval clustered by the items' tasks (`task_id`), the confusion table
 * and precision and recall per label.
 */
export async function judgeValidateCommand(
  labelsPath: string,
  flags: JudgeValidateFlags,
  io: CliIo,
): Promise<number> {
  if (flags.json !== undefined && resolve(io.cwd, flags.json) === resolve(io.cwd, labelsPath)) {
    throw new EndstateError('E_USAGE', `--json ${flags.json} would overwrite the labels file`, {
      hint: 'Give --json another file name.',
    });
  }
  // Checked before the labels are read: a record without its judge or rubric is refused first.
  const target = flags.record === true ? await recordTarget(flags, io) : undefined;
  const labels = readJudgeLabels(labelsPath, io.cwd);
  const agreement = labelAgreement(
    labels.map((label) => ({
      reference: label.human,
      rater: label.judge,
      ...(label.task_id === undefined ? {} : { task: label.task_id }),
    })),
  );
  io.out(renderLabelAgreement(agreement, labelsPath));
  const json = {
    labels_file: labelsPath,
    ...labelAgreementJson(agreement, ['human_count', 'judge_count']),
  };
  if (flags.json !== undefined) writeJsonFile(resolve(io.cwd, flags.json), json);
  if (target !== undefined) {
    appendJudgeValidation(target.file, {
      recorded_at: wallClockIso(),
      model: target.model,
      rubric_hash: target.rubricHash,
      task_id: target.taskId,
      labels_file: labelsPath,
      items: json.items,
      tasks: json.tasks,
      accuracy: json.accuracy,
      kappa: { value: json.kappa.value, ci95: json.kappa.ci95 },
    });
    io.err(
      `recorded in ${target.file}: ${target.model} on the rubric of ${target.taskId} (${target.rubricHash.slice(0, 12)})\n`,
    );
  }
  return EXIT.ok;
}
