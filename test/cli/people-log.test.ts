/**
 * The log as people read it: one line per entry, fields in words. On a terminal (a stream that
 * says it is one, as test/cli/terminal.test.ts fakes it) the lines are coloured; an entry a command
 * tells in a line of its own is left out.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { peopleLog, readableLine } from '../../src/cli/people-log.ts';
import { fakeTerminal } from './fake-terminal.ts';

const zeros = { created: 0, updated: 0, failed: 0, unknown: 0, would_create: 0 };

describe('the people log', () => {
  it('tells fields in words: counts that happened, errors by message, the store of several, nothing said twice', () => {
    expect(
      readableLine({
        msg: 'batch progress: 19 of 30 rows',
        batchId: 'b1',
        done: 19,
        total: 30,
        counts: { ...zeros, created: 17, failed: 2 },
      }),
    ).toBe('batch progress: 19 of 30 rows (batchId b1, created 17, failed 2)');
    expect(
      readableLine({
        msg: 'ledger could not record a row',
        store: 'north',
        row: 4,
        err: { type: 'Error', message: 'Connection is closed.', stack: 'Error: ...' },
      }),
    ).toBe('[north] ledger could not record a row (row 4, error: Connection is closed.)');
    expect(
      readableLine({
        msg: 'schedules registered',
        store: 'default',
        upserted: [],
        removed: ['old'],
        resumed: false,
        jobsDir: './jobs',
      }),
    ).toBe('schedules registered (removed old, jobsDir ./jobs)');
    expect(readableLine({ msg: 'rows 190 sent', rows: 19 })).toBe('rows 190 sent (rows 19)');
  });

  it('on a terminal: coloured lines, one per entry, and none for an event the command tells itself', () => {
    const stderr = fakeTerminal();
    const logger = createLogger({ level: 'info', destination: peopleLog(stderr.stream) });
    logger.info({ prefix: 'q', rate: 4 }, 'worker started');
    logger.info({ batchId: 'b2', total: 3, counts: { ...zeros, created: 3 } }, 'batch report written');
    logger.info({ file: 'p.csv', counts: { ...zeros, created: 3 } }, 'drop file finished');
    const lines = stderr
      .text()
      .split('\n')
      .filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('\u001b['); // coloured
    // eslint-disable-next-line no-control-regex
    expect(lines[0]!.replace(/\u001b\[\d+m/g, '')).toMatch(
      /INFO: batch report written \(batchId b2, total 3, created 3\)$/,
    );
  });
});
