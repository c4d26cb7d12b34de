import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Agent } from '../agent/index.js';
import { defineEnvironment, defineTool } from '../environment/index.js';
import { TrialRecordSchema } from '../schema/index.js';
import type { Step, TrialIdentity, TrialRecord } from '../schema/index.js';
import { openSqliteStore } from '../store/index.js';
import type { Suite } from '../task/index.js';
import { buildTask } from '../testing/index.js';
import { runSuite } from './run-suite.js';

/*
 * Many trials at once into one SQLite file: no record lost, duplicated or
 * mixed with another trial's. Each trial's agent writes its own identity
 * into everything it says and does, so a stored event that belongs to
 * another trial shows.
 */

const TASKS = 16;
const TRIALS_PER_TASK = 64; // 16 × 64 = 1,024 trials
const CONCURRENCY = 256;
const MAX_RERUNS = 2;
/**
 * Per call: with 2-5 calls a trial, about one try in four crashes and is
 * rerun, and a few attempts run out of reruns.
 */
const CRASH_CHANCE = 0.08;

/** A trial's identity as the agent was given it; the pattern finds any trial's. */
const markerOf = (trial: TrialIdentity): string =>
  `[trial:${trial.task_id}:${trial.attempt}:${trial.rerun}:${trial.seed}]`;
const MARKER = /\[trial:[^\]]*\]/g;
const markersIn = (value: unknown): string[] => JSON.stringify(value).match(MARKER) ?? [];

/** A ledger of free-text entries whose backend is slow and, now and then, down. */
const ledger = defineEnvironment({
  name: 'ledger',
  version: '1',
  policy: 'Write every entry the user asks for.',
  fixture: { entries: {} },
  tools: [
    defineTool({
      name: 'append_entry',
      description: 'Appends a free-text entry to the ledger and echoes it back.',
      input: z.object({ text: z.string() }),
      effect: 'write',
      run: async ({ text }, { state, rng }) => {
        await sleep(rng.int(0, 2));
        if (rng.chance(CRASH_CHANCE)) throw new Error('ledger backend timed out');
        const id = state.nextId('entries', 'E-');
        state.insert('entries', id, { text });
        return { entry_id: id, text };
      },
    }),
  ],
});

function ledgerSuite(): Suite {
  const tasks = Array.from({ length: TASKS }, (_, index) => {
    const entries = 2 + (index % 4);
    const write = (entry: number): Step => ({
      tool: 'append_entry',
      args: { text: `entry ${entry}` },
    });
    const reference: Step[] = [write(1), { say: 'First entry written, continuing.' }];
    for (let entry = 2; entry <= entries; entry++) reference.push(write(entry));
    reference.push({ say: 'All entries are written.' });
    return buildTask(ledger, {
      id: `ledger-${String(index).padStart(2, '0')}`,
      user: { instruction: `Write ${entries} entries.`, default: 'Go on.' },
      expect: { changes: [{ insert: 'entries', count: entries }] },
      reference,
    });
  });
  return { name: 'ledger', path: '/ledger', hash: 'h', environment: ledger, tasks };
}

/**
 * Plays the reference path, waiting 1-5 ms (seeded per trial) before each
 * step, and marks every tool argument and message with its trial identity.
 */
function createMarkingAgent(): Agent {
  return {
    spec: { kind: 'marking', name: 'marking', version: '1', options: {} },
    readsReference: true,
    async run(session, reference = []) {
      const marker = markerOf(session.trial);
      const pauses = session.rng.fork('pauses');
      let finalAnswer: string | null = null;
      for (const [index, step] of reference.entries()) {
        await sleep(pauses.int(1, 5));
        if ('tool' in step) {
          const text = typeof step.args.text === 'string' ? step.args.text : '';
          await session.callTool(step.tool, { ...step.args, text: `${marker} ${text}` });
        } else if (index === reference.length - 1) {
          finalAnswer = `${marker} ${step.say}`;
        } else {
          await session.sendToUser(`${marker} ${step.say}`);
        }
      }
      return { finalAnswer };
    },
  };
}

/** What is wrong with a trial's events: a foreign marker, an unmarked act, a call out of turn. */
function eventProblems(trial: TrialRecord): string[] {
  const own = markerOf(trial);
  const problems: string[] = [];
  const open = new Map<string, string>();
  const answered = new Set<string>();
  let lastMs = 0;
  for (const [index, event] of trial.events.entries()) {
    const where = `${trial.trial_id} event ${index} (${event.kind})`;
    const foreign = markersIn(event).filter((marker) => marker !== own);
    if (foreign.length > 0) problems.push(`${where} carries ${foreign.join(', ')}`);
    if (event.t_ms < lastMs) problems.push(`${where} goes back in time`);
    lastMs = event.t_ms;
    const acted =
      event.kind === 'agent' ||
      event.kind === 'tool_call' ||
      (event.kind === 'tool_result' && event.ok);
    if (acted && !markersIn(event).includes(own)) problems.push(`${where} lacks its marker`);
    if (event.kind === 'tool_call') {
      if (open.has(event.call_id) || answered.has(event.call_id))
        problems.push(`${where} reuses call id ${event.call_id}`);
      open.set(event.call_id, event.tool);
    } else if (event.kind === 'tool_result' || event.kind === 'blocked') {
      if (open.get(event.call_id) !== event.tool)
        problems.push(
          `${where} answers ${event.call_id}, which no earlier ${event.tool} call opened`,
        );
      open.delete(event.call_id);
      answered.add(event.call_id);
    } else if (event.kind === 'fault' && !open.has(event.call_id)) {
      problems.push(`${where} is a fault on ${event.call_id}, which is not an open call`);
    }
  }
  for (const callId of open.keys()) problems.push(`${trial.trial_id}: call ${callId} unanswered`);
  const foreignInState = [...markersIn(trial.state_diff), ...markersIn(trial.final_answer)].filter(
    (marker) => marker !== own,
  );
  if (foreignInState.length > 0)
    problems.push(`${trial.trial_id}: final state or answer carries ${foreignInState.join(', ')}`);
  return problems;
}

