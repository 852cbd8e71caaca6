/**
 * The one place that lists the commands. Each file here declares its commands (names, flags,
 * help); what a command does lives in run/<command>.ts, imported when that command runs: one lazy
 * import per command keeps `--help` and `validate` quick (bench/startup.ts), and inside run/ every
 * import is static, so the call graph reads from the file.
 */
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
import { registerUndoCommand } from './undo.ts';

export function registerCommands(program: Command, ctx: CliContext): void {
  registerListCommands(program, ctx);
  registerSandboxCommand(program, ctx);
  registerSheetCommands(program, ctx);
  registerSyncCommands(program, ctx);
  registerIntakeCommands(program, ctx);
  registerReconcileCommand(program, ctx);
  registerUndoCommand(program, ctx);
  registerServeCommand(program, ctx);
  registerLedgerCommand(program, ctx);
}
