import type { TrialRecord } from '../../schema/index.js';
import type { HtmlReportSummary } from '../rendering/html-report-data.js';
import { HTML_REPORT_IDS } from '../rendering/html-report-data.js';

/** Decoded chunks kept in memory; older ones are decoded again when needed. */
const CACHED_CHUNKS = 16;

function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.trim());
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function decodeChunk(chunk: number): Promise<TrialRecord[]> {
  const element = document.getElementById(`${HTML_REPORT_IDS.chunkPrefix}${chunk}`);
  if (element === null) throw new Error(`the report has no trial chunk ${chunk}`);
  const stream = new Blob([base64Bytes(element.textContent ?? '')])
    .stream()
    .pipeThrough(new DecompressionStream('gzip'));
  return JSON.parse(await new Response(stream).text()) as TrialRecord[];
}

export interface TrialLoader {
  /** The full record of the trial at `index` in the grid. */
  load(index: number): Promise<TrialRecord>;
}

/** Loads full trial records on demand, a chunk at a time, keeping the latest few decoded. */
export function createTrialLoader(chunks: HtmlReportSummary['chunks']): TrialLoader {
  const cache = new Map<number, Promise<TrialRecord[]>>();
  return {
    async load(index) {
      const chunk = Math.floor(index / chunks.trials_per_chunk);
      let records = cache.get(chunk);
      if (records === undefined) {
        records = decodeChunk(chunk);
        cache.set(chunk, records);
        if (cache.size > CACHED_CHUNKS) cache.delete(cache.keys().next().value as number);
      }
      const trial = (await records)[index % chunks.trials_per_chunk];
      if (trial === undefined) throw new Error(`the report has no trial ${index}`);
      return trial;
    },
  };
}
