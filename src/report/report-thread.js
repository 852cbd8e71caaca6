// The report thread's entry. Worker threads do not inherit tsx's loader on Node 20, so this
// plain-JS file registers it before loading the TypeScript thread code.
import { register } from 'tsx/esm/api';

register();
await import('./report-thread-main.ts');
