/**
 * The choices of `--mode`, a plain list so the help loads no schema
 * (schema's DIAGNOSIS_MODES holds the same; a test checks they agree).
 */
export const RUN_MODES = ['dialogue', 'no-user', 'oracle-plan'] as const;
