import { z } from 'zod';
import type { ToolContext } from '../../core/context.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';
import { linePositions, splitLines } from '../../lib/lines.ts';
import { compareSeverity, type Finding, findingsField, scoreBreakdownField, scoreField, scoreFromFindings, type Severity, SEVERITIES } from './audit.ts';

/**
 * Every pattern here is linear: no nested quantifiers, every repetition bounded, and the keyword rule reads a
 * bounded window after each keyword with a sticky regex. The input is bounded by textField (1,000,000 characters).
 */
const MAX_MATCHES = 500;
/** Collecting stops at this many candidate matches, so the overlap check and the output stay bounded. */
const MAX_HITS = 5_000;
const PEM_MAX_CHARS = 20_000;
/** Base64-alphabet runs longer than this are embedded files (data: URIs, certificates), not keys. */
const MAX_CANDIDATE_CHARS = 500;

type Confidence = 'high' | 'medium' | 'low';

interface Rule {
  id: string;
  name: string;
  severity: Severity;
  confidence: Confidence;
  regex: RegExp;
  /** The capture group holding the secret (0 = the whole match); a rule with a group needs the `d` flag. */
  group?: number;
  fix: string;
  /** Refines a match: null drops it; a string replaces the name, a severity the rule's. */
  refine?: (match: RegExpExecArray, text: string, ctx: ToolContext) => null | { name?: string; severity?: Severity };
}

const ROTATE =
  'Treat it as compromised: revoke or rotate it now (removing it from the text does not un-leak it), check its logs for misuse, and load secrets from a secret manager or environment variables instead of code.';

