/** Which failure is which exit code: the one table (src/cli/exit-codes.ts), error by error. */
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { LedgerBusyError } from '../../src/app.ts';
import { ExitError } from '../../src/cli/context.ts';
import { EXIT, failureOf } from '../../src/cli/exit-codes.ts';
import { ConfigError } from '../../src/config.ts';
import { DropFolderError } from '../../src/intake/drop-folders.ts';
import { JobFileError } from '../../src/intake/job-file.ts';
import { RerunError } from '../../src/intake/rerun.ts';
import { SheetFileError } from '../../src/sheet/types.ts';
import { StoreError } from '../../src/store/errors.ts';
import { StoresFileError } from '../../src/stores-file.ts';
import { OtherStoreError } from '../../src/sync/batch-store.ts';
import { NoWorkerError } from '../../src/sync/queue/no-worker.ts';
import { ReconcileError } from '../../src/sync/reconcile/batch-folder.ts';

const store = { url: 'https://shop.example', account: 'vendor@shop.example' };

describe('exit codes', () => {
  it.each([
    [new ConfigError('STORE_URL', 'is not set'), EXIT.notStarted, 'configuration', undefined],
    [new StoresFileError('stores.yaml', 'north', 'is wrong'), EXIT.notStarted, 'configuration', undefined],
    [new SheetFileError('a.csv', 'not_a_file', 'a folder'), EXIT.notStarted, 'sheet', 'not_a_file'],
    [
      new StoreError('INVALID_CREDENTIALS', 'refused', { operation: 'authorize' }),
      EXIT.notStarted,
      'store',
      'INVALID_CREDENTIALS',
    ],
    [new NoWorkerError(store), EXIT.notStarted, 'command', 'no_worker'],
    [new JobFileError('jobs/a.yaml', 'schedule', 'not a cron'), EXIT.notStarted, 'command', undefined],
    [new RerunError('nothing to re-run'), EXIT.notStarted, 'command', undefined],
    [new DropFolderError('cannot write drop/inbox'), EXIT.notStarted, 'command', undefined],
    [new OtherStoreError('another store', null), EXIT.notStarted, 'command', undefined],
    [new ReconcileError('no such batch'), EXIT.notStarted, 'command', undefined],
    [new LedgerBusyError(['b1']), EXIT.notStarted, 'command', undefined],
    [
      new CommanderError(1, 'commander.unknownOption', "error: unknown option '--nope'"),
      EXIT.notStarted,
      'usage',
      'commander.unknownOption',
    ],
    [new ExitError(EXIT.problems, 'nothing to forget'), EXIT.problems, 'command', undefined],
    [new TypeError('x is undefined'), EXIT.bug, 'unexpected', undefined],
  ])('%s -> exit %i, %s', async (error, exitCode, kind, code) => {
    const failure = await failureOf(error);
    expect(failure).toMatchObject({ exitCode, kind });
    expect(failure?.code).toBe(code);
  });

  it('--help and --version end with 0 and no message', async () => {
    expect(await failureOf(new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'))).toBeNull();
  });
});
