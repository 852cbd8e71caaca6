/**
 * Compound files (OLE2): a password-protected .xlsx and a legacy .xls share the first bytes; what the
 * file holds tells them apart, and the message says which (exit 2, nothing read).
 */
import { expect, it } from 'vitest';
import { useTempDir } from '../helpers/use-world.ts';
import { cli, fixture } from './helpers.ts';

const scratch = useTempDir('fidelity', { once: true });

it('validate says the workbook is password-protected and exits 2', async () => {
  const run = await cli(['--report-dir', scratch.dir, 'validate', fixture('password-protected.officecrypto.xlsx')]);
  expect(run.code).toBe(2);
  expect(run.err).toContain(
    'password-protected.officecrypto.xlsx: this is a password-protected workbook; open it in Excel, remove the password (File > Info > Protect Workbook) and save it, then try again',
  );
  expect(run.err).not.toContain('legacy');
});

it('a legacy .xls (LibreOffice, Excel 97-2003) is named as such: exit 2', async () => {
  const run = await cli(['--report-dir', scratch.dir, 'validate', fixture('legacy.libreoffice.xls')]);
  expect(run.code).toBe(2);
  expect(run.err).toContain(
    'legacy.libreoffice.xls: this is a legacy .xls file; open it in Excel and save it as .xlsx or CSV',
  );
});
