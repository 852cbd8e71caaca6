/**
 * The app (src/app.ts) and the stores a service serves (src/deployment.ts), as one module:
 * context.ts loads it when a command first needs the store, so `validate` never loads the store
 * client, the ledger or the engine.
 */
export { createApp } from '../app.ts';
export { Deployment } from '../deployment.ts';
