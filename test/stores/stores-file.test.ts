/** The stores file: one message per mistake naming the file, the store and the key; exit 2. */
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { applyStoresFile } from '../../src/store-choice.ts';
import { readStoresFile } from '../../src/stores-file.ts';
import { notifySettingsOf } from '../../src/notify/settings.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('stores-file', { once: true });
let dir: string;
beforeAll(async () => {
  dir = tmp.dir;
  await mkdir(join(dir, 'secrets'));
  await writeFile(join(dir, 'secrets', 'riyadh'), 'pw-riyadh\n');
  await writeFile(join(dir, 'secrets', 'riyadh.console'), 'riyadh-console-token-0123\n');
});

async function storesFile(text: string, name = 'stores.yaml'): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

const RIYADH = `  - id: riyadh-perfumes
    url: https://api.riyadh.example
    email: ops@riyadh.example
    password_file: ./secrets/riyadh
    rate: 10
    console_token_file: secrets/riyadh.console
`;
const JEDDAH = `  - id: jeddah-oud
    url: https://api.jeddah.example/
    email: ops@jeddah.example
    password_env: JEDDAH_PASSWORD
`;

describe('readStoresFile', () => {
  it('reads every store, with paths relative to the file and secrets from their files and variables', async () => {
    const path = await storesFile(`stores:\n${RIYADH}${JEDDAH}`);
    const file = readStoresFile(path, { JEDDAH_PASSWORD: 'pw-jeddah' });
    expect(file.stores).toEqual([
      {
        id: 'riyadh-perfumes',
        url: 'https://api.riyadh.example',
        email: 'ops@riyadh.example',
        password: 'pw-riyadh',
        rate: 10,
        concurrency: undefined,
        dropDir: undefined,
        jobsDir: undefined,
        consoleToken: 'riyadh-console-token-0123',
      },
      expect.objectContaining({ id: 'jeddah-oud', url: 'https://api.jeddah.example', password: 'pw-jeddah' }),
    ]);
  });

  it.each([
    [
      'a duplicate id',
      `stores:\n${RIYADH}${RIYADH.replace('ops@riyadh', 'x@riyadh')}`,
      'stores[1] (id riyadh-perfumes): id: "riyadh-perfumes" is the id of stores[0] too',
    ],
    ['an unknown key', `stores:\n${RIYADH}    colour: red\n`, 'stores[0] (id riyadh-perfumes): unknown key colour'],
    [
      'an inline password',
      `stores:\n${JEDDAH}    password: hunter2\n`,
      'stores[0] (id jeddah-oud): unknown key password',
    ],
    [
      'a missing password file',
      `stores:\n${RIYADH.replace('./secrets/riyadh\n', './secrets/none\n')}`,
      'stores[0] (id riyadh-perfumes): password_file: cannot read SECRETS/none (ENOENT)',
    ],
    [
      'no password at all',
      'stores:\n  - id: a\n    url: https://a.example\n    email: a@a.example\n',
      'stores[0] (id a): password_file: is missing: give password_file or password_env',
    ],
    [
      'an unset password variable',
      `stores:\n${JEDDAH}`,
      'stores[0] (id jeddah-oud): password_env: JEDDAH_PASSWORD is not set',
    ],
    [
      'a bad id',
      'stores:\n  - id: "riyadh perfumes"\n    url: https://a.example\n    email: a@a.example\n    password_env: X\n',
      'stores[0] (id riyadh perfumes): id: may hold only letters, digits and -',
    ],
    [
      'an http URL',
      'stores:\n  - id: a\n    url: http://a.example\n    email: a@a.example\n    password_env: X\n',
      'stores[0] (id a): url: must use https',
    ],
    [
      'a negative rate',
      `stores:\n${RIYADH.replace('rate: 10', 'rate: -1')}`,
      'stores[0] (id riyadh-perfumes): rate: must be greater than 0',
    ],
    ['no stores', 'stores: []\n', 'stores: must be a list of at least one store'],
    ['a key beside stores', `stores:\n${RIYADH}defaults: {}\n`, 'unknown key defaults (only stores)'],
    ['YAML that does not parse', 'stores: [\n', 'is not valid YAML'],
  ])('refuses %s, naming the file, store and key', async (_what, text, message) => {
    const path = await storesFile(text, 'bad.yaml');
    expect(() => readStoresFile(path, { X: 'x' })).toThrow(
      `STORES_FILE: ${path}: ${message.replace('SECRETS', join(dir, 'secrets'))}`,
    );
  });
});

