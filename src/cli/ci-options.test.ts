import { describe, expect, it } from 'vitest';
import { DEFAULT_TASK_GATE } from '../report/index.js';
import { ciOptions } from './ci-options.js';

describe('ciOptions', () => {
  it("states report's default task gate in the help of --task-gate", () => {
    const { taskGate } = ciOptions();
    expect(taskGate.description).toContain(`(default: ${DEFAULT_TASK_GATE},`);
    expect(taskGate.defaultValue).toBeUndefined();
  });
});
