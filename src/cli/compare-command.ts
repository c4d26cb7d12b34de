import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  buildScorecard,
  compareRuns,
  comparisonSection,
  renderComparisonMarkdown,
  renderComparisonTerminal,
} from '../report/index.js';
import type { CliIo } from './cli-io.js';
import { findStoredRun } from './open-stored-run.js';
import { openExistingStore, storeFileOf, storeSpecOf } from './store-path.js';
import { checkOutputPaths } from './check-output-paths.js';
import { checkRunSeal, withSealWarning } from './check-run-seal.js';
import { checkWorseGate, parseWorseGate } from './worse-gates.js';
import { withComparisonJudgeValidation, withJudgeValidation } from './with-judge-validation.js';
import { writeHtmlReport } from './write-html-report.js';

export interface CompareFlags {
  readonly store?: string;
  /** Write the comparison as JSON here. */
  readonly json?: string;
  /** Write the comparison as GitHub-flavoured Markdown (a pull-request comment) here. */
  readonly md?: string;
  /** Write run B's HTML report, with a comparison section, here. */
  readonly html?: string;
  /** `METRIC[=MARGIN]` gates, each failing when B is surely worse than A by more than MARGIN. */
  readonly failIfWorse?: readonly string[];
  /** Compare runs whose records were changed outside endstate (else refused, exit 2), marked as tampered. */
  readonly acceptTampered?: boolean;
}

/**
 * `endstate compare RUN_A RUN_B`: run B against run A on the tasks both
 * ran (B − A per task, the mean difference with its paired interval,
 * p-values, the tasks that changed beyond noise, cost per success). Either
 * run may be an id, `latest` or `latest~N`. Exit 0 when compared and every
 * `--fail-if-worse` gate passed, 1 when one failed (see checkWorseGate: the
 * test it reads depends on the number of paired tasks, and each verdict
 * names it); runs of different suites or task revisions, and malformed
 * gates, are refused (exit 2).
 */
export async function compareCommand(
  runA: string,
  runB: string,
  flags: CompareFlags,
  io: CliIo,
): Promise<number> {
  const gates = (flags.failIfWorse ?? []).map(parseWorseGate);
  const spec = storeSpecOf(flags.store, io.cwd);
  checkOutputPaths({
    storePath: storeFileOf(spec),
    cwd: io.cwd,
    outputs: { '--json': flags.json, '--md': flags.md, '--html': flags.html },
  });
  const store = await openExistingStore(spec, io.cwd);
  try {
    const accept = { acceptTampered: flags.acceptTampered, io };
    const a = await findStoredRun(store, spec.display, runA, accept);
    const b = await findStoredRun(store, spec.display, runB, accept);
    const sealOptions = { acceptTampered: flags.acceptTampered, storePath: spec.display };
    const sealA = await checkRunSeal(store, a, sealOptions, io);
    const sealB = await checkRunSeal(store, b, sealOptions, io);
    // Runs gone from the store are named once, not once per run compared.
    const sealWarnings = [...new Set([...sealA.warnings, ...sealB.warnings])];
    const trialsA = await store.listTrials(a.run_id);
    const trialsB = await store.listTrials(b.run_id);
    const comparison = withComparisonJudgeValidation(
      compareRuns({ run: a, trials: trialsA }, { run: b, trials: trialsB }),
      { a: trialsA, b: trialsB },
      spec,
    );
    const banner = sealWarnings.map((warning) => `*** ${warning} ***\n`).join('');
    io.out(`${banner}${renderComparisonTerminal(comparison)}\n`);
    if (flags.json !== undefined) {
      const integrity = { a: sealA.verification, b: sealB.verification, warnings: sealWarnings };
      writeFileSync(
        resolve(io.cwd, flags.json),
        `${JSON.stringify({ integrity, ...comparison }, null, 2)}\n`,
      );
      io.err(`wrote ${flags.json}\n`);
    }
    if (flags.md !== undefined) {
      const warnings = sealWarnings.map((warning) => `> ⚠️ **${warning}**\n\n`).join('');
      writeFileSync(
        resolve(io.cwd, flags.md),
        `${warnings}${renderComparisonMarkdown(comparison)}`,
      );
      io.err(`wrote ${flags.md}\n`);
    }
    if (flags.html !== undefined) {
      writeHtmlReport(
        flags.html,
        {
          run: b,
          scorecard: withSealWarning(
            withJudgeValidation(buildScorecard(b, trialsB), trialsB, spec),
            sealB,
          ),
          trials: trialsB,
          sections: [comparisonSection(comparison)],
        },
        io,
      );
    }
    const verdicts = gates.map((gate) => checkWorseGate(comparison, gate));
    if (verdicts.length > 0) {
      io.out(`\n${verdicts.map((verdict) => `gate ${verdict.message}`).join('\n')}\n`);
    }
    const failed = verdicts.filter((verdict) => !verdict.pass);
    for (const verdict of failed) io.err(`gate failed: ${verdict.message}\n`);
    return failed.length > 0 ? 1 : 0;
  } finally {
    await store.close();
  }
}
