import type { Command } from 'commander';
import type { CliContext } from './context.ts';

// Placeholder until this command group lands.
export function registerSyncCommands(_program: Command, _ctx: CliContext): void {}
