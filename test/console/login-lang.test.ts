/**
 * The login form in English or Arabic over real HTTP: `?lang=`, the page's language cookie, or
 * Accept-Language; right to left in Arabic; a wrong token said in the same language; and the page
 * the login opens is in the login's language.
 */
import { describe, expect, it } from 'vitest';
import { TOKEN, useConsoleWorld } from './helpers.ts';

const world = useConsoleWorld({}, { once: true });

interface Seen {
  status: number;
  lang: string | undefined;
  dir: string | undefined;
  heading: string | undefined;
  label: string | undefined;
  alert: string | undefined;
  button: string | undefined;
}

function seen(status: number, html: string): Seen {
  const tag = /<html lang="([^"]+)" dir="([^"]+)"/.exec(html);
  return {
    status,
    lang: tag?.[1],
    dir: tag?.[2],
    heading: /<h1>([^<]*)<\/h1>/.exec(html)?.[1],
    label: /<label for="token">([^<]*)<\/label>/.exec(html)?.[1],
    alert: /role="alert">([^<]*)</.exec(html)?.[1],
    button: /<button type="submit">([^<]*)</.exec(html)?.[1],
  };
}

async function loginPage(query = '', headers: Record<string, string> = {}): Promise<Seen> {
  const res = await fetch(`${world.url}/login${query}`, { headers });
  return seen(res.status, await res.text());
}

/** An attribute's value as a browser reads it: the form escapes & (and < > " '). */
const htmlText = (value: string): string => value.replace(/&#38;|&amp;/g, '&');

const ARABIC: Omit<Seen, 'status' | 'alert'> = {
  lang: 'ar',
  dir: 'rtl',
  heading: 'لوحة catalog-sync',
  label: 'رمز اللوحة (الرمز الذي أُعطيته)',
  button: 'دخول',
};

const ENGLISH: Omit<Seen, 'status' | 'alert'> = {
  lang: 'en',
  dir: 'ltr',
  heading: 'catalog-sync console',
  label: 'Console token (the one you were given)',
  button: 'Log in',
};

describe('the login page in the language asked', () => {
  it('is English by default, Arabic and right to left for ?lang=ar, the Arabic page cookie or Accept-Language', async () => {
    expect(await loginPage()).toEqual({ status: 200, alert: undefined, ...ENGLISH });
    expect(await loginPage('?lang=ar')).toEqual({ status: 200, alert: undefined, ...ARABIC });
    expect(await loginPage('', { cookie: 'catalog_sync_lang=ar' })).toEqual({
      status: 200,
      alert: undefined,
      ...ARABIC,
    });
    expect(await loginPage('', { 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.5' })).toEqual({
      status: 200,
      alert: undefined,
      ...ARABIC,
    });
    // The choice made on the page (its cookie, or ?lang) wins over the browser's languages.
    expect(await loginPage('?lang=en', { 'accept-language': 'ar' })).toEqual({
      status: 200,
      alert: undefined,
      ...ENGLISH,
    });
    expect(await loginPage('', { 'accept-language': 'ar', cookie: 'catalog_sync_lang=en' })).toEqual({
      status: 200,
      alert: undefined,
      ...ENGLISH,
    });
  });

  it('says a wrong token in the same language', async () => {
    expect(await loginPage('?lang=ar&token=wrong-guess-wrong-guess')).toEqual({
      status: 401,
      alert: 'هذا الرمز غير صحيح.',
      ...ARABIC,
    });
    const form = await fetch(`${world.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: world.url, 'accept-language': 'ar' },
      body: new URLSearchParams({ token: 'wrong-guess-wrong-guess' }).toString(),
    });
    expect(seen(form.status, await form.text())).toEqual({ status: 401, alert: 'هذا الرمز غير صحيح.', ...ARABIC });
    expect(await loginPage('?token=wrong-guess-wrong-guess')).toEqual({
      status: 401,
      alert: 'That token is not right.',
      ...ENGLISH,
    });
  });

  it("a batch's page asked without a session (an e-mail's link) is where the login lands, in its language", async () => {
    const asked = '/batches/20261202-0101-abc?store=shop-2';
    const page = await fetch(`${world.url}${asked}&lang=ar`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    const loginUrl = page.headers.get('location')!;
    expect(new URL(loginUrl, world.url).searchParams.get('next')).toBe(`${asked}&lang=ar`);

    // The form carries the page on; the login goes to it, not to the home page.
    const form = await (await fetch(`${world.url}${loginUrl}`)).text();
    const fields = Object.fromEntries(
      [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(htmlText(fields.next!)).toBe(`${asked}&lang=ar`);
    const login = await fetch(`${world.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: world.url },
      body: new URLSearchParams({ token: TOKEN, next: htmlText(fields.next!) }).toString(),
    });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe(`${asked}&lang=ar`);

    // A token link with the page to open goes there too.
    const byLink = await fetch(`${world.url}/login?token=${TOKEN}&next=${encodeURIComponent(asked)}`, {
      redirect: 'manual',
    });
    expect(byLink.headers.get('location')).toBe(asked);
  });

  it('a login never leads to another site, whatever next a link carries', async () => {
    for (const next of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
    ]) {
      const login = await fetch(`${world.url}/login?token=${TOKEN}&next=${encodeURIComponent(next)}`, {
        redirect: 'manual',
      });
      expect([next, login.headers.get('location')]).toEqual([next, '/']);
    }
  });

  it('an Arabic page without a session asks for the login in Arabic, and the login opens the page in Arabic', async () => {
    const page = await fetch(`${world.url}/?lang=ar`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/login?lang=ar');

    // The Arabic form carries its language; the login opens the Arabic page.
    const form = await (await fetch(`${world.url}/login?lang=ar`)).text();
    const fields = Object.fromEntries(
      [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(fields).toEqual({ lang: 'ar' });
    const login = await fetch(`${world.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: world.url },
      body: new URLSearchParams({ ...fields, token: TOKEN }).toString(),
    });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/?lang=ar');
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const arabic = await (await fetch(`${world.url}${login.headers.get('location')!}`, { headers: { cookie } })).text();
    expect(arabic).toMatch(/<html lang="ar" dir="rtl">/);

    // An English login goes to the page as it is.
    const english = await fetch(`${world.url}/login?token=${TOKEN}`, { redirect: 'manual' });
    expect(english.headers.get('location')).toBe('/');
    const byLink = await fetch(`${world.url}/login?lang=ar&token=${TOKEN}`, { redirect: 'manual' });
    expect(byLink.headers.get('location')).toBe('/?lang=ar');
  });

  it("the page follows the browser's language when neither ?lang nor the page's cookie chose one", async () => {
    const login = await fetch(`${world.url}/login?token=${TOKEN}`, { redirect: 'manual' });
    const session = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const page = async (path: string, headers: Record<string, string>) =>
      (await (await fetch(`${world.url}${path}`, { headers: { cookie: session, ...headers } })).text())
        .match(/<html lang="(\w+)" dir="(\w+)">/)
        ?.slice(1);
    expect(await page('/', { 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.5' })).toEqual(['ar', 'rtl']);
    expect(await page('/', { 'accept-language': 'en-GB,en;q=0.9' })).toEqual(['en', 'ltr']);
    expect(await page('/?lang=en', { 'accept-language': 'ar' })).toEqual(['en', 'ltr']);
    // The page's own choice, remembered in its cookie, wins over the browser's.
    expect(await page('/', { 'accept-language': 'ar', cookie: `${session}; catalog_sync_lang=en` })).toEqual([
      'en',
      'ltr',
    ]);
  });
});
