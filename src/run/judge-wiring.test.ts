import { describe, expect, it } from 'vitest';
import { EndstateError } from '../core/index.js';
import { buildTask, shopEnvironment } from '../testing/index.js';
import type { ModelCaller, ModelRef } from '../model/index.js';
import { judgeFor, judgeFromSpec, judgedTasks, tasksWithoutJudge } from './judge-wiring.js';

const plain = buildTask(shopEnvironment, { id: 'plain', user: { instruction: 'Hi' } });
const judged = buildTask(shopEnvironment, {
  id: 'explain',
  user: { instruction: 'Why?' },
  judge: { rubric: 'Explains the 30-day window.' },
});

describe('tasksWithoutJudge', () => {
  it('leaves out tasks with a rubric and says which', () => {
    const notes: string[] = [];
    const kept = tasksWithoutJudge([plain, judged], (text) => notes.push(text));
    expect(kept.map((task) => task.id)).toEqual(['plain']);
    expect(notes.join('')).toContain('not run, for want of a judge model: explain; pass --judge');
  });

  it('keeps every task and says nothing when none has a rubric', () => {
    const notes: string[] = [];
    expect(tasksWithoutJudge([plain], (text) => notes.push(text))).toEqual([plain]);
    expect(notes).toEqual([]);
  });

  it('refuses a run whose every task needs a judge', () => {
    expect(() => tasksWithoutJudge([judged], () => undefined)).toThrow(EndstateError);
    expect(judgedTasks([plain, judged])).toEqual([judged]);
  });
});

describe('judgeFromSpec', () => {
  it("rebuilds a stored judge at the endpoint its spec records, a hosted provider's included", async () => {
    const called: ModelRef[] = [];
    const callerFor = (ref: ModelRef) => {
      called.push(ref);
      return Promise.resolve({ model: `${ref.provider}:${ref.id}` } as ModelCaller);
    };
    for (const ref of [
      { provider: 'openai', id: 'gpt-4o', base_url: 'http://127.0.0.1:8080/v1' },
      { provider: 'openai-compatible', id: 'judge', base_url: 'http://127.0.0.1:9/v1' },
      { provider: 'anthropic', id: 'claude-sonnet-4-0' },
    ] as const) {
      const stored = (await judgeFor(ref, callerFor)).spec;
      const rebuilt = await judgeFromSpec(stored, callerFor);
      expect(rebuilt?.spec).toEqual(stored);
      expect(called.at(-1)).toEqual(ref);
    }
  });
});