const RULES: Rule[] = [
  {
    id: 'private-key',
    name: 'Private key (PEM block)',
    severity: 'high',
    confidence: 'high',
    regex: /-----BEGIN ((?:RSA |DSA |EC |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----/g,
    fix: 'Replace the key pair (generate a new key, revoke certificates or authorized_keys entries made for it) and keep private keys out of code, tickets and chats.',
    refine: (match) =>
      match[1]?.startsWith('ENCRYPTED') ? { name: 'Encrypted private key (PEM block)', severity: 'medium' } : { name: `Private key (${match[1] ?? 'PEM'})` },
  },
  {
    id: 'aws-access-key-id',
    name: 'AWS access key ID',
    severity: 'high',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16}(?![A-Za-z0-9])/g,
    fix: `Deactivate the key in IAM and create a new one. ${ROTATE}`,
    refine: (match) =>
      match[0].endsWith('EXAMPLE')
        ? { name: 'AWS access key ID (the documentation example)', severity: 'info' }
        : match[0].startsWith('ASIA')
          ? { name: 'AWS temporary access key ID (STS)' }
          : {},
  },
  {
    id: 'aws-secret-access-key',
    name: 'AWS secret access key',
    severity: 'high',
    confidence: 'medium',
    regex: /(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g,
    fix: `Deactivate the key pair in IAM and create a new one. ${ROTATE}`,
    refine: (match, text) => {
      // The 200 characters before the match, back to the start of its line (any line break src/lib/lines.ts counts, a lone CR too).
      const before = splitLines(text.slice(Math.max(0, match.index - 200), match.index)).at(-1) ?? '';
      const looksAws = /(aws|amazon).{0,40}(secret|private)|secret.?access.?key/i.test(before);
      if (!looksAws || !/[0-9]/.test(match[0]) || !/[a-z]/.test(match[0]) || !/[A-Z]/.test(match[0])) return null;
      return match[0].endsWith('EXAMPLEKEY') ? { name: 'AWS secret access key (the documentation example)', severity: 'info' } : {};
    },
  },
  {
    id: 'github-token',
    name: 'GitHub token',
    severity: 'high',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_])(gh[pousr])_[A-Za-z0-9]{36,251}(?![A-Za-z0-9_])/g,
    fix: `Revoke it in GitHub (Settings → Developer settings, or the app's settings) and create a new one. ${ROTATE}`,
    refine: (match) => ({ name: GITHUB_KINDS[match[1] ?? ''] ?? 'GitHub token' }),
  },
  {
    id: 'github-fine-grained-token',
    name: 'GitHub fine-grained personal access token',
    severity: 'high',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{22,255}(?![A-Za-z0-9_])/g,
    fix: `Revoke it in GitHub (Settings → Developer settings → Fine-grained tokens). ${ROTATE}`,
  },
  {
    id: 'gitlab-token',
    name: 'GitLab personal access token',
    severity: 'high',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_-])glpat-[A-Za-z0-9_-]{20,100}/g,
    fix: `Revoke it in GitLab (User settings → Access tokens). ${ROTATE}`,
  },
  {
    id: 'slack-token',
    name: 'Slack token',
    severity: 'high',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_-])xox[abposr]-[A-Za-z0-9-]{10,250}/g,
    fix: `Revoke it (api.slack.com → your app → OAuth & Permissions, or auth.revoke). ${ROTATE}`,
    refine: (match) => ({ name: SLACK_KINDS[match[0].slice(0, 4)] ?? 'Slack token' }),
  },
  {
    id: 'slack-app-token',
    name: 'Slack app-level token',
    severity: 'high',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_-])xapp-\d-[A-Za-z0-9-]{10,250}/g,
    fix: `Revoke it in your Slack app settings (Basic Information → App-Level Tokens). ${ROTATE}`,
  },
  {
    id: 'slack-webhook',
    name: 'Slack incoming webhook URL',
    severity: 'high',
    confidence: 'high',
    regex: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/([A-Za-z0-9_/+-]{20,200})/dg,
    group: 1,
    fix: 'Anyone with the URL can post into your channel: delete the webhook in the Slack app settings and create a new one.',
  },
  {
    id: 'stripe-secret-key',
    name: 'Stripe secret key',
    severity: 'high',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_])(?:sk|rk)_(live|test)_[A-Za-z0-9]{10,247}(?![A-Za-z0-9_])/g,
    fix: `Roll the key in the Stripe Dashboard (Developers → API keys). ${ROTATE}`,
    refine: (match) => {
      const restricted = match[0].startsWith('rk_');
      const live = match[1] === 'live';
      return {
        name: `Stripe ${restricted ? 'restricted' : 'secret'} key (${live ? 'live' : 'test'} mode)`,
        severity: live ? 'high' : 'low',
      };
    },
  },
  {
    id: 'stripe-publishable-key',
    name: 'Stripe publishable key (live)',
    severity: 'info',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_])pk_live_[A-Za-z0-9]{10,247}(?![A-Za-z0-9_])/g,
    fix: 'Publishable keys are meant for browsers; nothing to revoke. Make sure the matching secret key (sk_live_…) is not exposed as well.',
  },
  {
    id: 'webhook-signing-secret',
    name: 'Webhook signing secret (whsec_)',
    severity: 'medium',
    confidence: 'medium',
    regex: /(?<![A-Za-z0-9_])whsec_[A-Za-z0-9+/=]{24,100}/g,
    fix: 'Roll the endpoint signing secret (Stripe Dashboard → Webhooks, or your Standard Webhooks provider): with it anyone can forge webhook calls.',
  },
  {
    id: 'google-api-key',
    name: 'Google API key',
    severity: 'medium',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g,
    fix: 'If it is not a browser key restricted to your sites and APIs, regenerate it in Google Cloud Console (APIs & Services → Credentials) and add application and API restrictions.',
  },
  {
    id: 'google-oauth-client-secret',
    name: 'Google OAuth client secret',
    severity: 'high',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_-])GOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])/g,
    fix: `Reset the client secret in Google Cloud Console (Credentials → OAuth 2.0 Client IDs). ${ROTATE}`,
  },
  {
    id: 'openai-api-key',
    name: 'OpenAI API key',
    severity: 'high',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_-])sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,200}T3BlbkFJ[A-Za-z0-9_-]{20,200}/g,
    fix: `Delete the key at platform.openai.com (API keys) and create a new one. ${ROTATE}`,
  },
  {
    id: 'anthropic-api-key',
    name: 'Anthropic API key',
    severity: 'high',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_-])sk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,120}/g,
    fix: `Delete the key in the Anthropic Console (API keys) and create a new one. ${ROTATE}`,
  },
  {
    id: 'npm-token',
    name: 'npm access token',
    severity: 'high',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9_])/g,
    fix: `Revoke it with \`npm token revoke\` or on npmjs.com (Access Tokens). ${ROTATE}`,
  },
  {
    id: 'sendgrid-api-key',
    name: 'SendGrid API key',
    severity: 'high',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_.-])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g,
    fix: `Delete the key in SendGrid (Settings → API Keys). ${ROTATE}`,
  },
  {
    id: 'jwt',
    name: 'JSON Web Token',
    severity: 'medium',
    confidence: 'high',
    regex: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,2000}\.eyJ[A-Za-z0-9_-]{8,8000}\.[A-Za-z0-9_-]{0,1000}/g,
    fix: 'A bearer token grants access until it expires: revoke the session or rotate the signing key if it is still valid, and never log or paste tokens.',
    refine: (match, _text, ctx) => {
      const exp = jwtExpiry(match[0]);
      if (exp !== null && exp * 1000 <= ctx.now().getTime()) return { name: 'JSON Web Token (expired)', severity: 'low' };
      return exp === null ? { name: 'JSON Web Token (no expiry)' } : {};
    },
  },
  {
    id: 'url-credentials',
    name: 'Password in a URL',
    severity: 'high',
    confidence: 'medium',
    regex: /(?<![A-Za-z0-9+.-])[a-zA-Z][a-zA-Z0-9+.-]{1,20}:\/\/[^\s:/@'"`<>]{1,100}:([^\s@/'"`<>]{3,200})@[A-Za-z0-9.-]{1,253}/dg,
    group: 1,
    fix: `Change the password of that account or database user. ${ROTATE}`,
    refine: (match) => (isPlaceholder(match[1] ?? '') ? null : {}),
  },
];

