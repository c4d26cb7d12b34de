import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { renderLabelAgreement } from '../report/index.js';
import { labelAgreement } from '../stats/index.js';
import type { CliIo } from './cli-io.js';
import { EXIT } from './exit-codes.js';
import { labelAgreementJson } from './label-agreement-json.js';
import { readJudgeLabels } from './read-judge-labels.js';
import { writeJsonFile } from './write-json-file.js';

export interface JudgeValidateFlags {
  /** Write the agreement as JSON to this file. */
  readonly json?: string;
}

/**
 * `endstate judge validate <labels.jsonl>`: how far a judge model agrees
 * with people on the same items: accuracy, Cohen's kappa with a 95%
 * interval, the confusion table and precision and recall per label.
 */
export function judgeValidateCommand(
  labelsPath: string,
  flags: JudgeValidateFlags,
  io: CliIo,
): number {
  if (flags.json !== undefined && resolve(io.cwd, flags.json) === resolve(io.cwd, labelsPath)) {
    throw new EndstateError('E_USAGE', `--json ${flags.json} would overwrite the labels file`, {
      hint: 'Give --json another file name.',
    });
  }
  const labels = readJudgeLabels(labelsPath, io.cwd);
  const agreement = labelAgreement(
    labels.map((label) => ({ reference: label.human, rater: label.judge })),
  );
  io.out(renderLabelAgreement(agreement, labelsPath));
  if (flags.json !== undefined)
    writeJsonFile(resolve(io.cwd, flags.json), {
      labels_file: labelsPath,
      ...labelAgreementJson(agreement, ['human_count', 'judge_count']),
    });
  return EXIT.ok;
}
