/**
 * What a person should check when a download failed, decided from the failure alone (pure, table
 * tested): a refused token points at the headers file, a self-signed server at ca_file, and so on.
 */
import { ref } from '../../messages/index.ts';
import type { MessageRef } from '../../messages/index.ts';

export interface DownloadFailure {
  /** A system or library code: ECONNREFUSED, ETIMEDOUT, ERR_TOO_MANY_REDIRECTS, a TLS code... */
  code?: string | undefined;
  /** The HTTP status, when the server answered. */
  status?: number | undefined;
}

export interface DownloadSettings {
  headersFile?: string | undefined;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

/** Node's TLS verification codes (tls.checkServerIdentity and OpenSSL's). */
const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const HOST_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function whatToCheck(failure: DownloadFailure, settings: DownloadSettings): MessageRef {
  const { code, status } = failure;
  if (status === 401 || status === 403) {
    return settings.headersFile === undefined
      ? ref('source.check.add_credentials', {})
      : ref('source.check.credentials', { file: settings.headersFile });
  }
  if (status === 404 || status === 410) return ref('source.check.path', {});
  if (code === 'ETIMEDOUT') return ref('source.check.timeout', { ms: settings.timeoutMs });
  if (code === 'TOO_LARGE') return ref('source.check.size', { bytes: settings.maxBytes });
  if (code === 'ERR_TOO_MANY_REDIRECTS') return ref('source.check.redirects', { max: settings.maxRedirects });
  if (code === 'CUT' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE')
    return ref('source.check.cut', {});
  if (code !== undefined && CERTIFICATE_CODES.has(code)) return ref('source.check.certificate', {});
  if (code !== undefined && HOST_CODES.has(code)) return ref('source.check.host', {});
  return ref('source.check.server', {});
}
