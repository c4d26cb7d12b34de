// Preloaded (`node --import`) into a CLI process by bench/workers.mjs: on
// exit, writes the process's CPU time (process.cpuUsage) to the file named
// by ENDSTATE_BENCH_CPU_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.ENDSTATE_BENCH_CPU_FILE;
if (file !== undefined) {
  process.on('exit', () => writeFileSync(file, JSON.stringify(process.cpuUsage())));
}
