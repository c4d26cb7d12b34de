import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderHtmlReport } from '../report/index.js';
import type { HtmlReportInput } from '../report/index.js';
import type { CliIo } from './cli-io.js';
import { loadViewerTemplate } from './load-viewer-template.js';

const megabytes = (text: string): string => (Buffer.byteLength(text) / 1e6).toFixed(2);

/** `--html FILE`: the single-file report of a run, written where the user asked. */
export function writeHtmlReport(
  file: string,
  input: Omit<HtmlReportInput, 'template'>,
  io: CliIo,
): void {
  const html = renderHtmlReport({
    workingFolder: io.cwd,
    ...input,
    template: loadViewerTemplate(),
  });
  writeFileSync(resolve(io.cwd, file), html);
  io.err(`wrote ${file} (${megabytes(html)} MB; opens from disk, no network)\n`);
}
