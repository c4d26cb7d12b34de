import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, textReply, toolCallReply } from '../../src/testing/index.js';
import type { FakeReply } from '../../src/testing/index.js';
import { startOtlpReceiver } from './otlp-receiver.js';
import type { OtlpReceiver, ReceivedSpan } from './otlp-receiver.js';
import { REPO, example, runCli, runCliAsync, tasksRunWithoutJudge, tempFolder } from './run-cli.js';

/** The environment without any variable that would turn tracing on. */
function untraced(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('OTEL_')) env[name] = value;
  }
  return env;
}

interface StoredTrial {
  trial_id: string;
  task_id: string;
  attempt: number;
  success: boolean;
  terminal_reason: string;
  usage: { input_tokens: number; output_tokens: number; cost_usd: number | null };
  events: {
    kind: string;
    tool?: string;
    call_id?: string;
    input_tokens?: number;
    output_tokens?: number;
  }[];
}
interface Output {
  run: { run_id: string };
  trials: StoredTrial[];
}

const SPAN_KIND = { internal: 1, client: 3 };
const STATUS_ERROR = 2;

function treeOf(spans: readonly ReceivedSpan[]) {
  const roots = spans.filter((span) => span.parentSpanId === undefined);
  const childrenOf = (parent: ReceivedSpan): ReceivedSpan[] =>
    spans
      .filter((span) => span.parentSpanId === parent.spanId)
      .sort((a, b) => a.startMs - b.startMs);
  return { roots, childrenOf };
}

const trialSpanOf = (spans: readonly ReceivedSpan[], trial: StoredTrial): ReceivedSpan => {
  const found = spans.filter((span) => span.attributes['endstate.trial.id'] === trial.trial_id);
  expect(found, trial.trial_id).toHaveLength(1);
  return found[0]!;
};

let receiver: OtlpReceiver;
beforeEach(async () => {
  receiver = await startOtlpReceiver();
});
afterEach(async () => {
  await receiver.close();
});

