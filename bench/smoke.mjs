// The benches' smoke size, chosen by `--smoke` on a bench's command line
// (`npm run bench:smoke` runs bench/run.mjs so, which passes it on to the
// benches it starts): trial counts and repetitions so small that each
// bench runs its whole path in seconds, so that CI runs every one of them
// and a change that breaks one fails there. At the smoke size a bench
// still prints its JSON, marked `"smoke": true`: its figures measure
// nothing. The smoke size ignores the BENCH_* size variables, so that
// sizes set for a measurement never slow CI down.
// Imports nothing: sandbox-start.mjs, which can measure another build,
// reads it too.

/** Whether this process runs at the smoke size (`--smoke`). */
export const isSmoke = process.argv.includes('--smoke');

/** `full`, or `smoke` at the smoke size. */
export const pickSize = (full, smoke) => (isSmoke ? smoke : full);

/** Spread first into a bench's JSON: `{ smoke: true }` at the smoke size, nothing at full size. */
export const smokeMark = isSmoke ? { smoke: true } : {};

/** The arguments that pass the size on to a bench started as a process of its own. */
export const sizeArgs = isSmoke ? ['--smoke'] : [];