/** Each (task, attempt)'s tries in rerun order; the last one is the final record. */
function triesByAttempt(trials: readonly TrialRecord[]): Map<string, TrialRecord[]> {
  const tries = new Map<string, TrialRecord[]>();
  for (const trial of trials) {
    const key = `${trial.task_id}#${trial.attempt}`;
    tries.set(key, [...(tries.get(key) ?? []), trial]);
  }
  for (const list of tries.values()) list.sort((a, b) => a.rerun - b.rerun);
  return tries;
}

interface TrialRow {
  trial_id: string;
  run_id: string;
  task_id: string;
  attempt: number;
  rerun: number;
  valid: number;
  success: number;
  record: string;
  events: string;
}

describe('runSuite under load', () => {
  const folder = mkdtempSync(join(tmpdir(), 'endstate-stress-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('stores 1,024 trials run 256 at a time into SQLite, each whole and only its own', async () => {
    const path = join(folder, 'endstate.db');
    const suite = ledgerSuite();
    const store = openSqliteStore(path);
    let played = 0;
    const { run } = await runSuite({
      suite,
      agent: createMarkingAgent(),
      trials: TRIALS_PER_TASK,
      concurrency: CONCURRENCY,
      maxReruns: MAX_RERUNS,
      seed: 7,
      store,
      collect: false,
      onEvent: (event) => {
        if (event.type === 'trial-end') played++;
      },
    });
    const listed = await store.listTrials(run.run_id);
    // Every try the runner played is stored, invalid ones included.
    expect(listed).toHaveLength(played);
    expect((await store.getRun(run.run_id))?.status).toBe('finished');
    await store.close();

    // Read back through the store.
    const tries = triesByAttempt(listed);
    expect(tries.size).toBe(TASKS * TRIALS_PER_TASK);
    for (const task of suite.tasks) {
      for (let attempt = 1; attempt <= TRIALS_PER_TASK; attempt++) {
        const list = tries.get(`${task.id}#${attempt}`) ?? [];
        // Reruns 0..n, every try but the last invalid, the last valid or out of reruns.
        expect(list.map((trial) => trial.rerun)).toEqual(list.map((_, index) => index));
        expect(list.slice(0, -1).every((trial) => !trial.valid)).toBe(true);
        const last = list.at(-1);
        expect(last !== undefined && (last.valid || last.rerun === MAX_RERUNS)).toBe(true);
      }
    }
    expect(new Set(listed.map((trial) => trial.trial_id)).size).toBe(listed.length);
    // Both ends of the rerun policy happened: reruns, and attempts out of reruns.
    expect(listed.some((trial) => trial.rerun > 0)).toBe(true);
    expect(listed.some((trial) => !trial.valid && trial.rerun === MAX_RERUNS)).toBe(true);
    for (const trial of listed) TrialRecordSchema.parse(trial);
    expect(listed.flatMap(eventProblems)).toEqual([]);
    // Every valid trial did all its work: the outcome grader saw each entry.
    expect(listed.filter((trial) => trial.valid).every((trial) => trial.success)).toBe(true);

    // Read back with SQLite directly: the indexed columns and the JSON agree.
    const db = new Database(path, { readonly: true });
    try {
      const rows = db
        .prepare<[string], TrialRow>(
          `SELECT trial_id, run_id, task_id, attempt, rerun, valid, success, record, events
             FROM trials WHERE run_id = ?`,
        )
        .all(run.run_id);
      expect(rows).toHaveLength(listed.length);
      expect(new Set(rows.map((row) => row.trial_id))).toEqual(
        new Set(listed.map((trial) => trial.trial_id)),
      );
      const counts = db
        .prepare<[string], { all_rows: number; ids: number }>(
          'SELECT COUNT(*) AS all_rows, COUNT(DISTINCT trial_id) AS ids FROM trials WHERE run_id = ?',
        )
        .get(run.run_id);
      expect(counts).toEqual({ all_rows: listed.length, ids: listed.length });
      const finals = db
        .prepare<[string, number], { task_id: string; attempt: number; finals: number }>(
          `SELECT task_id, attempt, COUNT(*) AS finals FROM trials
             WHERE run_id = ? AND (valid = 1 OR rerun = ?) GROUP BY task_id, attempt`,
        )
        .all(run.run_id, MAX_RERUNS);
      expect(finals).toHaveLength(TASKS * TRIALS_PER_TASK);
      expect(finals.every((group) => group.finals === 1)).toBe(true);
      for (const row of rows) {
        const trial = TrialRecordSchema.parse({
          ...(JSON.parse(row.record) as object),
          events: JSON.parse(row.events) as unknown,
        });
        expect([row.run_id, row.task_id, row.attempt, row.rerun]).toEqual([
          trial.run_id,
          trial.task_id,
          trial.attempt,
          trial.rerun,
        ]);
        expect([row.valid, row.success]).toEqual([Number(trial.valid), Number(trial.success)]);
        expect(eventProblems(trial)).toEqual([]);
      }
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  }, 60_000);
});
