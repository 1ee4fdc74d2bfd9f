import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A stand-in for real S3 on loopback: s3rver (an S3-compatible server written in Node, not AWS) keeps
 * the bucket in a temp directory. s3rver checks SigV4 requests only for a known access key and for
 * expiry, not the signature itself (its source: "Signature version 4 calculation is unimplemented"), and
 * it serves unsigned requests as if every bucket were public. Real S3 does neither, so every request
 * passes a SigV4 check here first, written from the AWS specification independently of the SDK under
 * test: a header-signed call or a presigned URL whose signature does not match is 403
 * SignatureDoesNotMatch, an expired presigned URL 403 AccessDenied, an unsigned request 403
 * AccessDenied (a private bucket), as on AWS.
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The service's settings for this bucket (CONTRACT "Running it": TOOLAPI_S3_*). */
  env: Record<string, string>;
  /** Every request the server answered, in order: method, decoded path, how it was signed, status. */
  requests: S3Request[];
  /** The keys in the bucket, listed through the S3 API (ListObjectsV2). */
  keys(prefix?: string): Promise<string[]>;
  /** The next `count` requests are answered 503 SlowDown, as S3 does under load. */
  failNext(count: number): void;
  close(): Promise<void>;
}

export interface S3Request {
  method: string;
  path: string;
  auth: 'header' | 'query' | 'none';
  status: number;
}

/** s3rver knows one account; its key pair is fixed. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';
const MAX_SKEW_MS = 15 * 60 * 1000;

export async function startS3Server(bucket = 'toolapi-files'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'toolapi-s3-'));
  const s3rver = new S3rver({ directory, silent: true, vhostBuckets: false, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const requests: S3Request[] = [];
  let failures = 0;

  const server = createServer((req, res) => {
    const auth = 'authorization' in req.headers ? 'header' : /[?&]X-Amz-Algorithm=/i.test(req.url ?? '') ? 'query' : 'none';
    res.once('finish', () => requests.push({ method: req.method ?? '', path: safeDecode((req.url ?? '').split('?')[0] ?? ''), auth, status: res.statusCode }));
    if (failures > 0) {
      failures -= 1;
      req.resume();
      return refuse(res, { status: 503, code: 'SlowDown', message: 'Please reduce your request rate.' });
    }
    const refusal = checkSigV4(req, { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY, region: REGION });
    if (refusal) return refuse(res, refusal);
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new S3Client({
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });

  return {
    endpoint,
    bucket,
    region: REGION,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    env: {
      TOOLAPI_S3_BUCKET: bucket,
      TOOLAPI_S3_ENDPOINT: endpoint,
      TOOLAPI_S3_REGION: REGION,
      TOOLAPI_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      TOOLAPI_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      TOOLAPI_S3_FORCE_PATH_STYLE: 'true',
    },
    requests,
    async keys(prefix) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '');
    },
    failNext(count) {
      failures = count;
    },
    async close() {
      client.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

interface Refusal {
  status: number;
  code: string;
  message: string;
}

function refuse(res: ServerResponse, { status, code, message }: Refusal): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
  res.end(xml);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** RFC 3986 unreserved characters stay; everything else is percent-encoded (SigV4's UriEncode). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** `YYYYMMDDTHHMMSSZ` → Date; undefined when malformed. */
function parseAmzDate(value: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return undefined;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}

/**
 * AWS Signature Version 4 (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html),
 * for both an `Authorization` header and a presigned URL. Returns why the request is refused, or undefined.
 */
export function checkSigV4(req: IncomingMessage, creds: { accessKeyId: string; secretAccessKey: string; region: string }): Refusal | undefined {
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split(/\?(.*)/s);
  let query: [string, string][];
  let canonicalUri: string;
  try {
    query = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return at < 0 ? [decodeURIComponent(pair), ''] : [decodeURIComponent(pair.slice(0, at)), decodeURIComponent(pair.slice(at + 1))];
      });
    canonicalUri = rawPath
      .split('/')
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join('/');
  } catch {
    return { status: 400, code: 'InvalidURI', message: 'Could not parse the specified URI.' };
  }
  const param = (name: string): string | undefined => query.find(([k]) => k === name)?.[1];
  const header = (name: string): string | undefined => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };

  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let amzDate: string | undefined;
  let payloadHash: string;
  let canonicalQueryPairs = query;
  const authorization = header('authorization');
  if (authorization !== undefined) {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!m) return { status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed.' };
    [, credential = '', signedHeaders = '', signature = ''] = m;
    amzDate = header('x-amz-date');
    const hash = header('x-amz-content-sha256');
    if (!hash) return { status: 400, code: 'InvalidRequest', message: 'Missing required header for this request: x-amz-content-sha256' };
    payloadHash = hash;
    const when = parseAmzDate(amzDate);
    if (!when) return { status: 403, code: 'AccessDenied', message: 'AWS authentication requires a valid Date or x-amz-date header' };
    if (Math.abs(Date.now() - when.getTime()) > MAX_SKEW_MS) {
      return { status: 403, code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' };
    }
  } else if (param('X-Amz-Algorithm') !== undefined) {
    const required = ['X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];
    if (param('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || required.some((name) => param(name) === undefined)) {
      return {
        status: 400,
        code: 'AuthorizationQueryParametersError',
        message:
          'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
      };
    }
    credential = param('X-Amz-Credential') ?? '';
    signedHeaders = param('X-Amz-SignedHeaders') ?? '';
    signature = param('X-Amz-Signature') ?? '';
    amzDate = param('X-Amz-Date');
    payloadHash = param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    canonicalQueryPairs = query.filter(([k]) => k !== 'X-Amz-Signature');
    const when = parseAmzDate(amzDate);
    const expires = Number(param('X-Amz-Expires'));
    if (!when || !Number.isInteger(expires) || expires < 1 || expires > 604_800) {
      return { status: 400, code: 'AuthorizationQueryParametersError', message: 'X-Amz-Date or X-Amz-Expires is malformed (at most 604800 seconds).' };
    }
    if (Date.now() > when.getTime() + expires * 1000) return { status: 403, code: 'AccessDenied', message: 'Request has expired' };
    if (when.getTime() - Date.now() > MAX_SKEW_MS) return { status: 403, code: 'AccessDenied', message: 'Request is not valid yet' };
  } else {
    // Real buckets are private: an unsigned request is refused.
    return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
  }

  const [accessKeyId, scopeDate = '', region = '', service, terminator] = credential.split('/');
  if (accessKeyId !== creds.accessKeyId) {
    return { status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  }
  if (scopeDate !== amzDate?.slice(0, 8) || region !== creds.region || service !== 's3' || terminator !== 'aws4_request') {
    return { status: 400, code: 'AuthorizationHeaderMalformed', message: `The credential scope ${credential} is not valid for this bucket.` };
  }
  const headerNames = signedHeaders.split(';');
  if (!headerNames.includes('host')) return { status: 400, code: 'InvalidRequest', message: 'The host header must be signed.' };

  const canonicalQuery = canonicalQueryPairs
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = headerNames.map((name) => `${name}:${(header(name) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [req.method ?? 'GET', canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${scopeDate}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, scopeDate), region), 's3'), 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
  }
  return undefined;
}