const GITHUB_KINDS: Record<string, string> = {
  ghp: 'GitHub personal access token (classic)',
  gho: 'GitHub OAuth access token',
  ghu: 'GitHub user-to-server token',
  ghs: 'GitHub server-to-server (installation) token',
  ghr: 'GitHub refresh token',
};
const SLACK_KINDS: Record<string, string> = {
  xoxb: 'Slack bot token',
  xoxp: 'Slack user token',
  xoxa: 'Slack workspace access token',
  xoxr: 'Slack refresh token',
  xoxo: 'Slack token',
  xoxs: 'Slack session token',
};

/** Names in assignments (`API_KEY=…`, `"password": "…"`) that mark the value as a credential. */
const KEYWORD = /(?:passw(?:or)?d|\bpwd|secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|client[_-]?secret|private[_-]?key|credentials?)/gi;
/** Read right after a keyword (sticky): the rest of the name, an assignment operator and the value. */
const ASSIGNMENT = /([A-Za-z0-9_.-]{0,30})["']?\s{0,5}(?::=|=>|[:=])\s{0,5}["'`]?([^\s"'`,;]{8,200})/y;
const PLACEHOLDER =
  /^(?:x+|\*+|\.+|-+|<.*>|\$\{.*\}|\{\{.*\}\}|%\(?.*|\$[A-Z_]+|true|false|null|none|undefined|changeme|change_me|password|example|placeholder|redacted|secret|your[_-].*|<?your.*)$/i;
/** Base64 / base64url / hex alphabet runs that may be keys. */
const CANDIDATE = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/=_-]{16,}/g;

function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value) || /example|dummy|sample|placeholder|xxxx|\.\.\.|process\.env|os\.environ|getenv/i.test(value);
}

/** Per-character counts for shannonEntropy, reused across calls (reset after each): a Map per call made entropy the scan's hot spot. */
const asciiCounts = new Uint32Array(128);

/** Shannon entropy in bits per character (summed in the order characters first appear). */
export function shannonEntropy(text: string): number {
  const seen: number[] = [];
  let other: Map<number, number> | undefined;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i) ?? 0;
    if (code > 0xffff) i++;
    if (code < 128) {
      const count = asciiCounts[code] ?? 0;
      if (count === 0) seen.push(code);
      asciiCounts[code] = count + 1;
    } else {
      other ??= new Map();
      const count = other.get(code) ?? 0;
      if (count === 0) seen.push(code);
      other.set(code, count + 1);
    }
    n++;
  }
  let bits = 0;
  for (const code of seen) {
    const count = code < 128 ? (asciiCounts[code] ?? 0) : (other?.get(code) ?? 0);
    if (code < 128) asciiCounts[code] = 0;
    const p = count / n;
    bits -= p * Math.log2(p);
  }
  return bits;
}

function jwtExpiry(token: string): number | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const exp = typeof payload === 'object' && payload !== null ? (payload as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** First characters of the secret, then ****: 4 characters, fewer for short secrets (never more than a quarter). */
export function mask(secret: string): string {
  const chars = [...secret];
  const shown = Math.min(4, Math.floor(chars.length / 4));
  return `${chars.slice(0, shown).join('')}****`;
}

interface Hit {
  rule: string;
  name: string;
  severity: Severity;
  confidence: Confidence;
  /** Where the match starts (for line and column) and where the secret itself lies. */
  index: number;
  secretStart: number;
  secretEnd: number;
  secret: string;
  fix: string;
}

const matchSchema = z.object({
  rule: z.string().describe('Rule id, e.g. aws-access-key-id, github-token, high-entropy-string'),
  name: z.string().describe('What was found'),
  severity: z.enum(SEVERITIES).describe('high, medium, low or info'),
  confidence: z.enum(['high', 'medium', 'low']).describe('high: a documented token format; medium: format plus context; low: heuristic'),
  line: z
    .number()
    .int()
    .describe('1-based line; a line ends at CRLF, LF or a lone CR, as editors such as VS Code count them (and at VT, FF, NEL, U+2028 or U+2029)'),
  column: z.number().int().describe('1-based column, in UTF-16 code units as editors such as VS Code count them'),
  length: z.number().int().describe('Length of the secret in characters'),
  masked: z.string().describe('The first characters of the secret followed by **** (never the whole secret)'),
  entropy: z.number().describe('Shannon entropy of the secret in bits per character (2 decimals)'),
});

export default defineTool({
  module: 'security-apis',
  slug: 'secret-leak-scanner',
  cpu: 'large-input',
  title: 'Secret leak scanner',
  description:
    'Scans text (code, config, .env files, logs, diffs, chat exports; up to 1,000,000 characters) for leaked ' +
    'credentials and reports each with its line and column, masked (the first 4 characters then ****, fewer for short ' +
    'secrets). Finds documented token formats: AWS access key IDs (AKIA/ASIA…) and secret access keys, GitHub tokens ' +
    '(ghp_/gho_/ghu_/ghs_/ghr_, github_pat_), GitLab, Slack tokens (xoxb-/xoxp-/xapp-…) and webhook URLs, Stripe ' +
    'keys (sk_live_/rk_live_, test keys as low, pk_live_ as info) and whsec_ signing secrets, Google API keys (AIza…) ' +
    'and OAuth client secrets, OpenAI, Anthropic, npm and SendGrid keys, private key PEM blocks, JWTs (expired ones ' +
    "rated low) and passwords in URLs (AWS's documentation example keys are rated info); plus heuristics: " +
    'credentials assigned to names such as password, secret, ' +
    'token or api_key, and high-entropy strings (Shannon entropy ≥ `entropyThreshold` bits per character, default 4.5, ' +
    'over runs of at least `minLength` Base64 characters). Returns a 0–100 score, findings with stable ids ' +
    '(rule:line:column) and a fix for each, and the list of matches. Patterns are linear-time (no ReDoS). The text ' +
    'and the secrets are never stored, logged or echoed.',
  keywords: [
    'secret scanner',
    'leaked secrets',
    'api key',
    'credentials',
    'aws key',
    'github token',
    'gitleaks',
    'trufflehog',
    'entropy',
    'private key',
    'dlp',
  ],
  input: () =>
    z.object({
      text: textField('The text to scan (never stored, logged or echoed)'),
      includeGeneric: z
        .boolean()
        .default(true)
        .describe('Also run the heuristics (keyword assignments and high-entropy strings), which find more but can be wrong; default true'),
      entropyThreshold: z
        .number()
        .min(3, 'at least 3')
        .max(6, 'at most 6')
        .default(4.5)
        .describe('Bits per character from which a Base64-like string counts as a possible secret (3–6, default 4.5; lower finds more)'),
      minLength: z
        .number()
        .int('a whole number')
        .min(16, 'at least 16')
        .max(128, 'at most 128')
        .default(20)
        .describe('Shortest string the entropy heuristic considers (16–128, default 20)'),
    }),
  output: () =>
    z.object({
      score: scoreField,
      scoreBreakdown: scoreBreakdownField,
      findings: findingsField,
      matches: z.array(matchSchema).describe('Every secret found, in text order'),
      summary: z
        .object({
          total: z
            .number()
            .int()
            .describe(`Secrets found (counting stops at ${MAX_HITS.toLocaleString('en')} candidates)`),
          byRule: z.record(z.string(), z.number().int()).describe('How many per rule'),
          bySeverity: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int(), info: z.number().int() }),
          truncated: z
            .boolean()
            .describe(
              `True when not every secret is listed: more than ${MAX_MATCHES} were found, or the scan stopped at ${MAX_HITS.toLocaleString('en')} candidates`,
            ),
        })
        .describe('Counts'),
      scanned: z.object({ characters: z.number().int(), lines: z.number().int() }).describe('How much text was scanned'),
    }),
  examples: [
    {
      title: 'an .env file with an AWS key pair and a GitHub token',
      input: {
        text:
          'AWS_ACCESS_KEY_ID=AKIACQU2DRJ4MH5YAXFG\nAWS_SECRET_ACCESS_KEY=hDpjFq5MlWAvJMaYGHWB4kGns4cq36J4uE+FUtQ8\n' +
          'GITHUB_TOKEN=ghp_zZMdIYKApRbLjUZcXGOvkU6i2CBjKiwSVspN\nDEBUG=true\n',
      },
      output: {
        score: 25,
        scoreBreakdown: { start: 100, high: -75, medium: 0, low: 0, info: 0 },
        findings: [
          {
            id: 'aws-access-key-id:1:19',
            severity: 'high',
            title: 'AWS access key ID',
            evidence: 'Line 1, column 19: AKIA**** (20 characters, high confidence)',
            fix: 'Deactivate the key in IAM and create a new one. Treat it as compromised: revoke or rotate it now (removing it from the text does not un-leak it), check its logs for misuse, and load secrets from a secret manager or environment variables instead of code.',
          },
          {
            id: 'aws-secret-access-key:2:23',
            severity: 'high',
            title: 'AWS secret access key',
            evidence: 'Line 2, column 23: hDpj**** (40 characters, medium confidence)',
            fix: 'Deactivate the key pair in IAM and create a new one. Treat it as compromised: revoke or rotate it now (removing it from the text does not un-leak it), check its logs for misuse, and load secrets from a secret manager or environment variables instead of code.',
          },
          {
            id: 'github-token:3:14',
            severity: 'high',
            title: 'GitHub personal access token (classic)',
            evidence: 'Line 3, column 14: ghp_**** (40 characters, high confidence)',
            fix: "Revoke it in GitHub (Settings → Developer settings, or the app's settings) and create a new one. Treat it as compromised: revoke or rotate it now (removing it from the text does not un-leak it), check its logs for misuse, and load secrets from a secret manager or environment variables instead of code.",
          },
        ],
        matches: [
          {
            rule: 'aws-access-key-id',
            name: 'AWS access key ID',
            severity: 'high',
            confidence: 'high',
            line: 1,
            column: 19,
            length: 20,
            masked: 'AKIA****',
            entropy: 4.08,
          },
          {
            rule: 'aws-secret-access-key',
            name: 'AWS secret access key',
            severity: 'high',
            confidence: 'medium',
            line: 2,
            column: 23,
            length: 40,
            masked: 'hDpj****',
            entropy: 4.9,
          },
          {
            rule: 'github-token',
            name: 'GitHub personal access token (classic)',
            severity: 'high',
            confidence: 'high',
            line: 3,
            column: 14,
            length: 40,
            masked: 'ghp_****',
            entropy: 4.95,
          },
        ],
        summary: {
          total: 3,
          byRule: { 'aws-access-key-id': 1, 'aws-secret-access-key': 1, 'github-token': 1 },
          bySeverity: { high: 3, medium: 0, low: 0, info: 0 },
          truncated: false,
        },
        scanned: { characters: 167, lines: 5 },
      },
    },
    {
      title: 'clean code has a score of 100',
      input: { text: 'const apiKey = process.env.API_KEY;\nconsole.log("hello world");\n' },
      output: {
        score: 100,
        scoreBreakdown: { start: 100, high: 0, medium: 0, low: 0, info: 0 },
        findings: [],
        matches: [],
        summary: { total: 0, byRule: {}, bySeverity: { high: 0, medium: 0, low: 0, info: 0 }, truncated: false },
        scanned: { characters: 64, lines: 3 },
      },
    },
    {
      title: 'a database URL with a password and a private key header',
      input: {
        text: 'DATABASE_URL=postgres://app:s3cr3t-P4ssw0rd-2024@db.internal:5432/app\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bqX2mRkR9Hcw1Y5nq0Vd8f3Jp6TzLx4oWc0sGm1aKuE5rN\n-----END RSA PRIVATE KEY-----',
      },
      output: {
        score: 50,
        scoreBreakdown: { start: 100, high: -50, medium: 0, low: 0, info: 0 },
        findings: [
          {
            id: 'url-credentials:1:14',
            severity: 'high',
            title: 'Password in a URL',
            evidence: 'Line 1, column 14: s3cr**** (20 characters, medium confidence)',
            fix: 'Change the password of that account or database user. Treat it as compromised: revoke or rotate it now (removing it from the text does not un-leak it), check its logs for misuse, and load secrets from a secret manager or environment variables instead of code.',
          },
          {
            id: 'private-key:2:1',
            severity: 'high',
            title: 'Private key (RSA PRIVATE KEY)',
            evidence: 'Line 2, column 1: MIIE**** (63 characters, high confidence)',
            fix: 'Replace the key pair (generate a new key, revoke certificates or authorized_keys entries made for it) and keep private keys out of code, tickets and chats.',
          },
        ],
        matches: [
          {
            rule: 'url-credentials',
            name: 'Password in a URL',
            severity: 'high',
            confidence: 'medium',
            line: 1,
            column: 14,
            length: 20,
            masked: 's3cr****',
            entropy: 3.48,
          },
          {
            rule: 'private-key',
            name: 'Private key (RSA PRIVATE KEY)',
            severity: 'high',
            confidence: 'high',
            line: 2,
            column: 1,
            length: 63,
            masked: 'MIIE****',
            entropy: 5.38,
          },
        ],
        summary: { total: 2, byRule: { 'url-credentials': 1, 'private-key': 1 }, bySeverity: { high: 2, medium: 0, low: 0, info: 0 }, truncated: false },
        scanned: { characters: 195, lines: 4 },
      },
    },
  ],
  run: ({ text, includeGeneric, entropyThreshold, minLength }, ctx) => scan(text, { includeGeneric, entropyThreshold, minLength }, ctx),
});

interface Options {
  includeGeneric: boolean;
  entropyThreshold: number;
  minLength: number;
}

function scan(text: string, options: Options, ctx: ToolContext) {
  const hits: Hit[] = [];
  for (const rule of RULES) {
    rule.regex.lastIndex = 0;
    for (let m = rule.regex.exec(text); m !== null && hits.length < MAX_HITS; m = rule.regex.exec(text)) {
      const refined = rule.refine ? rule.refine(m, text, ctx) : {};
      if (refined === null) continue;
      const span = rule.group ? m.indices?.[rule.group] : undefined;
      let secretStart = span?.[0] ?? m.index;
      let secretEnd = span?.[1] ?? m.index + m[0].length;
      let secret = text.slice(secretStart, secretEnd);
      if (rule.id === 'private-key') {
        // The secret is the key body, up to the END line within a bounded window (so many BEGINs cannot make the scan quadratic).
        const bodyStart = m.index + m[0].length;
        const window = text.slice(bodyStart, bodyStart + PEM_MAX_CHARS);
        const end = window.indexOf('-----END ');
        const body = end >= 0 ? window.slice(0, end) : window;
        const firstLine = /^[A-Za-z0-9+/=]{16,}$/m.exec(body) ?? /[A-Za-z0-9+/]{4,}/.exec(body);
        if (firstLine) {
          secret = body.slice(firstLine.index).replace(/\s+/g, '');
          secretStart = bodyStart + firstLine.index;
          secretEnd = bodyStart + body.length;
        }
        rule.regex.lastIndex = bodyStart + body.length;
      }
      hits.push({
        rule: rule.id,
        name: refined.name ?? rule.name,
        severity: refined.severity ?? rule.severity,
        confidence: rule.confidence,
        index: m.index,
        secretStart,
        secretEnd,
        secret,
        fix: rule.fix,
      });
      if (m[0].length === 0) rule.regex.lastIndex++;
    }
  }
  if (options.includeGeneric && hits.length < MAX_HITS) hits.push(...keywordHits(text, MAX_HITS - hits.length));
  if (options.includeGeneric && hits.length < MAX_HITS) hits.push(...entropyHits(text, options, MAX_HITS - hits.length));
  const stoppedEarly = hits.length >= MAX_HITS;
  if (stoppedEarly) ctx.warn(`The scan stopped after ${MAX_HITS.toLocaleString('en')} candidate matches; the text holds more.`);
  // Specific rules first, then the keyword heuristic, then entropy: a later hit overlapping an earlier one is the same secret.
  const kept = withoutOverlaps(hits);
  kept.sort((a, b) => a.index - b.index || a.secretStart - b.secretStart);
  const truncated = kept.length > MAX_MATCHES || stoppedEarly;
  if (kept.length > MAX_MATCHES) ctx.warn(`${kept.length} secrets were found; only the first ${MAX_MATCHES} are listed.`);
  const listed = kept.slice(0, MAX_MATCHES);

  const lines = linePositions(text);

  const matches = listed.map((hit) => {
    const { line, column } = lines.position(hit.index);
    return {
      rule: hit.rule,
      name: hit.name,
      severity: hit.severity,
      confidence: hit.confidence,
      line,
      column,
      length: [...hit.secret].length,
      masked: mask(hit.secret),
      entropy: Math.round(shannonEntropy(hit.secret) * 100) / 100,
    };
  });
  const findings: Finding[] = matches.map((m, i) => ({
    id: `${m.rule}:${m.line}:${m.column}`,
    severity: m.severity,
    title: m.name,
    evidence: `Line ${m.line}, column ${m.column}: ${m.masked} (${m.length} characters, ${m.confidence} confidence)`,
    fix: listed[i]?.fix ?? ROTATE,
  }));
  const sorted = [...findings].sort(compareSeverity);
  const byRule: Record<string, number> = {};
  const bySeverity = { high: 0, medium: 0, low: 0, info: 0 };
  for (const m of kept) {
    byRule[m.rule] = (byRule[m.rule] ?? 0) + 1;
    bySeverity[m.severity]++;
  }
  return {
    ...scoreFromFindings(sorted),
    findings: sorted,
    matches,
    summary: { total: kept.length, byRule, bySeverity, truncated },
    scanned: { characters: text.length, lines: lines.lineCount },
  };
}

/**
 * The hits in order, each dropped when its secret overlaps one kept before it. The kept secrets are disjoint and
 * never empty (every pattern needs characters), so sorted by start they are sorted by end too: one binary search
 * per hit finds the only kept secret it can overlap (up to 5,000 hits, where comparing with each was quadratic).
 */
function withoutOverlaps(hits: Hit[]): Hit[] {
  const kept: Hit[] = [];
  const byStart: Hit[] = [];
  for (const hit of hits) {
    // The first kept secret that ends after this one starts.
    let lo = 0;
    let hi = byStart.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (byStart[mid]!.secretEnd > hit.secretStart) hi = mid;
      else lo = mid + 1;
    }
    if (lo < byStart.length && byStart[lo]!.secretStart < hit.secretEnd) continue;
    byStart.splice(lo, 0, hit);
    kept.push(hit);
  }
  return kept;
}

const KEYWORD_FIX = 'Move the value to a secret manager or an environment variable that is not committed, and rotate it if this text was shared or committed.';

function keywordHits(text: string, limit: number): Hit[] {
  const hits: Hit[] = [];
  KEYWORD.lastIndex = 0;
  for (let k = KEYWORD.exec(text); k !== null && hits.length < limit; k = KEYWORD.exec(text)) {
    ASSIGNMENT.lastIndex = k.index + k[0].length;
    const a = ASSIGNMENT.exec(text);
    if (a === null) continue;
    const value = a[2] ?? '';
    if (shannonEntropy(value) < 3 || isPlaceholder(value)) continue; // the cheaper test first
    if (/^[A-Za-z_$][\w$]*(?:\.[\w$]+)+(?:\(.*)?$/.test(value) || value.endsWith('(')) continue; // config.secret, getToken(
    const prefix = /[A-Za-z0-9_.-]{0,30}$/.exec(text.slice(Math.max(0, k.index - 30), k.index))?.[0] ?? '';
    const secretStart = a.index + a[0].length - value.length;
    hits.push({
      rule: 'generic-credential',
      name: `Credential assigned to ${prefix}${k[0]}${a[1] ?? ''}`,
      severity: 'medium',
      confidence: 'medium',
      index: secretStart,
      secretStart,
      secretEnd: secretStart + value.length,
      secret: value,
      fix: KEYWORD_FIX,
    });
    KEYWORD.lastIndex = Math.max(KEYWORD.lastIndex, a.index + a[0].length);
  }
  return hits;
}

function entropyHits(text: string, options: Options, limit: number): Hit[] {
  const hits: Hit[] = [];
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(text); m !== null && hits.length < limit; m = CANDIDATE.exec(text)) {
    const token = m[0].replace(/=+$/, '');
    if (token.length < options.minLength || m[0].length > MAX_CANDIDATE_CHARS) continue;
    // Words, paths and identifiers have no digits or only one letter case; hex digests (commit ids, checksums) are not secrets by themselves.
    if (!/[0-9]/.test(token) || !/[a-z]/.test(token) || !/[A-Z]/.test(token) || /^[0-9a-fA-F]+$/.test(token)) continue;
    const entropy = shannonEntropy(token);
    if (entropy < options.entropyThreshold) continue;
    hits.push({
      rule: 'high-entropy-string',
      name: 'High-entropy string (possible secret)',
      severity: 'low',
      confidence: 'low',
      index: m.index,
      secretStart: m.index,
      secretEnd: m.index + token.length,
      secret: token,
      fix: 'Check what this string is: if it is a key, token or password, move it out of the text and rotate it.',
    });
  }
  return hits;
}
