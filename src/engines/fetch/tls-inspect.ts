import tls from 'node:tls';
import net from 'node:net';
import { X509Certificate } from 'node:crypto';
import { ToolError } from '../../core/errors.ts';
import type { CheckedTarget } from './fetcher.ts';
import { pinnedLookup } from './pinned-lookup.ts';

/**
 * Opens a TLS connection to a checked target's pinned address with the host name as SNI, without
 * rejecting a bad certificate, and reports the chain, the negotiated protocol and cipher, and whether
 * the chain validates against Node's CA store and the name matches.
 */
export interface CertificateInfo {
  subject: string;
  issuer: string;
  commonName: string | null;
  subjectAltNames: string[];
  validFrom: string;
  validTo: string;
  serialNumber: string;
  fingerprint256: string;
  publicKey: string;
  isCA: boolean;
  selfSigned: boolean;
}

export interface TlsInspection {
  host: string;
  port: number;
  address: string;
  servername: string | null;
  protocol: string | null;
  cipher: { name: string; standardName: string | null; version: string } | null;
  alpnProtocol: string | null;
  /** The chain validates (trusted root, dates) and the name matches. */
  authorized: boolean;
  authorizationError: string | null;
  hostnameMatches: boolean;
  hostnameError: string | null;
  chain: CertificateInfo[];
  /** Whether a TLS 1.0/1.1-only handshake succeeded; null when not probed or inconclusive. */
  acceptsLegacyTls: boolean | null;
  handshakeMs: number;
}

export async function inspectTls(target: CheckedTarget, signal: AbortSignal, timeoutMs: number, probeLegacy: boolean, field = 'url'): Promise<TlsInspection> {
  const servername = net.isIP(target.hostname) ? null : target.hostname;
  const started = performance.now();
  const socket = await handshake(target, servername, signal, timeoutMs, field, {});
  const handshakeMs = Math.round(performance.now() - started);
  try {
    const peer = socket.getPeerCertificate(true);
    const chain = certificateChain(peer);
    const leaf = socket.getPeerX509Certificate();
    let hostnameError: string | null = null;
    if (leaf) {
      const check = tls.checkServerIdentity(target.hostname, peer);
      hostnameError = check ? check.message : null;
    } else {
      hostnameError = 'the server sent no certificate';
    }
    const cipher = socket.getCipher();
    const authorizationError = socket.authorizationError ? String(socket.authorizationError) : null;
    const result: TlsInspection = {
      host: target.hostname,
      port: target.port,
      address: socket.remoteAddress ?? target.addresses[0]?.address ?? '',
      servername,
      protocol: socket.getProtocol(),
      cipher: cipher ? { name: cipher.name, standardName: cipher.standardName ?? null, version: cipher.version } : null,
      alpnProtocol: typeof socket.alpnProtocol === 'string' ? socket.alpnProtocol : null,
      authorized: socket.authorized === true,
      authorizationError,
      hostnameMatches: hostnameError === null,
      hostnameError,
      chain,
      acceptsLegacyTls: null,
      handshakeMs,
    };
    socket.destroy();
    if (probeLegacy) {
      try {
        const legacy = await handshake(target, servername, signal, Math.min(timeoutMs, 5000), field, {
          minVersion: 'TLSv1',
          maxVersion: 'TLSv1.1',
          ciphers: 'DEFAULT@SECLEVEL=0',
        });
        legacy.destroy();
        result.acceptsLegacyTls = true;
      } catch (error) {
        if (signal.aborted) throw error;
        result.acceptsLegacyTls = error instanceof ToolError && error.detail.includes('handshake') ? false : null;
      }
    }
    return result;
  } finally {
    socket.destroy();
  }
}

function handshake(
  target: CheckedTarget,
  servername: string | null,
  signal: AbortSignal,
  timeoutMs: number,
  field: string,
  extra: tls.ConnectionOptions,
): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    let done = false;
    const socket = tls.connect({
      host: target.hostname,
      port: target.port,
      lookup: pinnedLookup(target.addresses),
      ...(servername ? { servername } : {}),
      rejectUnauthorized: false,
      ALPNProtocols: ['h2', 'http/1.1'],
      ...extra,
    });
    const finish = (error: ToolError | null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (error) {
        socket.destroy();
        reject(error);
      } else resolve(socket);
    };
    const timer = setTimeout(
      () => finish(new ToolError('timeout', `${field}: the TLS handshake with ${target.hostname}:${target.port} did not finish within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onAbort = (): void => finish(signal.reason instanceof ToolError ? signal.reason : new ToolError('timeout', `${field}: cancelled`));
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('secureConnect', () => finish(null));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? '';
      if (code === 'ECONNREFUSED') finish(new ToolError('upstream_failed', `${field}: the connection to ${target.hostname} port ${target.port} was refused`));
      else finish(new ToolError('upstream_failed', `${field}: the TLS handshake with ${target.hostname}:${target.port} failed (${code || error.message})`));
    });
  });
}

function certificateChain(peer: tls.DetailedPeerCertificate): CertificateInfo[] {
  const out: CertificateInfo[] = [];
  const seen = new Set<string>();
  let cert: tls.DetailedPeerCertificate | undefined = peer;
  while (cert && cert.raw && !seen.has(cert.fingerprint256) && out.length < 10) {
    seen.add(cert.fingerprint256);
    out.push(describe(cert));
    cert = cert.issuerCertificate;
  }
  return out;
}

function describe(cert: tls.DetailedPeerCertificate): CertificateInfo {
  const x509 = new X509Certificate(cert.raw);
  const details = x509.publicKey.asymmetricKeyDetails;
  const keyType = x509.publicKey.asymmetricKeyType ?? 'unknown';
  const publicKey = details?.modulusLength
    ? `${keyType.toUpperCase()} ${details.modulusLength} bits`
    : details?.namedCurve
      ? `${keyType.toUpperCase()} ${details.namedCurve}`
      : keyType.toUpperCase();
  const san = (x509.subjectAltName ?? '').split(/,\s*/).filter(Boolean);
  const cn = /(?:^|\n)CN=([^\n]*)/.exec(x509.subject)?.[1] ?? null;
  return {
    subject: x509.subject.replace(/\n/g, ', '),
    issuer: x509.issuer.replace(/\n/g, ', '),
    commonName: cn,
    subjectAltNames: san,
    validFrom: new Date(x509.validFrom).toISOString(),
    validTo: new Date(x509.validTo).toISOString(),
    serialNumber: x509.serialNumber,
    fingerprint256: x509.fingerprint256,
    publicKey,
    isCA: x509.ca,
    selfSigned: x509.subject === x509.issuer && x509.checkIssued(x509),
  };
}
