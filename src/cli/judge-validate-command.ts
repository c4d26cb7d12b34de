import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { renderLabelAgreement } from '../report/index.js';
import { labelAgreement } from '../stats/index.js';
import type { LabelAgreement } from '../stats/index.js';
import type { CliIo } from './cli-io.js';
import { EXIT } from './exit-codes.js';
import { readJudgeLabels } from './read-judge-labels.js';
import { writeJsonFile } from './write-json-file.js';

export interface JudgeValidateFlags {
  /** Write the agreement as JSON to this file. */
  readonly json?: string;
}

/** A share or bound for JSON: null where it has no value (NaN). */
const orNull = (value: number): number | null => (Number.isNaN(value) ? null : value);

/** The agreement as the JSON file holds it (snake_case, NaN as null). */
function agreementJson(agreement: LabelAgreement, labelsFile: string) {
  const { accuracy, kappa } = agreement;
  return {
    labels_file: labelsFile,
    items: agreement.items,
    labels: agreement.labels,
    confusion: agreement.confusion,
    accuracy: {
      rate: orNull(accuracy.rate),
      ci95: [orNull(accuracy.interval.lower), orNull(accuracy.interval.upper)],
    },
    kappa: {
      value: orNull(kappa.kappa),
      ci95: [orNull(kappa.interval.lower), orNull(kappa.interval.upper)],
      observed_agreement: orNull(kappa.observedAgreement),
      chance_agreement: orNull(kappa.chanceAgreement),
      method: kappa.method,
    },
    per_label: agreement.perLabel.map((label) => ({
      label: label.label,
      human_count: label.referenceCount,
      judge_count: label.raterCount,
      agreed: label.agreed,
      precision: orNull(label.precision),
      recall: orNull(label.recall),
    })),
  };
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
    writeJsonFile(resolve(io.cwd, flags.json), agreementJson(agreement, labelsPath));
  return EXIT.ok;
}
