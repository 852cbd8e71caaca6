/** The pure parts of a job's source: its public name, its headers file, what to check when it fails. */
import { describe, expect, it } from 'vitest';
import { JobFileError, parseJobFile } from '../../src/intake/job-file.ts';
import { messageText } from '../../src/messages/index.ts';
import { whatToCheck } from '../../src/intake/sources/download-check.ts';
import { parseHeaders } from '../../src/intake/sources/headers-file.ts';
import { chooseNewest, stillWriting } from '../../src/intake/sources/folder.ts';
import { globTest } from '../../src/intake/sources/glob.ts';
import { parseS3Credentials } from '../../src/intake/sources/s3-credentials.ts';
import { shownSource } from '../../src/notify/event.ts';

describe('shownSource', () => {
  it.each([
    ['https://feeds.example.com/a/b.csv?token=s3cret', 'https://feeds.example.com/a/b.csv'],
    ['https://user:pw@feeds.example.com:8443/b.csv#x', 'https://feeds.example.com:8443/b.csv'],
    ['/srv/sheets/a.csv', '/srv/sheets/a.csv'],
  ])('%s -> %s', (source, where) => expect(shownSource(source)).toBe(where));
});

describe('parseHeaders', () => {
  it('reads Name: value lines, skipping comments and blank lines', () => {
    expect(parseHeaders('/h', '\uFEFF# token\r\nAuthorization: Bearer a:b\r\n\r\nX-Api-Key:  k1 \n')).toEqual({
      authorization: 'Bearer a:b',
      'x-api-key': 'k1',
    });
  });

  it.each([
    ['Bearer abc\n', 'line 1'],
    ['# c\nAuthorization:\n', 'line 2'],
    ['Bad Name: v\n', 'line 1'],
  ])('%j is refused at %s, without the value', (text, key) => {
    let error: unknown;
    try {
      parseHeaders('/h', text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JobFileError);
    expect((error as JobFileError).key).toBe(key);
    expect((error as JobFileError).message).not.toContain('abc');
  });

  it('an empty file is refused', () => expect(() => parseHeaders('/h', '# nothing\n')).toThrow('holds no header'));
});

describe('whatToCheck', () => {
  const settings = { timeoutMs: 120_000, maxBytes: 1000, maxRedirects: 5 };
  const text = (failure: Parameters<typeof whatToCheck>[0], headersFile?: string) => {
    const check = whatToCheck(failure, { ...settings, headersFile });
    return messageText(check.key, check.params, 'en');
  };
  it.each([
    [{ status: 401 }, '/etc/h', 'the headers in /etc/h'],
    [{ status: 403 }, undefined, 'add headers_file:'],
    [{ status: 404 }, undefined, 'no such file'],
    [{ code: 'ETIMEDOUT' }, undefined, 'within 120000 ms'],
    [{ code: 'TOO_LARGE' }, undefined, 'the limit is 1000 bytes'],
    [{ code: 'ERR_TOO_MANY_REDIRECTS' }, undefined, 'more than 5 redirects'],
    [{ code: 'CUT' }, undefined, 'sent less'],
    [{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, undefined, 'ca_file:'],
    [{ code: 'ECONNREFUSED' }, undefined, 'host and port'],
    [{ status: 500 }, undefined, 'the server and the URL'],
  ])('%j -> %s', (failure, headersFile, expected) => expect(text(failure, headersFile)).toContain(expected));
});

describe('job file https keys', () => {
  it('resolves headers_file and ca_file against the job file', () => {
    const job = parseJobFile(
      '/srv/jobs/n.yaml',
      'name: n\nsource: https://x.example/a.csv\nschedule: "0 2 * * *"\nheaders_file: ../secrets/n.headers\nca_file: ca.pem\n',
    );
    expect(job).toMatchObject({ headersFile: '/srv/secrets/n.headers', caFile: '/srv/jobs/ca.pem' });
  });

  it('refuses headers_file for a local source', () => {
    expect(() => parseJobFile('/j.yaml', 'name: n\nsource: a.csv\nschedule: "0 2 * * *"\nheaders_file: h\n')).toThrow(
      '/j.yaml: headers_file: applies to an https:// source only',
    );
  });
});

describe('globTest', () => {
  it.each([
    ['prices-*.csv', 'prices-2026-11-28.csv', true],
    ['prices-*.csv', 'prices-.csv', true],
    ['prices-*.csv', 'prices-1.csv.part', false],
    ['prices-*.csv', 'xprices-1.csv', false],
    ['feed-??.xlsx', 'feed-07.xlsx', true],
    ['feed-??.xlsx', 'feed-7.xlsx', false],
    ['feed-[0-9].csv', 'feed-3.csv', true],
    ['feed-[!0-9].csv', 'feed-3.csv', false],
    ['*.{csv,xlsx}', 'a.xlsx', true],
    ['*.{csv,xlsx}', 'a.xls', false],
    ['a+b(1).csv', 'a+b(1).csv', true],
  ])('%s on %s -> %s', (pattern, name, expected) => expect(globTest(pattern)(name)).toBe(expected));
});

describe('chooseNewest', () => {
  const all = () => true;
  const f = (name: string, mtimeMs: number, bytes = 10) => ({ name, mtimeMs, bytes });
  it('the newest by time, a name breaking a tie', () => {
    expect(chooseNewest([f('a', 1), f('c', 3), f('b', 3)], [], all)?.name).toBe('c');
  });
  it('not one taken before, nor one older than the last taken', () => {
    const taken = [f('c', 3)];
    expect(chooseNewest([f('a', 1), f('c', 3)], taken, all)).toBeNull();
    expect(chooseNewest([f('a', 1), f('c', 3), f('d', 4)], taken, all)?.name).toBe('d');
  });
  it('the same name written again later is a new file', () => {
    expect(chooseNewest([f('c', 4, 11)], [f('c', 3)], all)?.bytes).toBe(11);
  });
  it('a tie in time with the last taken: only a name sorting after it', () => {
    expect(chooseNewest([f('a', 3), f('b', 3), f('d', 3)], [f('c', 3)], all)?.name).toBe('d');
    expect(chooseNewest([f('a', 3), f('b', 3)], [f('c', 3)], all)).toBeNull();
  });
  it('a file still being written: its size or time changed, or it is gone', () => {
    expect(stillWriting(f('a', 1), f('a', 1))).toBe(false);
    expect(stillWriting(f('a', 1), f('a', 1, 12))).toBe(true);
    expect(stillWriting(f('a', 1), f('a', 2))).toBe(true);
    expect(stillWriting(f('a', 1), null)).toBe(true);
  });
});

/** A scheduled job file `n` with these lines is refused at `key` (named with the file), saying `message`. */
function expectRefusedAt(text: string, key: string, message: string): void {
  const parse = () => parseJobFile('/j.yaml', `name: n\nschedule: "0 2 * * *"\n${text}`);
  expect(parse).toThrow(`/j.yaml: ${key}: `);
  expect(parse).toThrow(message);
}

describe('job file folder keys', () => {
  it('pattern and after: move resolve against the job file', () => {
    const job = parseJobFile(
      '/srv/jobs/n.yaml',
      'name: n\nsource: ../in\npattern: "p-*.csv"\nafter: move ../done\nschedule: "0 2 * * *"\n',
    );
    expect(job).toMatchObject({ source: '/srv/in', pattern: 'p-*.csv', after: { kind: 'move', dir: '/srv/done' } });
  });
  it.each([
    ['source: https://x.example/\npattern: "*.csv"\n', 'pattern', 'folder source only'],
    ['source: in\npattern: "sub/*.csv"\n', 'pattern', 'no folder part'],
    ['source: in\nafter: delete\n', 'after', 'with pattern: only'],
    ['source: in\npattern: "*.csv"\nafter: archive\n', 'after', 'keep, delete or move'],
  ])('%j -> %s', expectRefusedAt);
});

describe('job file sftp keys', () => {
  const print = `SHA256:${'A'.repeat(43)}`;
  it('keeps the URL, resolves the key file locally and a move on the server against its folder', () => {
    const job = parseJobFile(
      '/srv/jobs/n.yaml',
      `name: n\nsource: sftp://feeds@sftp.example:2222/out/\nschedule: "0 2 * * *"\nprivate_key_file: ../keys/id\nhost_key: ${print}\npattern: "*.csv"\nafter: move done\n`,
    );
    expect(job).toMatchObject({
      source: 'sftp://feeds@sftp.example:2222/out/',
      privateKeyFile: '/srv/keys/id',
      hostKey: print,
      after: { kind: 'move', dir: '/out/done' },
    });
  });
  it.each([
    ['source: sftp://feeds@h/x.csv\n', 'private_key_file', 'one of them'],
    ['source: sftp://feeds@h/x.csv\nprivate_key_file: k\npassword_file: p\n', 'private_key_file', 'one of them'],
    ['source: sftp://h/x.csv\nprivate_key_file: k\n', 'source', 'sftp://user@host'],
    ['source: sftp://feeds:pw@h/x.csv\nprivate_key_file: k\n', 'source', 'sftp://user@host'],
    ['source: sftp://feeds@h/x.csv\nprivate_key_file: k\nhost_key: abc\n', 'host_key', 'SHA256:'],
    ['source: a.csv\nhost_key: abc\n', 'host_key', 'must be'],
  ])('%j -> %s', expectRefusedAt);
});

describe('job file s3 keys', () => {
  it('keeps the URL, resolves the credentials file locally and a move against the prefix', () => {
    const job = parseJobFile(
      '/srv/jobs/n.yaml',
      'name: n\nsource: s3://feeds/daily/\nschedule: "0 2 * * *"\nendpoint: https://s3.example.com\nregion: eu-central-1\ncredentials_file: s3.creds\npattern: "*.csv"\nafter: move ../done\n',
    );
    expect(job).toMatchObject({
      source: 's3://feeds/daily/',
      endpoint: 'https://s3.example.com',
      region: 'eu-central-1',
      credentialsFile: '/srv/jobs/s3.creds',
      after: { kind: 'move', dir: '/done' },
    });
  });
  it.each([
    ['source: s3://feeds\n', 'source', 's3://bucket/key'],
    ['source: a.csv\nendpoint: https://s3.example.com\n', 'endpoint', 's3:// source only'],
    ['source: s3://feeds/a.csv\nendpoint: ftp://x\n', 'endpoint', 'http(s) URL'],
  ])('%j -> %s', expectRefusedAt);
  it('reads a credentials file, and names the line of a bad one without its value', () => {
    expect(parseS3Credentials('/c', '[default]\naws_access_key_id = AK\naws_secret_access_key = s3cr3t\n')).toEqual({
      accessKeyId: 'AK',
      secretAccessKey: 's3cr3t',
    });
    expect(() => parseS3Credentials('/c', 'secret = s3cr3t\n')).toThrow('/c: line 1: ');
    expect(() => parseS3Credentials('/c', 'secret = s3cr3t\n')).not.toThrow('s3cr3t');
  });
});
