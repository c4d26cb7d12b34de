import { describe, expect, it } from 'vitest';
import { DIAGNOSIS_MODES } from '../schema/index.js';
import { RUN_MODES } from './run-modes.js';

describe('RUN_MODES', () => {
  it('offers exactly the modes the schema knows', () => {
    expect([...RUN_MODES]).toEqual([...DIAGNOSIS_MODES]);
  });
});
