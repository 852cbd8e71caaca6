import { resolve } from 'node:path';
import { endQuietlyOnClosedPipe } from './cli/closed-pipe.ts';
import { boundHeapGrowth } from './cli/heap-growth.ts';
import { runCli } from './cli/main.ts';

boundHeapGrowth();
endQuietlyOnClosedPipe(process.stdout);
endQuietlyOnClosedPipe(process.stderr);
process.exitCode = await runCli(process.argv.slice(2), {
  envFile: resolve('.env'),
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  stdin: process.stdin,
  exit: (code) => process.exit(code),
});
