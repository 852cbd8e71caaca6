/** Runs the real CLI in this process with its own environment and captured output. */
import { Writable } from 'node:stream';
import { runCli } from '../../src/cli/main.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function sink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

export async function cli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const out = sink();
  const err = sink();
  const before = process.exitCode;
  process.exitCode = undefined;
  try {
    const code = await runCli(args, { stdout: out.stream, stderr: err.stream, env: { LOG_LEVEL: 'silent', ...env } });
    return { code, stdout: out.text(), stderr: err.text() };
  } finally {
    process.exitCode = before;
  }
}
