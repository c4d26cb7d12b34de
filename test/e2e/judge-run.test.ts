import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, textReply } from '../../src/testing/index.js';
import type { JsonObject } from '../../src/core/index.js';
import { example, runCliHere, tempFolder } from './run-cli.js';

interface Output {
  run: { system: { judge?: JsonObject } };
  scorecard: { judge_validation?: { validation: unknown }[] };
  trials: {
    task_id: string;
    success: boolean;
    usage: { cost_usd: number };
    grades: Record<string, { pass: boolean; evidence: Record<string, unknown> }>;
  }[];
}

/** A judge that passes a transcript naming the 30-day window, else fails it. */
function judgeReply(body: JsonObject) {
  const text = JSON.stringify(body.messages);
  if (text.includes('Reply with the word OK.')) return textReply('OK');
  const explained = text.includes('30 days');
  return textReply(
    JSON.stringify({
      verdict: explained ? 'pass' : 'fail',
      score: explained ? 0.9 : 0.1,
      reasons: [explained ? 'names the 30-day window' : 'no reason given'],
    }),
    { prompt_tokens: 1000, completion_tokens: 50 },
  );
}

describe('endstate run --judge', () => {
  it('grades a rubric with the judge model, counts its cost apart, and says whether it is validated', async () => {
    const server = await startFakeOpenAiServer(judgeReply);
    const cwd = tempFolder();
    writeFileSync(
      join(cwd, 'pricing.json'),
      JSON.stringify({ models: { 'openai-compatible:fake-judge': { input: 2, output: 10 } } }),
    );
    const judge = `openai-compatible:${server.url}#fake-judge`;
    try {
      const result = await runCliHere(
        [
          'run',
          example('support'),
          '--tasks',
          'explain-window-8850',
          '--agent',
          'oracle',
          '--trials',
          '2',
          '--judge',
          judge,
          '--pricing',
          'pricing.json',
          '--json',
          'out.json',
        ],
        cwd,
      );
      expect(result.stderr).not.toMatch(/error/i);
      expect(result.code).toBe(0);
      const output = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Output;
      expect(output.run.system.judge).toMatchObject({ id: 'fake-judge', temperature: 0 });
      for (const trial of output.trials) {
        expect(trial.success).toBe(true);
        expect(trial.grades['judge']!.evidence).toMatchObject({
          model: 'openai-compatible:fake-judge',
          verdict: 'pass',
        });
        // 1000 input and 50 output tokens at $2 and $10 per million: the judge's, not the system's.
        expect(trial.grades['judge']!.evidence['cost_usd']).toBeCloseTo(
          (1000 * 2 + 50 * 10) / 1e6,
          12,
        );
        expect(trial.usage.cost_usd).toBe(0);
      }
      expect(result.stdout).toContain(
        'judge: unvalidated (no validation on record for openai-compatible:fake-judge, rubric ',
      );

      writeFileSync(
        join(cwd, 'labels.jsonl'),
        Array.from({ length: 20 }, (_, i) =>
          JSON.stringify({
            id: `t${i}`,
            human: i % 2 ? 'pass' : 'fail',
            judge: i % 2 ? 'pass' : 'fail',
          }),
        ).join('\n'),
      );
      const recorded = await runCliHere(
        [
          'judge',
          'validate',
          'labels.jsonl',
          '--record',
          '--judge',
          judge,
          '--suite',
          example('support'),
          '--task',
          'explain-window-8850',
        ],
        cwd,
      );
      expect(recorded.code).toBe(0);
      const report = await runCliHere(['report', 'latest'], cwd);
      expect(report.code).toBe(0);
      expect(report.stdout).toMatch(
        /judge: validated, kappa 1\.00 \[\d\.\d\d, 1\.00\] on 20 labels/,
      );
    } finally {
      await server.close();
    }
  });
});

describe('endstate regrade without --judge', () => {
  it("regrades a judged run with the run's own judge, its answers replayed from a recording", async () => {
    const server = await startFakeOpenAiServer(judgeReply);
    const cwd = tempFolder();
    writeFileSync(
      join(cwd, 'pricing.json'),
      JSON.stringify({ models: { 'openai-compatible:fake-judge': { input: 2, output: 10 } } }),
    );
    const judge = `openai-compatible:${server.url}#fake-judge`;
    try {
      const result = await runCliHere(
        [
          'run',
          example('support'),
          '--tasks',
          'explain-window-8850',
          '--judge',
          judge,
          '--pricing',
          'pricing.json',
          '--record',
          'recording',
        ],
        cwd,
      );
      expect(result.code).toBe(0);
    } finally {
      await server.close();
    }
    // The server is gone: every judge answer comes from the recording.
    const regraded = await runCliHere(
      [
        'regrade',
        'latest',
        '--replay',
        'recording',
        '--pricing',
        'pricing.json',
        '--json',
        're.json',
      ],
      cwd,
    );
    expect(regraded.stderr).not.toMatch(/error/i);
    expect(regraded.code).toBe(0);
    const output = JSON.parse(readFileSync(join(cwd, 're.json'), 'utf8')) as Output;
    expect(output.run.system.judge).toMatchObject({ id: 'fake-judge', temperature: 0 });
    expect(output.trials.map((trial) => trial.grades['judge']!.evidence['verdict'])).toEqual([
      'pass',
    ]);
  });
});
