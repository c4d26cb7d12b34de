/** Where the CLI writes and which folder it works in; injectable for tests. */
export interface CliIo {
  readonly cwd: string;
  /** Environment variables (provider API keys). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly isTty: boolean;
  /** Whether standard output is a terminal (colours in `endstate show`); absent: it is not. */
  readonly isOutTty?: boolean;
  out(text: string): void;
  err(text: string): void;
}

export function processIo(): CliIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    isTty: process.stderr.isTTY === true,
    isOutTty: process.stdout.isTTY === true,
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
  };
}
