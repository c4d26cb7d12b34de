import { z } from 'zod';
import { isJsonObject } from '../core/index.js';
import type { JsonObject } from '../core/index.js';
import type { JsonLine } from './json-lines.js';

const PREVIEW_CHARS = 200;

const ProgramMessageSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('tool_call'),
    id: z.string(),
    tool: z.string(),
    args: z.custom<JsonObject>(isJsonObject, 'args must be a JSON object').optional(),
  }),
  z.looseObject({ type: z.literal('say'), text: z.string() }),
  z.looseObject({
    type: z.literal('usage'),
    model: z.string(),
    input_tokens: z.int().nonnegative().default(0),
    output_tokens: z.int().nonnegative().default(0),
    cached_input_tokens: z.int().nonnegative().default(0),
    cost_usd: z.number().nonnegative().default(0),
  }),
  z.looseObject({ type: z.literal('note'), text: z.string() }),
  z.looseObject({
    type: z.literal('final'),
    text: z.string().nullable().default(null),
    /** The program's confidence that it completed the task, for the scorecard's calibration. */
    confidence: z.number().min(0).max(1).optional(),
  }),
]);
export type ProgramMessage = z.infer<typeof ProgramMessageSchema>;
const PROGRAM_MESSAGE_TYPES = ['tool_call', 'say', 'usage', 'note', 'final'];

export function parseMessage(line: Exclude<JsonLine, { type: 'end' }>): ProgramMessage {
  const where = `line ${line.lineNumber} of the program's stdout`;
  if (line.type === 'too-long') {
    throw new Error(
      `${where} is longer than the cap of ${line.maxLineBytes} bytes (limits.max_line_bytes); ` +
        'nothing past the cap was read. Send large data in smaller messages, or raise the cap in the task.',
    );
  }
  const shown = `Line ${line.lineNumber}: ${preview(line.text)}`;
  if (line.type === 'invalid') {
    throw new Error(
      `${where} is not JSON (${line.message}). Each stdout line must be one JSON message ` +
        `(docs/command-protocol.md); write logs to stderr. ${shown}`,
    );
  }
  const type = isJsonObject(line.value) ? line.value.type : undefined;
  if (typeof type !== 'string' || !PROGRAM_MESSAGE_TYPES.includes(type)) {
    throw new Error(
      `${where} is not a message: expected a JSON object whose "type" is one of ` +
        `${PROGRAM_MESSAGE_TYPES.join(', ')}. ${shown}`,
    );
  }
  const parsed = ProgramMessageSchema.safeParse(line.value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`)
    .join('; ');
  throw new Error(`${where} is not a valid ${type} message (${problems}). ${shown}`);
}

function preview(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
}
