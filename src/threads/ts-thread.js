// The entry of every worker thread: worker threads do not inherit tsx's loader on Node 20, so
// this plain-JS file registers it, then loads the TypeScript module named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
