/** A row job names its batch by its id (keys.ts rowJobId); jobs queued with the batch in their data still work. */
import { describe, expect, it } from 'vitest';
import { batchOfJob } from '../../src/sync/queue/jobs.ts';
import { rowJobId } from '../../src/sync/queue/keys.ts';

const plan = { kind: 'create', payload: { title: 'Tea', category: 1 } } as const;

describe('the batch of a row job', () => {
  it('is read from the job id', () => {
    const id = rowJobId('20261124-003059-63fed7', 12);
    expect(batchOfJob(id, { row: 12, cells: ['Tea'], plan })).toBe('20261124-003059-63fed7');
  });

  it('is read from the data of a job queued by a version that wrote it there', () => {
    expect(batchOfJob('any-id', { batchId: 'b-r1', row: 3, cells: [], plan })).toBe('b-r1');
  });
});
