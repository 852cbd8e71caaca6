import { endQuietlyOnClosedPipe } from './cli/closed-pipe.ts';
import { runCli } from './cli/main.ts';

endQuietlyOnClosedPipe(process.stdout);
endQuietlyOnClosedPipe(process.stderr);
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  stdin: process.stdin,
});
