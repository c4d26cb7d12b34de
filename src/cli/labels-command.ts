import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EndstateError, createProblemList } from '../core/index.js';
import { FAILURE_LABELS, FailureLabelLineSchema } from '../schema/index.js';
import type { FailureLabel, FailureLabelLine, StoredFailureLabel } from '../schema/index.js';
import { failureLabelLines, renderLabelAgreement } from '../report/index.js';
import { labelAgreement } from '../stats/index.js';
import type { CliIo } from './cli-io.js';
import { EXIT } from './exit-codes.js';
import { writeStoredFailureLabels } from './failure-labels-file.js';
import { labelAgreementJson } from './label-agreement-json.js';
import { openStoredRun } from './open-stored-run.js';
import { readJsonLines } from './read-json-lines.js';
import { requireLastingStore, storeSpecOf } from './store-path.js';
import { writeJsonFile } from './write-json-file.js';

const HINT = `Edit the lines \`endstate labels export\` wrote: set "label" to one of ${FAILURE_LABELS.join(', ')} (docs/failure-labels.md) and "labeller" to your name, or pass --labeller.`;

const trialKey = (line: FailureLabelLine): string =>
  JSON.stringify([line.run_id, line.task_id, line.attempt, line.rerun]);

/** A labelled file's lines; a trial named twice in one file is a problem (it would count twice). */
function readLabelFile(path: string, cwd: string) {
  const first = new Map<string, number>();
  return readJsonLines(path, cwd, FailureLabelLineSchema, {
    hint: HINT,
    check: (line, at) => {
      const key = trialKey(line);
      const seen = first.get(key);
      if (seen !== undefined)
        return `trial ${line.task_id} attempt ${line.attempt} rerun ${line.rerun} of run ${line.run_id} is already on line ${seen}`;
      first.set(key, at);
      return undefined;
    },
  });
}

export interface LabelsExportFlags {
  readonly store?: string;
  /** Write the lines here (default: standard output). */
  readonly out?: string;
}

/** `endstate labels export <run>`: one JSON line per failed valid trial, for a person to label. */
export async function labelsExportCommand(
  runArgument: string,
  flags: LabelsExportFlags,
  io: CliIo,
): Promise<number> {
  const { store, run } = await openStoredRun(storeSpecOf(flags.store, io.cwd), io.cwd, runArgument);
  try {
    const lines = failureLabelLines(await store.listTrials(run.run_id));
    const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
    if (flags.out === undefined) io.out(text);
    else {
      writeFileSync(resolve(io.cwd, flags.out), text);
      io.err(`wrote ${lines.length} failed trial(s) of run ${run.run_id} to ${flags.out}\n`);
    }
    return EXIT.ok;
  } finally {
    await store.close();
  }
}

export interface LabelsImportFlags {
  readonly store?: string;
  /** The labeller of lines that name none. */
  readonly labeller?: string;
}

/**
 * `endstate labels import <file...>`: checks labelled files (every problem
 * as file:line, exit 2, nothing stored) and stores their labels beside
 * the result store; unlabelled lines are skipped.
 */
export function labelsImportCommand(
  files: readonly string[],
  flags: LabelsImportFlags,
  io: CliIo,
): number {
  const spec = storeSpecOf(flags.store, io.cwd);
  requireLastingStore(spec, 'labels import');
  const labels: StoredFailureLabel[] = [];
  let skipped = 0;
  const problems = createProblemList();
  const invalidFiles = new Set<string>();
  for (const file of files) {
    try {
      for (const { value, line } of readLabelFile(file, io.cwd)) {
        if (value.label === null) {
          skipped++;
          continue;
        }
        const labeller = value.labeller ?? flags.labeller;
        if (labeller === undefined) {
          problems.add({
            file,
            line,
            path: 'labeller',
            message: 'a labelled line names no labeller',
          });
          invalidFiles.add(file);
          continue;
        }
        labels.push({
          run_id: value.run_id,
          task_id: value.task_id,
          attempt: value.attempt,
          rerun: value.rerun,
          proposed_label: value.proposed_label,
          label: value.label,
          labeller,
          ...(value.note === undefined ? {} : { note: value.note }),
        });
      }
    } catch (error) {
      // A file that is missing stops the import with its own message.
      if (!(error instanceof EndstateError) || error.code !== 'E_LABELS_INVALID') throw error;
      problems.addFrom(error);
      invalidFiles.add(file);
    }
  }
  if (problems.size > 0)
    throw new EndstateError(
      'E_LABELS_INVALID',
      `${invalidFiles.size} labels file(s) are not valid; nothing was imported`,
      { ...problems.errorOptions(), hint: HINT },
    );
  const stored = writeStoredFailureLabels(spec, io.cwd, labels);
  io.out(
    `imported ${labels.length} label(s) from ${files.length} file(s)${skipped > 0 ? ` (${skipped} unlabelled line(s) skipped)` : ''}; ${stored.replaced} replaced an earlier label; ${stored.total} stored in ${stored.path}\n`,
  );
  return EXIT.ok;
}

export interface LabelsAgreeFlags {
  /** Write the agreement as JSON to this file. */
  readonly json?: string;
}

/** Who labelled a file: its one labeller, else the file's name. */
function labellerOf(lines: readonly { value: FailureLabelLine }[], file: string): string {
  const names = new Set(lines.map((line) => line.value.labeller).filter((name) => name !== null));
  return names.size === 1 ? [...names][0]! : file;
}

/**
 * `endstate labels agree <a> <b>`: how far two labellers agree on the
 * failed trials both labelled: accuracy, Cohen's kappa with a 95%
 * interval clustered by the trials' tasks, the confusion table (rows: the first) and precision and
 * recall per label, the first labeller taken as the reference.
 */
export function labelsAgreeCommand(
  first: string,
  second: string,
  flags: LabelsAgreeFlags,
  io: CliIo,
): number {
  const a = readLabelFile(first, io.cwd).filter((line) => line.value.label !== null);
  const b = readLabelFile(second, io.cwd).filter((line) => line.value.label !== null);
  const ofB = new Map(b.map((line) => [trialKey(line.value), line.value.label as FailureLabel]));
  const pairs = a.flatMap((line) => {
    const rater = ofB.get(trialKey(line.value));
    return rater === undefined
      ? []
      : [{ reference: line.value.label as FailureLabel, rater, task: line.value.task_id }];
  });
  if (pairs.length === 0)
    throw new EndstateError('E_LABELS_INVALID', `${first} and ${second} label no trial in common`, {
      hint: 'Label copies of the same `endstate labels export` file.',
    });
  const agreement = labelAgreement(pairs);
  const names = { reference: labellerOf(a, first), rater: labellerOf(b, second) };
  io.out(
    renderLabelAgreement(agreement, `${first} × ${second}`, {
      title: 'Failure labels: labeller agreement',
      ...names,
    }),
  );
  const onlyA = a.length - pairs.length;
  const onlyB = b.length - pairs.length;
  if (onlyA + onlyB > 0)
    io.out(`\n${onlyA} trial(s) labelled only in ${first}, ${onlyB} only in ${second}: left out\n`);
  if (flags.json !== undefined)
    writeJsonFile(resolve(io.cwd, flags.json), {
      files: [first, second],
      labellers: [names.reference, names.rater],
      ...labelAgreementJson(agreement, ['first_count', 'second_count']),
    });
  return EXIT.ok;
}
