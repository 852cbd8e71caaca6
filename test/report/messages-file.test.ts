import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRowMessages } from '../../src/report/messages-file.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('messages-file');

describe('readRowMessages', () => {
  it('reads every problem row, or only the rows asked; skips a line that does not parse; none for no file', async () => {
    const file = join(tmp.dir, 'messages.jsonl');
    await writeFile(
      file,
      [
        JSON.stringify({
          row: 3,
          code: 'required',
          messageKey: 'required',
          params: { column: 'title' },
          column: 'title',
        }),
        '{"row": 4, "messageKey": ', // a line cut short
        JSON.stringify({ row: 5, messageKey: 'not_a_number', params: { value: '"3O"' } }),
        '',
      ].join('\n'),
    );
    const all = await readRowMessages(file);
    expect([...all.keys()]).toEqual([3, 5]);
    expect(all.get(3)).toEqual({
      row: 3,
      code: 'required',
      messageKey: 'required',
      params: { column: 'title' },
      column: 'title',
    });
    expect(all.get(5)).toEqual({ row: 5, messageKey: 'not_a_number', params: { value: '"3O"' } });
    expect([...(await readRowMessages(file, new Set([5, 9]))).keys()]).toEqual([5]);
    expect((await readRowMessages(file, new Set())).size).toBe(0);
    expect((await readRowMessages(join(tmp.dir, 'missing.jsonl'))).size).toBe(0);
  });
});
