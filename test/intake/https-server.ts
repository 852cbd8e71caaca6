/**
 * A real HTTPS server on 127.0.0.1 for download tests, with a self-signed certificate made by
 * openssl for this run only (its PEM is the CA a job file trusts through ca_file).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface TestCertificate {
  certFile: string;
  cert: string;
  key: string;
}

/** A self-signed certificate for 127.0.0.1, written into `dir`. */
export async function selfSignedCertificate(dir: string): Promise<TestCertificate> {
  const certFile = join(dir, 'server-cert.pem');
  const keyFile = join(dir, 'server-key.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ]);
  return { certFile, cert: await readFile(certFile, 'utf8'), key: await readFile(keyFile, 'utf8') };
}

export interface HttpsTestServer {
  url: string;
  /** Every request's path, in order. */
  paths: string[];
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export async function startHttpsServer(certificate: TestCertificate, handler: Handler): Promise<HttpsTestServer> {
  const paths: string[] = [];
  const server: Server = createServer({ cert: certificate.cert, key: certificate.key }, (request, response) => {
    paths.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