describe('applyStoresFile', () => {
  it('without a stores file, the environment is the one store, `default`', () => {
    const config = resolveConfig({ STORE_URL: 'https://a.example', STORE_EMAIL: 'a@a.example' });
    expect(applyStoresFile(config, {}, new Set(), dir + '/nowhere').config).toMatchObject({
      storeId: 'default',
      storeUrl: 'https://a.example',
    });
    expect(() => applyStoresFile(resolveConfig({ STORE: 'riyadh' }), {}, new Set(), dir + '/nowhere')).toThrow(
      'STORE: "riyadh": there is no stores file to find it in',
    );
  });

  it('picks the store with --store: its profile over the environment, a flag over both, reports in its own folder', async () => {
    const path = await storesFile(`stores:\n${RIYADH}${JEDDAH}`);
    const env = {
      STORES_FILE: path,
      STORE: 'riyadh-perfumes',
      RATE: '3',
      CONCURRENCY: '7',
      REPORT_DIR: '/r',
      DROP_DIR: '/d',
    };
    const { config } = applyStoresFile(resolveConfig(env), { JEDDAH_PASSWORD: 'pw' });
    expect(config).toMatchObject({
      storeId: 'riyadh-perfumes',
      storeUrl: 'https://api.riyadh.example',
      storeEmail: 'ops@riyadh.example',
      storePassword: 'pw-riyadh',
      rate: 10,
      rateGiven: true,
      concurrency: 7,
      reportDir: '/r/riyadh-perfumes',
      dropDir: '/d/riyadh-perfumes',
    });
    const flagged = applyStoresFile(resolveConfig(env, { rate: '20' }), { JEDDAH_PASSWORD: 'pw' }, new Set(['rate']));
    expect(flagged.config.rate).toBe(20);
  });

  it('with no store picked, a command that needs one lists them; an unknown id and STORE_URL beside the file are refused', async () => {
    const path = await storesFile(`stores:\n${RIYADH}${JEDDAH}`);
    const { config, file } = applyStoresFile(resolveConfig({ STORES_FILE: path }), { JEDDAH_PASSWORD: 'pw' });
    expect(file?.stores.map((s) => s.id)).toEqual(['riyadh-perfumes', 'jeddah-oud']);
    expect(config.storesOnOffer).toEqual({ file: path, ids: ['riyadh-perfumes', 'jeddah-oud'] });
    const { requireStore } = await import('../../src/config.ts');
    expect(() => requireStore(config)).toThrow(
      `--store: ${path} lists stores: pick the one to act on with --store <id> (env STORE): riyadh-perfumes, jeddah-oud`,
    );
    expect(() =>
      applyStoresFile(resolveConfig({ STORES_FILE: path, STORE: 'dammam' }), { JEDDAH_PASSWORD: 'pw' }),
    ).toThrow(`STORE: "dammam" is not in ${path} (its stores: riyadh-perfumes, jeddah-oud)`);
    expect(() =>
      applyStoresFile(resolveConfig({ STORES_FILE: path, STORE_URL: 'https://x.example' }), { JEDDAH_PASSWORD: 'pw' }),
    ).toThrow('lists the stores, and STORE_URL is set too');
  });
});

describe("a store's own notifications", () => {
  const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

  it('go to its own webhook (signed with its own secret) and address, over the deployment settings', async () => {
    await writeFile(join(dir, 'secrets', 'riyadh.whsec'), `${SECRET}\n`);
    const path = await storesFile(
      `stores:\n${RIYADH}    notify_webhook_url: https://hooks.riyadh.example/sync\n    notify_webhook_secret_file: secrets/riyadh.whsec\n    notify_email_to: owner@riyadh.example\n    notify_lang: ar\n${JEDDAH}`,
    );
    const env = {
      STORES_FILE: path,
      SMTP_URL: 'smtps://mail.example',
      NOTIFY_EMAIL_FROM: 'sync@agency.example',
      NOTIFY_EMAIL_TO: 'ops@agency.example',
    };
    const riyadh = applyStoresFile(resolveConfig({ ...env, STORE: 'riyadh-perfumes' }), { JEDDAH_PASSWORD: 'pw' });
    expect(notifySettingsOf(riyadh.config)).toEqual({
      webhook: { url: 'https://hooks.riyadh.example/sync', secret: SECRET },
      email: { smtpUrl: 'smtps://mail.example', to: ['owner@riyadh.example'], from: 'sync@agency.example' },
      lang: 'ar',
      consoleUrl: null,
      // The e-mail's link opens the console on this store.
      consoleStore: 'riyadh-perfumes',
    });
    const jeddah = applyStoresFile(resolveConfig({ ...env, STORE: 'jeddah-oud' }), { JEDDAH_PASSWORD: 'pw' });
    expect(notifySettingsOf(jeddah.config)).toMatchObject({ webhook: null, email: { to: ['ops@agency.example'] } });
  });

  it('are checked like the settings they replace', async () => {
    const bad = await storesFile(
      `stores:\n${RIYADH}    notify_webhook_url: http://hooks.example/x\n    notify_webhook_secret_env: X\n`,
      'bad-notify.yaml',
    );
    expect(() => readStoresFile(bad, { X: SECRET })).toThrow(
      'stores[0] (id riyadh-perfumes): notify_webhook_url: must use https',
    );
    const noSecret = await storesFile(
      `stores:\n${RIYADH}    notify_webhook_url: https://hooks.example/x\n`,
      'no-secret.yaml',
    );
    expect(() => readStoresFile(noSecret, {})).toThrow('notify_webhook_secret_file: give notify_webhook_secret_file');
    const weak = await storesFile(
      `stores:\n${RIYADH}    notify_webhook_url: https://hooks.example/x\n    notify_webhook_secret_env: X\n`,
      'weak.yaml',
    );
    expect(() => readStoresFile(weak, { X: 'whsec_c2hvcnQ=' })).toThrow('must hold 24 to 64 bytes');
    const mailWithoutServer = await storesFile(
      `stores:\n${RIYADH}    notify_email_to: owner@riyadh.example\n`,
      'mail.yaml',
    );
    expect(() =>
      applyStoresFile(resolveConfig({ STORES_FILE: mailWithoutServer, STORE: 'riyadh-perfumes' }), {}),
    ).toThrow("SMTP_URL: is not set: store riyadh-perfumes's notify_email_to needs the mail server and sender");
  });
});
