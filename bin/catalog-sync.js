#!/usr/bin/env node
// Runs the TypeScript sources directly (tsx), so a clone needs only `npm ci` before its first sync.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
