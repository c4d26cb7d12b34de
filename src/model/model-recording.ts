import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashJson } from '../core/index.js';
import type { ModelCallRequest, ModelCallResult } from './model-caller.js';

/** A model response kept to replay a run without the network. */
export interface RecordedCall {
  readonly key: string;
  readonly model: string;
  readonly request: ModelCallRequest;
  readonly result: ModelCallResult;
}

/** Where recorded calls live: one JSON file per call, named by its key. */
export interface ModelRecording {
  readonly mode: 'record' | 'replay';
  readonly folder: string;
  load(key: string): RecordedCall | undefined;
  save(call: RecordedCall): void;
}

/**
 * The key of a call: the canonical hash of the model, the trial (task,
 * attempt, rerun), the role, the call's position and the whole request.
 * Trials never share a response, so repeats stay independent.
 */
export function recordingKey(model: string, request: ModelCallRequest): string {
  const { task_id, attempt, rerun } = request.trial;
  return hashJson({
    model,
    trial: { task_id, attempt, rerun },
    role: request.role,
    call: request.callIndex,
    options: request.options,
  });
}

export function openModelRecording(folder: string, mode: 'record' | 'replay'): ModelRecording {
  if (mode === 'record') mkdirSync(folder, { recursive: true });
  return {
    mode,
    folder,
    load(key) {
      const file = join(folder, `${key}.json`);
      return existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedCall)
        : undefined;
    },
    save(call) {
      writeFileSync(join(folder, `${call.key}.json`), `${JSON.stringify(call, null, 1)}\n`);
    },
  };
}
