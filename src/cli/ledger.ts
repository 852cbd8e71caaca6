/**
 * `catalog-sync ledger`: what the store's ledger knows (`show`), all of it as CSV (`export`),
 * linking barcodes to product ids from a list (`link`), and forgetting a key on purpose (`forget`:
 * a product deleted in the store's admin, to be created again). The ledger is the one the app opens: Redis with REDIS_URL, else the per-user file.
 */
import type { Command } from 'commander';
import { DEFAULT_KEY_COLUMN } from '../ledger/rules.ts';
import type { CliContext } from './context.ts';
import type { KeyFlags } from './run/ledger.ts';

const KEY_HELP =
  'a key: barcode=6291000000001, product_id=123, brand_id=5, <key column>=<value>, a bare value of the key column, or the ledger key itself (k:barcode:...)';

export function registerLedgerCommand(program: Command, ctx: CliContext): void {
  const ledger = program
    .command('ledger')
    .description(
      "what the store's ledger remembers (what stops a second create, the values last sent, the keys linked): show, export, link, forget",
    );
  ledger
    .command('show <key...>')
    .description(`what the ledger knows about each key (${KEY_HELP})`)
    .option('--key-column <field>', 'the key column a bare value belongs to', DEFAULT_KEY_COLUMN)
    .option('--json', 'print as JSON')
    .action(async (keys: string[], flags: KeyFlags) => (await import('./run/ledger.ts')).show(ctx, keys, flags));
  ledger
    .command('export')
    .description('every entry as CSV (key, kind, field, value, state, batch, row), formula-safe for Excel')
    .option('--out <file.csv>', 'write to this file (default: standard output)')
    .action(async (flags: { out?: string }) => (await import('./run/ledger.ts')).exportCsv(ctx, flags.out));
  ledger
    .command('forget <key...>')
    .description(
      'forget keys on purpose (a product deleted in the store): the next sync of such a row creates it again; asks first (--yes off a terminal)',
    )
    .option('--key-column <field>', 'the key column a bare value belongs to', DEFAULT_KEY_COLUMN)
    .option('--yes', 'forget without asking', false)
    .action(async (keys: string[], flags: KeyFlags & { yes: boolean }) =>
      (await import('./run/ledger.ts')).forget(ctx, keys, flags),
    );
  ledger
    .command('link')
    .description(
      "link products' barcodes (the key column) to their product_id from a CSV with both columns, such as the store admin's product export: a row naming only the barcode then updates the product; a line whose keys are linked to other products is refused, naming both (exit 1)",
    )
    .requiredOption('--from <file.csv>', 'the list: a header naming product_id and the key column, one product a line')
    .option('--key-column <field>', 'the key column to link', DEFAULT_KEY_COLUMN)
    .option('--json', 'print as JSON')
    .action(async (flags: { from: string; keyColumn: string; json?: boolean }) =>
      (await import('./run/ledger.ts')).link(ctx, flags),
    );
  ledger
    .command('move-to-file')
    .description(
      "the way back from Redis: copy the store's ledger from Redis into its file and remove the take-over note, so runs without REDIS_URL use the file again (refused while a batch runs)",
    )
    // It asks nothing (it deletes nothing and can be undone by any command with REDIS_URL), but a
    // script that confirms every ledger change, as `forget` needs off a terminal, may say --yes.
    .option('--yes', 'accepted, as by forget: move-to-file asks nothing', false)
    .action(async () => (await import('./run/ledger.ts')).moveToFile(ctx));
}
