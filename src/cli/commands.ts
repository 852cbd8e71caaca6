/** The one place that lists the commands; each lives in its own file. */
import type { Command } from 'commander';
import type { CliContext } from './context.ts';
import { registerListCommands } from './lists.ts';
import { registerSandboxCommand } from './sandbox.ts';
import { registerServeCommand } from './serve.ts';
import { registerSheetCommands } from './sheets.ts';
import { registerSyncCommands } from './sync.ts';
import { registerIntakeCommands } from './intake.ts';
import { registerLedgerCommand } from './ledger.ts';
import { registerReconcileCommand } from './reconcile.ts';

export function registerCommands(program: Command, ctx: CliContext): void {
  registerListCommands(program, ctx);
  registerSandboxCommand(program, ctx);
  registerSheetCommands(program, ctx);
  registerSyncCommands(program, ctx);
  registerIntakeCommands(program, ctx);
  registerReconcileCommand(program, ctx);
  registerServeCommand(program, ctx);
  registerLedgerCommand(program, ctx);
}