describe('endstate run with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('exports one run span, a span per trial under it and a span per tool call under its trial', async () => {
    const cwd = tempFolder();
    const result = await runCliAsync(
      ['run', example('support'), '--trials', '2', '--json', 'out.json'],
      cwd,
      { ...untraced(), OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
    );
    expect(result.stderr).not.toMatch(/could not be exported/);
    expect(result.code).toBe(0);
    const output = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Output;
    expect(output.trials).toHaveLength(tasksRunWithoutJudge('support') * 2);

    expect(new Set(receiver.requests.map((request) => request.path))).toEqual(
      new Set(['/v1/traces']),
    );
    expect(receiver.requests[0]!.contentType).toBe('application/json');
    const { roots, childrenOf } = treeOf(receiver.spans);
    expect(roots.map((span) => span.name)).toEqual(['run support']);
    const [runSpan] = roots;
    expect(runSpan!.attributes).toMatchObject({
      'endstate.run.id': output.run.run_id,
      'endstate.run.status': 'finished',
      'endstate.run.trials': output.trials.length,
      'endstate.run.successes': output.trials.filter((trial) => trial.success).length,
    });
    expect(runSpan!.resource['service.name']).toBe('endstate');
    expect(new Set(receiver.spans.map((span) => span.traceId))).toEqual(
      new Set([runSpan!.traceId]),
    );

    const trialSpans = childrenOf(runSpan!);
    expect(trialSpans).toHaveLength(output.trials.length);
    for (const trial of output.trials) {
      const span = trialSpanOf(trialSpans, trial);
      expect(span.name).toBe('invoke_agent oracle');
      expect(span.attributes).toMatchObject({
        'gen_ai.operation.name': 'invoke_agent',
        'endstate.task.id': trial.task_id,
        'endstate.trial.attempt': trial.attempt,
        'endstate.trial.success': trial.success,
        'endstate.trial.terminal_reason': trial.terminal_reason,
      });
      expect(span.startMs).toBeGreaterThanOrEqual(runSpan!.startMs);
      expect(span.endMs).toBeLessThanOrEqual(runSpan!.endMs);
      // Each tool attempt, in the order the agent made them.
      const calls = trial.events.filter((event) => event.kind === 'tool_call');
      const children = childrenOf(span);
      expect(children.map((child) => child.attributes['gen_ai.tool.call.id'])).toEqual(
        calls.map((call) => call.call_id),
      );
      for (const [index, child] of children.entries()) {
        expect(child.name).toBe(`execute_tool ${calls[index]!.tool}`);
        expect(child.kind).toBe(SPAN_KIND.internal);
        expect(child.attributes['gen_ai.operation.name']).toBe('execute_tool');
        expect(child.attributes['gen_ai.tool.name']).toBe(calls[index]!.tool);
      }
    }
  });

  it('exports a chat span per model call with the trial record’s tokens and cost', async () => {
    const replies: FakeReply[] = [
      toolCallReply(
        'get_reservation',
        { id: 'R7K2' },
        { prompt_tokens: 120, completion_tokens: 9 },
      ),
      toolCallReply('search_flights', { origin: 'JFK', dest: 'CDG', date: '2026-10-09' }),
      textReply('AF125 on Friday is economy and costs $80 more. Shall I go ahead and move you?'),
      toolCallReply('update_reservation', { id: 'R7K2', flight: 'AF125' }),
      textReply('Done: you are on AF125 on Friday; the $80 fare difference was charged.', {
        prompt_tokens: 300,
        completion_tokens: 31,
      }),
    ];
    // Each conversation is answered by its length, so every trial follows the path.
    const server = await startFakeOpenAiServer((body) => {
      const turns = (body.messages as { role: string }[]).filter(
        (message) => message.role === 'assistant',
      );
      return replies[turns.length] ?? textReply('All done.');
    });
    const cwd = tempFolder();
    writeFileSync(
      join(cwd, 'pricing.json'),
      JSON.stringify({ models: { 'openai-compatible:fake-model': { input: 2, output: 10 } } }),
    );
    try {
      const result = await runCliAsync(
        [
          'run',
          example('airline'),
          '--tasks',
          'change-flight-017',
          '--agent',
          'llm',
          '--model',
          `openai-compatible:${server.url}#fake-model`,
          '--temperature',
          '0',
          '--pricing',
          'pricing.json',
          '--trials',
          '2',
          '--no-preflight',
          '--json',
          'out.json',
        ],
        cwd,
        { ...untraced(), OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces` },
      );
      expect(result.code).toBe(0);
      const output = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Output;
      const { roots, childrenOf } = treeOf(receiver.spans);
      expect(roots).toHaveLength(1);
      const trialSpans = childrenOf(roots[0]!);
      expect(trialSpans).toHaveLength(2);
      for (const trial of output.trials) {
        const span = trialSpanOf(trialSpans, trial);
        expect(span.attributes).toMatchObject({
          'gen_ai.agent.name': 'openai-compatible:fake-model',
          'gen_ai.request.model': 'fake-model',
          'gen_ai.usage.input_tokens': trial.usage.input_tokens,
          'gen_ai.usage.output_tokens': trial.usage.output_tokens,
          'endstate.cost_usd': trial.usage.cost_usd,
          'endstate.trial.success': true,
        });
        const usages = trial.events.filter((event) => event.kind === 'usage');
        const chats = childrenOf(span).filter((child) => child.name === 'chat fake-model');
        expect(usages).toHaveLength(5);
        expect(
          chats.map((chat) => [
            chat.attributes['gen_ai.usage.input_tokens'],
            chat.attributes['gen_ai.usage.output_tokens'],
          ]),
        ).toEqual(usages.map((usage) => [usage.input_tokens, usage.output_tokens]));
        for (const chat of chats) {
          expect(chat.kind).toBe(SPAN_KIND.client);
          expect(chat.attributes).toMatchObject({
            'gen_ai.operation.name': 'chat',
            'gen_ai.provider.name': 'openai-compatible',
            'gen_ai.request.temperature': 0,
            'gen_ai.conversation.id': trial.trial_id,
            'server.address': '127.0.0.1',
          });
          expect(chat.startMs).toBeLessThanOrEqual(chat.endMs);
        }
        // Model calls and tool calls alternate as the agent made them.
        expect(childrenOf(span).map((child) => child.name)).toEqual([
          'chat fake-model',
          'execute_tool get_reservation',
          'chat fake-model',
          'execute_tool search_flights',
          'chat fake-model',
          'chat fake-model',
          'execute_tool update_reservation',
          'chat fake-model',
        ]);
        expect(span.events.map((event) => event.name)).toContain('gen_ai.evaluation.result');
      }
    } finally {
      await server.close();
    }
  });

  it('marks an interrupted run and still exports the spans of the trials it stored', async () => {
    const cwd = tempFolder();
    const planned = tasksRunWithoutJudge('support') * 100;
    const child = spawn(
      process.execPath,
      [
        join(REPO, 'bin/endstate.js'),
        'run',
        example('support'),
        '--agent',
        'simulated',
        '--trials',
        '100',
      ],
      { cwd, env: { ...untraced(), NO_COLOR: '1', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } },
    );
    let stderr = '';
    const exitCode = await new Promise<number | null>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (new RegExp(`\\d+/${planned} trials`).test(stderr) && !child.killed) {
          child.kill('SIGINT');
        }
      });
      child.on('exit', (code) => resolve(code));
    });
    expect(exitCode).toBe(130);
    expect(stderr).not.toMatch(/could not be exported/);
    const { roots, childrenOf } = treeOf(receiver.spans);
    expect(roots.map((span) => span.name)).toEqual(['run support']);
    const runSpan = roots[0]!;
    expect(runSpan.status.code).toBe(STATUS_ERROR);
    expect(runSpan.attributes).toMatchObject({
      'endstate.run.status': 'interrupted',
      'error.type': 'interrupted',
    });
    const trialSpans = childrenOf(runSpan);
    expect(trialSpans.length).toBeGreaterThan(0);
    expect(trialSpans.length).toBeLessThan(planned);
    expect(runSpan.attributes['endstate.run.trials']).toBe(trialSpans.length);

    // --resume adds a run span to the run's trace, over the trials played then.
    const stored = trialSpans.length;
    receiver.spans.length = 0;
    const resumed = await runCliAsync(['run', '--resume', 'latest'], cwd, {
      ...untraced(),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    });
    expect(resumed.code).toBe(0);
    const after = treeOf(receiver.spans);
    expect(after.roots).toHaveLength(1);
    expect(after.roots[0]!.traceId).toBe(runSpan.traceId);
    expect(after.roots[0]!.spanId).not.toBe(runSpan.spanId);
    expect(after.roots[0]!.attributes).toMatchObject({
      'endstate.run.id': runSpan.attributes['endstate.run.id'],
      'endstate.run.resumed': true,
      'endstate.run.status': 'finished',
    });
    expect(after.childrenOf(after.roots[0]!)).toHaveLength(planned - stored);
  }, 120_000);
});

describe('endstate run without an OTLP endpoint', () => {
  const RECORDER = join(REPO, 'test/fixtures/record-imports/register.mjs');

  /** Runs the built CLI with every module it imports recorded. */
  function runRecorded(args: readonly string[], env: Record<string, string>) {
    const cwd = tempFolder();
    const file = join(cwd, 'imports.txt');
    const result = spawnSync(
      process.execPath,
      ['--import', pathToFileURL(RECORDER).href, join(REPO, 'bin/endstate.js'), ...args],
      { cwd, encoding: 'utf8', env: { ...env, NO_COLOR: '1', RECORD_IMPORTS: file } },
    );
    const modules = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
    return { code: result.status, modules };
  }

  const openTelemetryModules = (modules: readonly string[]): string[] =>
    modules.filter((url) => url.includes('/@opentelemetry/') || url.includes('/telemetry/otel-'));

  it('loads no OpenTelemetry module', () => {
    const result = runRecorded(['run', example('support'), '--tasks', 'refund-8842'], untraced());
    expect(result.code).toBe(0);
    expect(result.modules.some((url) => url.endsWith('/cli/run-command.js'))).toBe(true);
    expect(openTelemetryModules(result.modules)).toEqual([]);
  });

  it('sends nothing and loads nothing when OTEL_SDK_DISABLED=true, even with an endpoint', () => {
    const result = runRecorded(['run', example('support'), '--tasks', 'refund-8842'], {
      ...untraced(),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SDK_DISABLED: 'true',
    });
    expect(result.code).toBe(0);
    expect(openTelemetryModules(result.modules)).toEqual([]);
    expect(receiver.requests).toEqual([]);
  });

  it('loads the OpenTelemetry packages once an endpoint is set (the check above can fail)', () => {
    const result = runRecorded(['run', example('support'), '--tasks', 'refund-8842'], {
      ...untraced(),
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
    });
    expect(result.code).toBe(0);
    expect(openTelemetryModules(result.modules)).not.toEqual([]);
  });

  it('refuses an endpoint that is not a URL before the run starts (exit 2)', () => {
    const cwd = tempFolder();
    const result = spawnSync(
      process.execPath,
      [join(REPO, 'bin/endstate.js'), 'run', example('support'), '--tasks', 'refund-8842'],
      {
        cwd,
        encoding: 'utf8',
        env: { ...untraced(), NO_COLOR: '1', OTEL_EXPORTER_OTLP_ENDPOINT: 'localhost:4318' },
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      'OTEL_EXPORTER_OTLP_ENDPOINT=localhost:4318 is not an http:// or https:// URL',
    );
    expect(runCli(['report', 'latest'], cwd).code).not.toBe(0);
  });
});
