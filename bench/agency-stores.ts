/**
 * The stores of bench/agency.ts: `n` sandbox stores in this one process (the stores' own process,
 * apart from the worker measured), each on its own port at `latencyMs`. Prints one JSON line,
 * `{"urls": [...]}`, then serves until SIGTERM.
 */
import { startSandbox } from '../src/sandbox/index.ts';

const n = Number(process.argv[2] ?? 50);
const latencyMs = Number(process.argv[3] ?? 50);
const stores = await Promise.all(Array.from({ length: n }, () => startSandbox({ latencyMs })));
process.stdout.write(`${JSON.stringify({ urls: stores.map((store) => store.url) })}\n`);
process.once('SIGTERM', () => {
  void Promise.all(stores.map((store) => store.close())).then(() => process.exit(0));
});
