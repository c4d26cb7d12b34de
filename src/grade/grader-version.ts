/**
 * Bumped whenever a built-in grader's verdict on the same trial could
 * change, so results graded differently are never pooled (it is part of
 * the system hash). 4: verdicts are the grades of every applicable grader,
 * and the claims grader (on by default) fails a trial whose agent said it
 * did what the state contradicts. Each grade also records its own
 * grader's version.
 */
export const GRADER_VERSION = '4';
