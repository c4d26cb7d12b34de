import { describe, expect, it } from 'vitest';
import { ToolPresentSchema } from '../schema/index.js';
import type { CallRequest } from './call-stage.js';
import { createEventLog } from './event-log.js';
import { presentTool } from './present-tool.js';
import { createToolPresentation } from './tool-presentation.js';

const descriptors = [
  {
    name: 'get_order',
    description: 'Look up an order.',
    effect: 'read' as const,
    input_schema: {},
  },
];
const presentation = createToolPresentation(
  descriptors,
  ToolPresentSchema.parse({
    rename: { get_order: 'lookup_order' },
    extra: [{ name: 'get_weather', description: 'Weather.', result: { sunny: true } }],
  }),
);
const request = (tool: string): CallRequest => ({ id: 'c1', tool, args: { city: 'Oslo' } });

describe('presentTool', () => {
  it('passes a shown name on as its real tool, recording nothing yet', () => {
    const log = createEventLog({ elapsedMs: () => 0 });
    const step = presentTool(request('lookup_order'), { presentation, log });
    expect(step).toEqual({ type: 'next', call: { ...request('lookup_order'), tool: 'get_order' } });
    expect(log.events).toEqual([]);
  });

  it('passes a name on unchanged when the agent was shown the tools as they are', () => {
    const log = createEventLog({ elapsedMs: () => 0 });
    expect(presentTool(request('get_order'), { log })).toEqual({
      type: 'next',
      call: request('get_order'),
    });
  });

  it("ends a decoy's call with its fixed result, recording the attempt under the decoy's name", () => {
    const log = createEventLog({ elapsedMs: () => 0 });
    const step = presentTool(request('get_weather'), { presentation, log });
    expect(step).toEqual({
      type: 'done',
      call: request('get_weather'),
      outcome: { type: 'result', result: { sunny: true }, durationMs: 0 },
    });
    expect(log.events).toEqual([
      { t_ms: 0, kind: 'tool_call', call_id: 'c1', tool: 'get_weather', args: { city: 'Oslo' } },
    ]);
  });
});
