import { describe, expect, it } from 'vitest';
import { limitReached } from './limit-reached.js';
import { DEFAULT_SANDBOX_LIMITS } from './sandbox-settings.js';

const end = (stderrTail: string, code: number | null = 1, signal: string | null = null) => ({
  code,
  signal,
  stderrTail,
});

// The stderr tails below are what node printed when it hit each limit in the sandbox.
describe('limitReached', () => {
  it('names the process limit when spawning failed with EAGAIN', () => {
    expect(
      limitReached(end('started 244 processes, then: spawn sleep EAGAIN'), DEFAULT_SANDBOX_LIMITS),
    ).toBe('process limit (limits.max_processes: 256)');
  });

  it('names the memory limit when an allocation failed', () => {
    expect(
      limitReached(end('RangeError: Array buffer allocation failed'), DEFAULT_SANDBOX_LIMITS),
    ).toBe('memory limit (limits.memory_mb: 2048 MiB per process)');
    expect(
      limitReached(
        end(
          'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
          134,
        ),
        {
          ...DEFAULT_SANDBOX_LIMITS,
          memory_mb: 512,
        },
      ),
    ).toBe('memory limit (limits.memory_mb: 512 MiB per process)');
  });

  it('tells a full /tmp from a file past the file size limit', () => {
    expect(
      limitReached(end('Error: ENOSPC: no space left on device, write'), DEFAULT_SANDBOX_LIMITS),
    ).toBe('/tmp size limit (limits.tmp_mb: 256 MiB)');
    expect(limitReached(end('Error: EFBIG: file too large, write'), DEFAULT_SANDBOX_LIMITS)).toBe(
      'file size limit (limits.file_size_mb: 256 MiB)',
    );
  });

  it('reads CPU time and file size from the exit bubblewrap reports (128 + SIGXCPU, SIGXFSZ)', () => {
    expect(limitReached(end('', 152), DEFAULT_SANDBOX_LIMITS)).toMatch(/^CPU time limit/);
    expect(limitReached(end('', null, 'SIGXCPU'), DEFAULT_SANDBOX_LIMITS)).toMatch(/^CPU time/);
    expect(limitReached(end('', 153), DEFAULT_SANDBOX_LIMITS)).toMatch(/^file size limit/);
  });

  it('names none for an ordinary failure', () => {
    expect(
      limitReached(end("Error: Cannot find module '/x/agent.mjs'"), DEFAULT_SANDBOX_LIMITS),
    ).toBeUndefined();
  });
});
