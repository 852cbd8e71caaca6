/**
 * A sheet's row signature: everything besides a row's cells that decides the plan the mapper makes
 * of them (which column feeds which field, which are identifiers or may hold error text, the
 * decimal comma, the mapper's version). Two rows with
 * equal cells under equal signatures map to equal plans, which lets the sync ledger recognise an
 * unchanged row from its cells alone (ledger/fingerprint.ts `rowDigestOf`).
 */
import { createHash } from 'node:crypto';
import packageJson from '../../../package.json' with { type: 'json' };
import type { CompiledSheet } from './compile.ts';

/**
 * Raised whenever a change to the mapper could turn the same cells into a different plan. The
 * package version is part of the signature too, so every release starts afresh anyway; a stale
 * signature costs one slower delta sync (rows are then compared by payload), never a wrong skip.
 */
const MAPPER_VERSION = 2;

export function rowSignatureOf(sheet: CompiledSheet, decimalComma: boolean): string {
  const described = {
    mapper: MAPPER_VERSION,
    version: packageJson.version,
    kind: sheet.kind,
    decimalComma,
    headerCount: sheet.headerCount,
    originalRowIndex: sheet.originalRowIndex,
    columns: sheet.columns.map((column) => [
      column.index,
      column.name,
      column.ctx.identifier === true,
      column.ctx.errorText === true,
    ]),
    blank: [...sheet.blankIndexes].sort((a, b) => a - b),
  };
  return createHash('sha256').update(JSON.stringify(described)).digest('base64url').slice(0, 22);
}
