/**
 * Bumped whenever a grader's verdict on the same trial could change, so
 * results graded differently are never pooled (it is part of the system hash).
 */
export const GRADER_VERSION = '3';
