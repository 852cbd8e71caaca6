/** A job file names its batches' language (`lang: ar`): the scheduled sync's report is in Arabic. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JobFileError, parseJobFile } from '../../src/intake/job-file.ts';
import type { BatchSummary } from '../../src/report/summary.ts';
import { cli, useSandboxCli } from '../intake/cli.ts';

const t = useSandboxCli('job-lang');
const JOB = 'name: nightly\nsource: sheet.csv\nschedule: "0 2 * * *"\n';

describe('a job file’s lang', () => {
  it('is en unless it says ar, and nothing else', () => {
    expect(parseJobFile('/srv/jobs/n.yaml', JOB).lang).toBe('en');
    expect(parseJobFile('/srv/jobs/n.yaml', `${JOB}lang: ar\n`).lang).toBe('ar');
    expect(() => parseJobFile('/srv/jobs/n.yaml', `${JOB}lang: fr\n`)).toThrow(JobFileError);
    expect(() => parseJobFile('/srv/jobs/n.yaml', `${JOB}lang: fr\n`)).toThrow(
      '/srv/jobs/n.yaml: lang: must be en or ar',
    );
  });

  it('schedule run of a lang: ar job writes an Arabic report', async () => {
    const jobs = join(t.dir, 'jobs');
    await mkdir(jobs, { recursive: true });
    await writeFile(join(jobs, 'sheet.csv'), 'title,category,sale_price,barcode\nJob Tea,1,oops,J-1\n');
    await writeFile(join(jobs, 'nightly.yaml'), `${JOB}lang: ar\n`);
    const ran = await cli(['schedule', 'run', 'nightly', '--jobs-dir', jobs, '--json'], t.env);
    const summary = JSON.parse(ran.stdout) as BatchSummary;
    expect(summary.lang).toBe('ar');
    expect(await readFile(join(summary.reportDir, 'failed.csv'), 'utf8')).toContain(
      'sale_price: ""oops"" ليس رقمًا (المتوقع مثلًا 12.50)',
    );
  });
});
