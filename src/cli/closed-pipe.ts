/**
 * `catalog-sync validate x | head`: the reader stops early and closes the pipe. What is left to
 * print has nowhere to go; the command still finishes its work (reports, ledger) and ends with
 * its own exit code, quietly, instead of dying on an unhandled EPIPE with a stack trace.
 */
const CLOSED = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

export function endQuietlyOnClosedPipe(stream: NodeJS.WritableStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (CLOSED.has(error.code ?? '')) return;
    throw error; // any other failure to write stays what it was: an uncaught error
  });
}
