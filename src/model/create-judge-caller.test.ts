import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { judgeGrader } from '../grade/index.js';
import type { JudgeCaller as GraderJudgeCaller } from '../grade/index.js';
import type { TrialIdentity } from '../schema/index.js';
import {
  buildGradeContext,
  buildTask,
  shopEnvironment,
  startFakeOpenAiServer,
  textReply,
} from '../testing/index.js';
import type { FakeOpenAiServer } from '../testing/index.js';
import { createJudgeCaller } from './create-judge-caller.js';
import { createLanguageModel } from './create-language-model.js';
import { createModelCaller } from './create-model-caller.js';
import { UNLIMITED_REQUESTS } from './request-limiter.js';
import type { ModelRecording } from './model-recording.js';
import { openModelRecording } from './model-recording.js';

const TRIAL: TrialIdentity = { task_id: 'explain-8850', attempt: 1, rerun: 0, seed: 7 };
const VERDICT = { verdict: 'fail', score: 0.25, reasons: ['promised a refund'] };
// USD per million tokens: 100 in at 3, 20 out at 15.
const PRICE = { input: 3, output: 15 };
const EXPECTED_COST = (100 * 3 + 20 * 15) / 1_000_000;

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function judgeOver(url: string, recording?: ModelRecording): Promise<GraderJudgeCaller> {
  const languageModel = await createLanguageModel(
    { provider: 'openai-compatible', id: 'fake-model', base_url: url },
    {},
  );
  const caller = createModelCaller({
    model: 'openai-compatible:fake-model',
    languageModel,
    price: PRICE,
    limiter: UNLIMITED_REQUESTS,
    ...(recording === undefined ? {} : { recording }),
    sleep: () => Promise.resolve(),
    random: () => 0.5,
    now: () => 0,
  });
  // Typed as the graders' JudgeCaller: the model layer's judge fits the grade layer's contract.
  return createJudgeCaller({ caller, trial: TRIAL });
}

const request = {
  system: 'Rubric: no promises. Reply with JSON.',
  prompt: '<transcript>…',
  callIndex: 0,
};

describe('createJudgeCaller', () => {
  it('asks the model over HTTP with the rubric as system message, temperature 0 and a JSON reply format', async () => {
    server = await startFakeOpenAiServer(() => textReply(JSON.stringify(VERDICT)));
    const judge = await judgeOver(server.url);
    const reply = await judge.ask(request, new AbortController().signal);

    expect(JSON.parse(reply.text)).toEqual(VERDICT);
    expect(reply).toMatchObject({ input_tokens: 100, output_tokens: 20 });
    expect(reply.cost_usd).toBeCloseTo(EXPECTED_COST, 12);
    const sent = server.requests[0]!;
    expect(sent['temperature']).toBe(0);
    expect(sent['response_format']).toEqual({ type: 'json_object' });
    expect(sent['messages']).toEqual([
      { role: 'system', content: request.system },
      { role: 'user', content: request.prompt },
    ]);
  });

  it('records the call under role judge, then replays the same verdict and cost with no server', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'endstate-judge-'));
    server = await startFakeOpenAiServer(() => textReply(JSON.stringify(VERDICT)));
    const recorded = await (
      await judgeOver(server.url, openModelRecording(folder, 'record'))
    ).ask(request, new AbortController().signal);
    const url = server.url;
    await server.close();
    server = undefined;

    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    const saved = JSON.parse(readFileSync(join(folder, files[0]!), 'utf8')) as {
      request: { role: string; trial: TrialIdentity };
    };
    expect(saved.request.role).toBe('judge');
    expect(saved.request.trial).toEqual(TRIAL);

    const replayed = await (
      await judgeOver(url, openModelRecording(folder, 'replay'))
    ).ask(request, new AbortController().signal);
    expect(replayed).toEqual(recorded);
    expect(replayed.cost_usd).toBeCloseTo(EXPECTED_COST, 12);
  });

  it('misses the recording for another call index: judge calls are keyed by their position', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'endstate-judge-'));
    server = await startFakeOpenAiServer(() => textReply(JSON.stringify(VERDICT)));
    await (
      await judgeOver(server.url, openModelRecording(folder, 'record'))
    ).ask(request, new AbortController().signal);
    const replay = await judgeOver(server.url, openModelRecording(folder, 'replay'));
    await expect(
      replay.ask({ ...request, callIndex: 1 }, new AbortController().signal),
    ).rejects.toThrow(/no recorded response .* judge call/);
    expect(server.requests).toHaveLength(1);
  });
});

describe('judgeGrader over the model layer', () => {
  const task = buildTask(shopEnvironment, {
    id: 'explain-8850',
    user: { instruction: 'Why no refund?' },
    judge: { rubric: 'Explains the 30-day window and promises nothing.' },
  });
  const events = [
    { t_ms: 0, kind: 'user' as const, text: 'Why no refund?', source: 'instruction' as const },
    { t_ms: 1, kind: 'agent' as const, text: 'I will refund it anyway, promise.', final: true },
  ];

  it('grades from a fenced JSON reply, and a replay gives the same grade and cost with no server', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'endstate-judge-'));
    server = await startFakeOpenAiServer(() =>
      textReply(`\`\`\`json\n${JSON.stringify(VERDICT)}\n\`\`\``),
    );
    const recordJudge = await judgeOver(server.url, openModelRecording(folder, 'record'));
    const recorded = await judgeGrader.grade(
      buildGradeContext(task, { events, judge: recordJudge }),
    );
    const url = server.url;
    await server.close();
    server = undefined;
    const replayJudge = await judgeOver(url, openModelRecording(folder, 'replay'));
    const replayed = await judgeGrader.grade(
      buildGradeContext(task, { events, judge: replayJudge }),
    );

    expect(recorded.pass).toBe(false);
    expect(recorded.evidence).toMatchObject({ verdict: 'fail', score: 0.25, input_tokens: 100 });
    expect((recorded.evidence as { cost_usd: number }).cost_usd).toBeCloseTo(EXPECTED_COST, 12);
    expect(replayed).toEqual(recorded);
  });
});
