/**
 * Real receivers for the notifications, started by the tests on 127.0.0.1 (port 0): a webhook
 * receiver that checks each signature with the `standardwebhooks` package (an implementation of
 * the specification independent of ours), and an SMTP server (`smtp-server`) that keeps each mail
 * as it arrived, with a small MIME reader to open it.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';

export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface Delivery {
  headers: Record<string, string>;
  body: string;
  /** The signature held (standardwebhooks' verify did not throw). */
  verified: boolean;
  /** What the receiver answered; null while it holds the request. */
  status: number | null;
  /** When it arrived (Date.now). */
  at: number;
}

/** The receiver's answer to the n-th request (0-based): a status, or `hold` (never answer). */
export type Answer = (n: number) => number | 'hold';

export interface Receiver {
  url: string;
  deliveries: Delivery[];
  /** Resolves when the n-th request (1-based) has been answered (or, held, has arrived). */
  nth(n: number): Promise<Delivery>;
  answer: Answer;
  close(): Promise<void>;
}

export async function startReceiver(secret: string, answer: Answer = () => 204, port = 0): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const waiting = new Map<number, (d: Delivery) => void>();
  const held: ServerResponse[] = [];
  const receiver: Receiver = {
    url: '',
    deliveries,
    answer,
    nth: (n) =>
      deliveries.length >= n && (deliveries[n - 1]!.status !== null || receiver.answer(n - 1) === 'hold')
        ? Promise.resolve(deliveries[n - 1]!)
        : new Promise((resolve) => waiting.set(n, resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      ) as Record<string, string>;
      let verified = true;
      try {
        new Webhook(secret).verify(body, headers);
      } catch {
        verified = false;
      }
      const index = deliveries.length;
      const delivery: Delivery = { headers, body, verified, status: null, at: Date.now() };
      deliveries.push(delivery);
      const status = receiver.answer(index);
      if (status === 'hold') {
        held.push(response);
      } else {
        delivery.status = status;
        response.writeHead(status, status >= 300 && status < 400 ? { location: 'http://127.0.0.1:1/elsewhere' } : {});
        response.end();
      }
      waiting.get(index + 1)?.(delivery);
      waiting.delete(index + 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/catalog-sync?token=receiver-token-7781`;
  return receiver;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface MailServer {
  url: string;
  user: string;
  password: string;
  mails: ReceivedMail[];
  /** Resolves with the n-th mail (1-based) once it is in. */
  nth(n: number): Promise<ReceivedMail>;
  /** The first `n` connections are refused at their greeting (a server that is down for a while). */
  refuseFirst: number;
  close(): Promise<void>;
}

export async function startMailServer(): Promise<MailServer> {
  const user = 'mailer@shop.example';
  const password = `smtp-pass-${randomBytes(6).toString('hex')}`;
  const mails: ReceivedMail[] = [];
  const waiting = new Map<number, (m: ReceivedMail) => void>();
  let connections = 0;
  const mail: MailServer = {
    url: '',
    user,
    password,
    mails,
    refuseFirst: 0,
    nth: (n) =>
      mails.length >= n ? Promise.resolve(mails[n - 1]!) : new Promise((resolve) => waiting.set(n, resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    logger: false,
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onConnect(_session, callback) {
      connections++;
      if (connections <= mail.refuseFirst) callback(new Error('busy, try later'));
      else callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const received: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        };
        mails.push(received);
        waiting.get(mails.length)?.(received);
        waiting.delete(mails.length);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  mail.url = `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  return mail;
}

export interface OpenedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer }[];
}

/** Reads a MIME message (RFC 2045-2047): headers, encoded words, multipart, base64 and quoted-printable. */
export function openMail(raw: Buffer): OpenedMail {
  const part = readPart(raw.toString('latin1'));
  const out: OpenedMail = {
    headers: part.headers,
    subject: decodeWords(part.headers.get('subject') ?? ''),
    text: '',
    attachments: [],
  };
  walk(part, out);
  return out;
}

interface Part {
  headers: Map<string, string>;
  /** The body as bytes held in a latin1 string. */
  body: string;
}

function readPart(text: string): Part {
  const split = text.search(/\r?\n\r?\n/);
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function walk(part: Part, out: OpenedMail): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      walk(readPart(piece.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  const bytes = decodeBody(part.body, part.headers.get('content-transfer-encoding') ?? '7bit');
  const disposition = part.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  if (filename) out.attachments.push({ filename: decodeWords(filename), content: bytes });
  else if (/^text\/plain/i.test(type)) out.text += bytes.toString('utf8');
}

function decodeBody(body: string, encoding: string): Buffer {
  const e = encoding.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (e === 'quoted-printable') {
    const soft = body.replace(/=\r?\n/g, '');
    return Buffer.from(
      soft.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  }
  return Buffer.from(body.replace(/\r?\n$/, ''), 'latin1');
}

/** `=?UTF-8?B?...?=` and `=?UTF-8?Q?...?=` words, joined as RFC 2047 says (no space between encoded words). */
function decodeWords(text: string): string {
  const joined = text.replace(/\?=\s+=\?/g, '?==?');
  const bytes: number[] = [];
  let out = '';
  const flush = () => {
    if (bytes.length > 0) out += Buffer.from(bytes).toString('utf8');
    bytes.length = 0;
  };
  let last = 0;
  for (const match of joined.matchAll(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g)) {
    if (match.index > last) {
      flush();
      out += joined.slice(last, match.index);
    }
    const [, , kind, data] = match;
    const decoded =
      kind!.toUpperCase() === 'B'
        ? Buffer.from(data!, 'base64')
        : Buffer.from(
            data!
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          );
    bytes.push(...decoded);
    last = match.index + match[0].length;
  }
  flush();
  return out + joined.slice(last);
}
