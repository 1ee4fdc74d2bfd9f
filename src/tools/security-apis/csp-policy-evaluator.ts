import type * as CspChecks from 'csp_evaluator/dist/checks/security_checks.js';
import type * as CspPolicy from 'csp_evaluator/dist/csp.js';
import type * as CspEvaluatorModule from 'csp_evaluator/dist/evaluator.js';
import type * as CspFindings from 'csp_evaluator/dist/finding.js';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import type { ToolContext } from '../../core/context.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { type Finding, findingsField, scoreBreakdownField, scoreField, scoreFromFindings, type Severity, sortFindings, uniqueFindings } from './audit.ts';
import { lazy } from '../../lib/lazy.ts';

const cspChecks = lazy<typeof CspChecks>('csp_evaluator/dist/checks/security_checks.js');
const cspPolicy = lazy<typeof CspPolicy>('csp_evaluator/dist/csp.js');
const cspEvaluator = lazy<typeof CspEvaluatorModule>('csp_evaluator/dist/evaluator.js');
const cspFindings = lazy<typeof CspFindings>('csp_evaluator/dist/finding.js');
type CspFinding = CspFindings.Finding;

const MAX_POLICY_CHARS = 50_000;
/** Directives csp_evaluator 1.1.8 does not know yet but browsers do. */
const EXTRA_DIRECTIVES = new Set(['fenced-frame-src']);
/** Directives a <meta http-equiv> policy cannot use (CSP3 §3.3): browsers ignore them there. */
const META_IGNORED = ['frame-ancestors', 'report-uri', 'report-to', 'sandbox'];
const DEPRECATED_EXTRA: Record<string, string> = {
  'block-all-mixed-content': 'Browsers now block or upgrade mixed content by themselves; use upgrade-insecure-requests if you still need it.',
  'plugin-types': "Browsers removed plugins and this directive; set object-src 'none' instead.",
};

/** How csp_evaluator's severities map onto the house scale. */
function houseSeverity(severity: CspFindings.Severity): Severity {
  const CspSeverity = cspFindings().Severity;
  const map: Record<number, Severity> = {
    [CspSeverity.HIGH]: 'high',
    [CspSeverity.SYNTAX]: 'medium',
    [CspSeverity.MEDIUM]: 'medium',
    [CspSeverity.HIGH_MAYBE]: 'medium',
    [CspSeverity.STRICT_CSP]: 'low',
    [CspSeverity.MEDIUM_MAYBE]: 'low',
    [CspSeverity.INFO]: 'info',
    [CspSeverity.NONE]: 'info',
  };
  return map[severity] ?? 'info';
}

interface Explained {
  title: string;
  fix: string;
  severity?: Severity;
}

/** Title and fix for each csp_evaluator finding type; its own description becomes the evidence. */
function explain(finding: CspFinding): Explained {
  const { Type, Severity: CspSeverity } = cspFindings();
  const d = finding.directive;
  const v = finding.value ?? '';
  switch (finding.type) {
    case Type.MISSING_SEMICOLON:
      return {
        title: `Missing semicolon in ${d}: "${v}" looks like a directive`,
        fix: 'End every directive with a semicolon; otherwise the next directive is read as a source of this one.',
      };
    case Type.UNKNOWN_DIRECTIVE:
      return {
        title: `Unknown directive "${d}"`,
        fix: 'Check the spelling (no colon after the name): browsers ignore unknown directives, so this one protects nothing.',
      };
    case Type.INVALID_KEYWORD:
      return {
        title: `"${v}" in ${d} is not a valid keyword`,
        fix: "Keywords need single quotes ('self', 'none', 'unsafe-inline', 'nonce-…'); without them they are read as host names.",
      };
    case Type.NONCE_CHARSET:
      return { title: `The nonce in ${d} is not Base64`, fix: 'Generate nonces as Base64 of at least 16 random bytes, fresh for every response.' };
    case Type.MISSING_DIRECTIVES:
      return missingDirective(d);
    case Type.SCRIPT_UNSAFE_INLINE:
      return {
        title: `'unsafe-inline' in ${d} without a nonce or hash`,
        fix: "Remove 'unsafe-inline' and allow scripts with nonces ('nonce-…') or hashes ('sha256-…'), ideally with 'strict-dynamic'; move inline event handlers into scripts.",
      };
    case Type.SCRIPT_UNSAFE_EVAL:
      return {
        title: `'unsafe-eval' in ${d}`,
        fix: "Remove 'unsafe-eval': replace eval(), new Function() and string timers; use 'wasm-unsafe-eval' if only WebAssembly needs it.",
        severity: 'medium',
      };
    case Type.PLAIN_URL_SCHEMES:
      return {
        title: `Scheme-only source ${v} in ${d}`,
        fix: `${v} allows scripts from any host with that scheme (an attacker's too). Allow specific hosts, or better nonces/hashes with 'strict-dynamic'.`,
      };
    case Type.PLAIN_WILDCARD:
      return { title: `Wildcard '*' in ${d}`, fix: `'*' allows any host. In ${d} list what is needed, or use 'none'.` };
    case Type.SCRIPT_ALLOWLIST_BYPASS:
      if (v === "'self'") {
        return {
          title: `'self' in ${d} may allow bypasses`,
          fix: "Make sure your origin serves no JSONP endpoints, AngularJS or user uploads as scripts; nonce-based CSP with 'strict-dynamic' avoids the question.",
        };
      }
      if (finding.severity === CspSeverity.HIGH) {
        return {
          title: `${v} in ${d} allows a known CSP bypass`,
          fix: `Remove ${v}: it hosts JSONP endpoints or AngularJS that run attacker-chosen code. Use nonces or hashes with 'strict-dynamic' instead of host allowlists.`,
        };
      }
      return {
        title: `Host allowlisted in ${d}: ${v}`,
        fix: `Make sure ${v} serves no JSONP replies or AngularJS; host allowlists are hard to keep safe, nonces or hashes are not.`,
      };
    case Type.OBJECT_ALLOWLIST_BYPASS:
      return finding.severity === CspSeverity.HIGH
        ? { title: `${v} in ${d} hosts Flash files that bypass the policy`, fix: "Set object-src 'none'." }
        : { title: `${d} allows ${v}`, fix: "Set object-src 'none': plugins are obsolete and only add attack surface." };
    case Type.NONCE_LENGTH:
      return { title: `Nonce in ${d} is too short`, fix: 'Use at least 128 bits of randomness per response (22+ Base64 characters).' };
    case Type.IP_SOURCE:
      return {
        title: `IP address or localhost source in ${d}: ${v}`,
        fix: 'Remove IP and localhost sources from production policies; browsers ignore IP sources in some cases.',
      };
    case Type.DEPRECATED_DIRECTIVE:
      return { title: `Deprecated directive ${d}`, fix: deprecatedFix(d) };
    case Type.SRC_HTTP:
      return { title: `Plain-HTTP source in ${d}: ${v}`, fix: 'Use https:// sources: code loaded over HTTP can be replaced in transit.' };
    case Type.STRICT_DYNAMIC:
      return {
        title: `${d} relies on a host allowlist`,
        fix: 'Host allowlists can often be bypassed: use nonces or hashes with \'strict-dynamic\' (a "strict CSP").',
      };
    case Type.STRICT_DYNAMIC_NOT_STANDALONE:
      return { title: `'strict-dynamic' in ${d} without a nonce or hash`, fix: "Add a nonce or hash: with 'strict-dynamic' alone no script can load." };
    case Type.UNSAFE_INLINE_FALLBACK:
      return {
        title: `No 'unsafe-inline' fallback in ${d} for old browsers`,
        fix: "Optionally add 'unsafe-inline': browsers that support nonces or hashes ignore it, very old ones need it to run your scripts.",
      };
    case Type.ALLOWLIST_FALLBACK:
      return {
        title: `No https: fallback in ${d} for old browsers`,
        fix: "Optionally add https: — browsers that support 'strict-dynamic' ignore it, older ones need it to load scripts.",
      };
    case Type.IGNORED:
      return {
        title: `${v} in ${d} is ignored by modern browsers`,
        fix: 'Nothing to do if it is there for old browsers; otherwise remove it to keep the policy readable.',
      };
    case Type.REQUIRE_TRUSTED_TYPES_FOR_SCRIPTS:
      return {
        title: 'Trusted Types are not required',
        fix: "Add require-trusted-types-for 'script' to lock DOM XSS sinks (innerHTML, eval…) in browsers that support it.",
      };
    case Type.REPORTING_DESTINATION_MISSING:
      return {
        title: 'No reporting destination',
        fix: 'Add report-uri (and report-to with a Reporting-Endpoints header) to learn about violations and breakage.',
      };
    case Type.REPORT_TO_ONLY:
      return { title: 'Reports only via report-to', fix: 'Also add report-uri: not every browser sends reports to report-to endpoints.' };
    default:
      return { title: finding.description, fix: 'See the evidence.' };
  }
}

function missingDirective(directive: string): Explained {
  switch (directive) {
    case 'object-src':
      return { title: 'object-src is missing', fix: "Add object-src 'none' (or default-src 'none'): plugins can run script." };
    case 'script-src':
      return {
        title: 'script-src is missing',
        fix: "Add script-src (or default-src) with nonces or hashes and 'strict-dynamic': without it any script may run.",
      };
    case 'base-uri':
      return { title: 'base-uri is missing', fix: "Add base-uri 'none' (or 'self'): an injected <base> tag can redirect nonce-bearing relative scripts." };
    default:
      return { title: `${directive} is missing`, fix: `Add ${directive}.` };
  }
}

function deprecatedFix(directive: string): string {
  switch (directive) {
    case 'reflected-xss':
      return 'Remove it: it was dropped from CSP (and the X-XSS-Protection header it mirrored is obsolete too).';
    case 'referrer':
      return 'Remove it and send a Referrer-Policy header instead.';
    case 'disown-opener':
      return 'Remove it and send Cross-Origin-Opener-Policy: same-origin instead.';
    case 'prefetch-src':
      return 'Remove it: browsers dropped it; prefetches follow default-src.';
    default:
      return DEPRECATED_EXTRA[directive] ?? 'Remove it.';
  }
}

const directiveSchema = z.object({
  name: z.string().describe('Directive name, lower-cased'),
  values: z.array(z.string()).describe('Its source expressions and keywords'),
  known: z.boolean().describe('Whether browsers know this directive'),
});

/** The two notes the examples' policies share: neither requires Trusted Types nor names a reporting destination. */
const NO_TRUSTED_TYPES_NO_REPORTING: Finding[] = [
  {
    id: 'require-trusted-types-for-scripts:require-trusted-types-for',
    severity: 'info',
    title: 'Trusted Types are not required',
    evidence:
      'require-trusted-types-for — Consider requiring Trusted Types for scripts to lock down DOM XSS injection sinks. You can do this by adding "require-trusted-types-for \'script\'" to your policy.',
    fix: "Add require-trusted-types-for 'script' to lock DOM XSS sinks (innerHTML, eval…) in browsers that support it.",
  },
  {
    id: 'reporting-destination-missing:report-uri',
    severity: 'info',
    title: 'No reporting destination',
    evidence:
      'report-uri — This CSP policy does not configure a reporting destination. This makes it difficult to maintain the CSP policy over time and monitor for any breakages.',
    fix: 'Add report-uri (and report-to with a Reporting-Endpoints header) to learn about violations and breakage.',
  },
];

export default defineTool({
  module: 'security-apis',
  slug: 'csp-policy-evaluator',
  cpu: 'large-input',
  title: 'Content Security Policy (CSP) evaluator',
  description:
    'Evaluates a Content-Security-Policy header value for XSS and clickjacking protection, using the checks of ' +
    "Google's CSP Evaluator (the csp_evaluator library) plus a few of its own. Reports 'unsafe-inline' without " +
    "nonces or hashes, 'unsafe-eval', wildcards and scheme-only sources (*, https:, data:) where scripts load, hosts " +
    'known to allow bypasses through JSONP or AngularJS (e.g. *.googleapis.com, cdnjs.cloudflare.com, www.google.com), ' +
    'plain-http: and IP sources, missing script-src/default-src, object-src, base-uri and frame-ancestors, short ' +
    "nonces, 'strict-dynamic' misuse, Trusted Types, reporting (report-uri/report-to), deprecated and unknown " +
    'directives, unquoted keywords, duplicate directives and commas that split the policy. Returns a 0–100 score, ' +
    'findings with stable ids, severity, evidence and a fix, the parsed directives, the effective script-src, and ' +
    'whether the policy is a "strict CSP". Set `reportOnly` for a Content-Security-Policy-Report-Only value and ' +
    '`delivery: "meta"` for a <meta> tag policy. To fetch a live header use security-headers-analyzer.',
  keywords: [
    'csp',
    'content security policy',
    'csp evaluator',
    'xss',
    'script-src',
    'strict-dynamic',
    'nonce',
    'unsafe-inline',
    'frame-ancestors',
    'security headers',
  ],
  input: () =>
    z.object({
      policy: z
        .string()
        .min(1, 'must not be empty')
        .max(MAX_POLICY_CHARS, `at most ${MAX_POLICY_CHARS.toLocaleString('en')} characters`)
        .describe('The policy, e.g. "script-src \'self\'; object-src \'none\'" (a leading "Content-Security-Policy:" is ignored)'),
      reportOnly: z.boolean().default(false).describe('True when the policy is sent as Content-Security-Policy-Report-Only (it then enforces nothing)'),
      delivery: z
        .enum(['header', 'meta'])
        .default('header')
        .describe('header (default) or meta (a <meta http-equiv> tag, which ignores frame-ancestors, report-uri and sandbox)'),
    }),
  output: () =>
    z.object({
      score: scoreField,
      scoreBreakdown: scoreBreakdownField,
      findings: findingsField,
      strictCsp: z
        .boolean()
        .describe(
          "True when scripts are allowed by nonces or hashes (not host allowlists), without 'unsafe-inline'/'unsafe-eval', with object-src 'none' and base-uri 'none' or 'self'",
        ),
      directives: z.array(directiveSchema).describe('The directives as a browser parses them (first occurrence wins)'),
      effectiveScriptSrc: z
        .object({
          directive: z.string().nullable().describe('script-src, or default-src when script-src is absent; null when neither is set'),
          values: z.array(z.string()).describe('Its values'),
        })
        .describe('What controls scripts'),
      uses: z
        .object({
          nonces: z.boolean(),
          hashes: z.boolean(),
          strictDynamic: z.boolean(),
          unsafeInline: z.boolean().describe("'unsafe-inline' in the effective script-src (even if ignored because of nonces)"),
          unsafeEval: z.boolean(),
          trustedTypes: z.boolean().describe("require-trusted-types-for 'script' is set"),
          reportUri: z.boolean(),
          reportTo: z.boolean(),
          upgradeInsecureRequests: z.boolean(),
        })
        .describe('Features the policy uses'),
      additionalPolicies: z.array(z.string()).describe('Further policies after a comma; browsers enforce each, this evaluation covers the first'),
    }),
  examples: [
    {
      title: "a strict nonce-based policy (Google's recommended shape)",
      input: {
        policy:
          "script-src 'nonce-rAnd0m123BASE64xyz' 'strict-dynamic' https: 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'self'; default-src 'self'; require-trusted-types-for 'script'; report-uri https://csp.example.com/r",
      },
      output: {
        score: 100,
        scoreBreakdown: { start: 100, high: 0, medium: 0, low: 0, info: 0 },
        findings: [
          {
            id: 'ignored:script-src:unsafe-inline',
            severity: 'info',
            title: "'unsafe-inline' in script-src is ignored by modern browsers",
            evidence: "script-src 'unsafe-inline' — unsafe-inline is ignored if a nonce or a hash is present. (CSP2 and above)",
            fix: 'Nothing to do if it is there for old browsers; otherwise remove it to keep the policy readable.',
          },
          {
            id: 'ignored:script-src:https:',
            severity: 'info',
            title: 'https: in script-src is ignored by modern browsers',
            evidence: 'script-src https: — Because of strict-dynamic this entry is ignored in CSP3 and above',
            fix: 'Nothing to do if it is there for old browsers; otherwise remove it to keep the policy readable.',
          },
        ],
        strictCsp: true,
        directives: [
          { name: 'script-src', values: ["'nonce-rAnd0m123BASE64xyz'", "'strict-dynamic'", 'https:', "'unsafe-inline'"], known: true },
          { name: 'object-src', values: ["'none'"], known: true },
          { name: 'base-uri', values: ["'none'"], known: true },
          { name: 'frame-ancestors', values: ["'self'"], known: true },
          { name: 'default-src', values: ["'self'"], known: true },
          { name: 'require-trusted-types-for', values: ["'script'"], known: true },
          { name: 'report-uri', values: ['https://csp.example.com/r'], known: true },
        ],
        effectiveScriptSrc: { directive: 'script-src', values: ["'nonce-rAnd0m123BASE64xyz'", "'strict-dynamic'", 'https:', "'unsafe-inline'"] },
        uses: {
          nonces: true,
          hashes: false,
          strictDynamic: true,
          unsafeInline: true,
          unsafeEval: false,
          trustedTypes: true,
          reportUri: true,
          reportTo: false,
          upgradeInsecureRequests: false,
        },
        additionalPolicies: [],
      },
    },
    {
      title: 'a typical allowlist policy with several holes',
      input: { policy: "Content-Security-Policy: script-src 'self' 'unsafe-inline' 'unsafe-eval' https://ajax.googleapis.com data:; img-src *" },
      output: {
        score: 0,
        scoreBreakdown: { start: 100, high: -100, medium: -20, low: -9, info: 0 },
        findings: [
          {
            id: 'script-unsafe-inline:script-src:unsafe-inline',
            severity: 'high',
            title: "'unsafe-inline' in script-src without a nonce or hash",
            evidence: "script-src 'unsafe-inline' — 'unsafe-inline' allows the execution of unsafe in-page scripts and event handlers.",
            fix: "Remove 'unsafe-inline' and allow scripts with nonces ('nonce-…') or hashes ('sha256-…'), ideally with 'strict-dynamic'; move inline event handlers into scripts.",
          },
          {
            id: 'plain-url-schemes:script-src:data:',
            severity: 'high',
            title: 'Scheme-only source data: in script-src',
            evidence: 'script-src data: — data: URI in script-src allows the execution of unsafe scripts.',
            fix: "data: allows scripts from any host with that scheme (an attacker's too). Allow specific hosts, or better nonces/hashes with 'strict-dynamic'.",
          },
          {
            id: 'missing-directives:object-src',
            severity: 'high',
            title: 'object-src is missing',
            evidence: "object-src — Missing object-src allows the injection of plugins which can execute JavaScript. Can you set it to 'none'?",
            fix: "Add object-src 'none' (or default-src 'none'): plugins can run script.",
          },
          {
            id: 'script-allowlist-bypass:script-src:https://ajax.googleapis.com',
            severity: 'high',
            title: 'https://ajax.googleapis.com in script-src allows a known CSP bypass',
            evidence:
              'script-src https://ajax.googleapis.com — ajax.googleapis.com is known to host JSONP endpoints and Angular libraries which allow to bypass this CSP.',
            fix: "Remove https://ajax.googleapis.com: it hosts JSONP endpoints or AngularJS that run attacker-chosen code. Use nonces or hashes with 'strict-dynamic' instead of host allowlists.",
          },
          {
            id: 'script-unsafe-eval:script-src:unsafe-eval',
            severity: 'medium',
            title: "'unsafe-eval' in script-src",
            evidence: "script-src 'unsafe-eval' — 'unsafe-eval' allows the execution of code injected into DOM APIs such as eval().",
            fix: "Remove 'unsafe-eval': replace eval(), new Function() and string timers; use 'wasm-unsafe-eval' if only WebAssembly needs it.",
          },
          {
            id: 'missing-directives:frame-ancestors',
            severity: 'medium',
            title: 'frame-ancestors is missing',
            evidence: 'No frame-ancestors directive: any site may embed this page in a frame.',
            fix: "Add frame-ancestors 'self' (or 'none', or the origins allowed to frame you) against clickjacking; it replaces X-Frame-Options.",
          },
          {
            id: 'strict-dynamic:script-src',
            severity: 'low',
            title: 'script-src relies on a host allowlist',
            evidence: "script-src — Host allowlists can frequently be bypassed. Consider using 'strict-dynamic' in combination with CSP nonces or hashes.",
            fix: 'Host allowlists can often be bypassed: use nonces or hashes with \'strict-dynamic\' (a "strict CSP").',
          },
          {
            id: 'script-allowlist-bypass:script-src:self',
            severity: 'low',
            title: "'self' in script-src may allow bypasses",
            evidence: "script-src 'self' — 'self' can be problematic if you host JSONP, AngularJS or user uploaded files.",
            fix: "Make sure your origin serves no JSONP endpoints, AngularJS or user uploads as scripts; nonce-based CSP with 'strict-dynamic' avoids the question.",
          },
          {
            id: 'missing-directives:default-src',
            severity: 'low',
            title: 'default-src is missing',
            evidence: 'No default-src: every fetch directive not listed (img-src, connect-src, style-src, font-src, frame-src…) allows anything.',
            fix: "Add default-src 'self' (or 'none') as a fallback, then open up only what the page needs.",
          },
          ...NO_TRUSTED_TYPES_NO_REPORTING,
        ],
        strictCsp: false,
        directives: [
          { name: 'script-src', values: ["'self'", "'unsafe-inline'", "'unsafe-eval'", 'https://ajax.googleapis.com', 'data:'], known: true },
          { name: 'img-src', values: ['*'], known: true },
        ],
        effectiveScriptSrc: { directive: 'script-src', values: ["'self'", "'unsafe-inline'", "'unsafe-eval'", 'https://ajax.googleapis.com', 'data:'] },
        uses: {
          nonces: false,
          hashes: false,
          strictDynamic: false,
          unsafeInline: true,
          unsafeEval: true,
          trustedTypes: false,
          reportUri: false,
          reportTo: false,
          upgradeInsecureRequests: false,
        },
        additionalPolicies: [],
      },
    },
    {
      title: 'unquoted keyword and a comma that splits the policy',
      input: { policy: "default-src self; script-src 'self', 'unsafe-inline'" },
      output: {
        score: 67,
        scoreBreakdown: { start: 100, high: 0, medium: -30, low: -3, info: 0 },
        findings: [
          {
            id: 'invalid-keyword:default-src:self',
            severity: 'medium',
            title: '"self" in default-src is not a valid keyword',
            evidence: 'default-src self — Did you forget to surround "self" with single-ticks?',
            fix: "Keywords need single quotes ('self', 'none', 'unsafe-inline', 'nonce-…'); without them they are read as host names.",
          },
          {
            id: 'missing-directives:frame-ancestors',
            severity: 'medium',
            title: 'frame-ancestors is missing',
            evidence: 'No frame-ancestors directive: any site may embed this page in a frame.',
            fix: "Add frame-ancestors 'self' (or 'none', or the origins allowed to frame you) against clickjacking; it replaces X-Frame-Options.",
          },
          {
            id: 'policy:comma',
            severity: 'medium',
            title: 'A comma splits the value into several policies',
            evidence: '1 more policy follows the first: "\'unsafe-inline\'".',
            fix: 'Separate sources with spaces and directives with semicolons; a comma starts a new policy, which browsers enforce separately.',
          },
          {
            id: 'script-allowlist-bypass:script-src:self',
            severity: 'low',
            title: "'self' in script-src may allow bypasses",
            evidence: "script-src 'self' — 'self' can be problematic if you host JSONP, AngularJS or user uploaded files.",
            fix: "Make sure your origin serves no JSONP endpoints, AngularJS or user uploads as scripts; nonce-based CSP with 'strict-dynamic' avoids the question.",
          },
          ...NO_TRUSTED_TYPES_NO_REPORTING,
        ],
        strictCsp: false,
        directives: [
          { name: 'default-src', values: ['self'], known: true },
          { name: 'script-src', values: ["'self'"], known: true },
        ],
        effectiveScriptSrc: { directive: 'script-src', values: ["'self'"] },
        uses: {
          nonces: false,
          hashes: false,
          strictDynamic: false,
          unsafeInline: false,
          unsafeEval: false,
          trustedTypes: false,
          reportUri: false,
          reportTo: false,
          upgradeInsecureRequests: false,
        },
        additionalPolicies: ["'unsafe-inline'"],
      },
    },
  ],
  run: ({ policy, reportOnly, delivery }, ctx) => evaluate(policy, reportOnly, delivery, ctx),
});

interface ParsedPolicy {
  csp: CspPolicy.Csp;
  directives: { name: string; values: string[]; known: boolean }[];
  duplicates: string[];
}

/**
 * Parses one serialized policy as CSP3 §2.2.1 does: directives split on ";", names lower-cased, the first
 * occurrence of a name wins. Keywords and schemes are lower-cased like csp_evaluator's parser does.
 */
function parsePolicy(text: string): ParsedPolicy {
  const { Csp, isDirective, isKeyword, isUrlScheme } = cspPolicy();
  const csp = new Csp();
  const directives: ParsedPolicy['directives'] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  for (const token of text.split(';')) {
    const parts = token
      .trim()
      .split(/[\t\n\f\r ]+/)
      .filter(Boolean);
    const first = parts[0];
    if (first === undefined) continue;
    const name = first.toLowerCase();
    if (seen.has(name)) {
      duplicates.push(name);
      continue;
    }
    seen.add(name);
    const values: string[] = [];
    for (const raw of parts.slice(1)) {
      // Keywords and schemes are case-insensitive; nonces, hashes and paths are not.
      const lower = raw.toLowerCase();
      const prefix = /^'(nonce|sha256|sha384|sha512)-/i.exec(raw)?.[0];
      const value = isKeyword(lower) || isUrlScheme(raw) ? lower : prefix ? prefix.toLowerCase() + raw.slice(prefix.length) : raw;
      if (!values.includes(value)) values.push(value);
    }
    directives.push({ name, values, known: isDirective(name) || EXTRA_DIRECTIVES.has(name) });
    // "__proto__" is no directive; kept out so csp_evaluator's plain-object copies cannot change a prototype.
    if (name !== '__proto__') csp.directives[name] = values;
  }
  return { csp, directives, duplicates };
}

function idPart(text: string): string {
  return text.replace(/'/g, '').slice(0, 120);
}

function evaluate(rawPolicy: string, reportOnly: boolean, delivery: 'header' | 'meta', ctx: ToolContext) {
  const text = rawPolicy.trim().replace(/^content-security-policy(-report-only)?\s*:\s*/i, (_, ro: string | undefined) => {
    if (ro && !reportOnly) ctx.warn('The value was labelled Content-Security-Policy-Report-Only: evaluated as report-only.');
    return '';
  });
  const labelledReportOnly = /^content-security-policy-report-only\s*:/i.test(rawPolicy.trim());
  const isReportOnly = reportOnly || labelledReportOnly;
  const [first = '', ...rest] = text.split(',');
  const additionalPolicies = rest.map((p) => p.trim()).filter(Boolean);
  const parsed = parsePolicy(first);
  if (parsed.directives.length === 0) throw invalidField('policy', "no directives found: a policy looks like \"script-src 'self'; object-src 'none'\"");

  const findings: Finding[] = [];
  const add = (finding: Finding): void => void findings.push(finding);

  // csp_evaluator: security checks on the effective policy (CSP3), strict-CSP checks, reporting.
  const evaluator = new (cspEvaluator().CspEvaluator)(parsed.csp, cspPolicy().Version.CSP3);
  let raw: CspFinding[];
  try {
    raw = [...evaluator.evaluate(cspEvaluator().STRICTCSP_CHECKS), ...cspChecks().checkHasConfiguredReporting(parsed.csp)];
  } catch (error) {
    // csp_evaluator reads host sources as URLs and throws on values that are none (found by test/fuzz.test.ts).
    throw invalidField(
      'policy',
      `a source list holds a value that is not a source expression (${error instanceof Error ? error.message : String(error)}); sources look like 'self', https://cdn.example.com, *.example.com, data: or 'nonce-…'`,
    );
  }
  const { Type } = cspFindings();
  for (const finding of raw) {
    if (finding.type === Type.UNKNOWN_DIRECTIVE && EXTRA_DIRECTIVES.has(finding.directive)) continue;
    const explained = explain(finding);
    add({
      id: `${Type[finding.type]?.toLowerCase().replace(/_/g, '-') ?? 'finding'}:${finding.directive}${finding.value ? `:${idPart(finding.value)}` : ''}`,
      severity: explained.severity ?? houseSeverity(finding.severity),
      title: explained.title,
      evidence: `${finding.directive}${finding.value ? ` ${finding.value}` : ''} — ${finding.description}`,
      fix: explained.fix,
    });
  }

  const has = (name: string): boolean => parsed.directives.some((d) => d.name === name);
  const valuesOf = (name: string): string[] => parsed.directives.find((d) => d.name === name)?.values ?? [];

  if (delivery === 'header' && !has('frame-ancestors')) {
    add({
      id: 'missing-directives:frame-ancestors',
      severity: 'medium',
      title: 'frame-ancestors is missing',
      evidence: 'No frame-ancestors directive: any site may embed this page in a frame.',
      fix: "Add frame-ancestors 'self' (or 'none', or the origins allowed to frame you) against clickjacking; it replaces X-Frame-Options.",
    });
  }
  if (!has('default-src')) {
    add({
      id: 'missing-directives:default-src',
      severity: 'low',
      title: 'default-src is missing',
      evidence: 'No default-src: every fetch directive not listed (img-src, connect-src, style-src, font-src, frame-src…) allows anything.',
      fix: "Add default-src 'self' (or 'none') as a fallback, then open up only what the page needs.",
    });
  }
  const styleDirective = has('style-src') ? 'style-src' : has('default-src') ? 'default-src' : null;
  if (styleDirective !== null) {
    const styleValues = valuesOf(styleDirective);
    const styleProtected = styleValues.some((v) => cspPolicy().isNonce(v) || cspPolicy().isHash(v));
    if (styleValues.includes("'unsafe-inline'") && !styleProtected) {
      add({
        id: `style-unsafe-inline:${styleDirective}`,
        severity: 'low',
        title: `'unsafe-inline' allows injected styles (${styleDirective})`,
        evidence: `${styleDirective} ${styleValues.join(' ')}`,
        fix: 'Injected CSS can deface pages and leak data through selectors; move inline styles to stylesheets or allow them by nonce or hash.',
      });
    }
  }
  for (const name of parsed.duplicates) {
    add({
      id: `duplicate-directive:${name}`,
      severity: 'medium',
      title: `${name} appears more than once`,
      evidence: `Browsers use the first ${name} and ignore the others.`,
      fix: `Merge the values into a single ${name} directive.`,
    });
  }
  for (const [name, fix] of Object.entries(DEPRECATED_EXTRA)) {
    if (has(name)) add({ id: `deprecated-directive:${name}`, severity: 'info', title: `Deprecated directive ${name}`, evidence: `${name} is set.`, fix });
  }
  if (delivery === 'meta') {
    for (const name of META_IGNORED.filter(has)) {
      add({
        id: `meta-ignored:${name}`,
        severity: name === 'frame-ancestors' ? 'medium' : 'low',
        title: `${name} has no effect in a <meta> policy`,
        evidence: `Browsers ignore ${name} when the policy comes from <meta http-equiv="Content-Security-Policy">.`,
        fix: `Send the policy as an HTTP header to use ${name}.`,
      });
    }
  }
  if (isReportOnly) {
    add({
      id: 'report-only',
      severity: 'medium',
      title: 'Report-only: the policy blocks nothing',
      evidence: 'Content-Security-Policy-Report-Only only reports violations.',
      fix: 'Once the reports are clean, send the same policy as Content-Security-Policy to enforce it.',
    });
  }
  if (additionalPolicies.length > 0) {
    add({
      id: 'policy:comma',
      severity: 'medium',
      title: 'A comma splits the value into several policies',
      evidence: `${additionalPolicies.length} more ${additionalPolicies.length === 1 ? 'policy follows' : 'policies follow'} the first: ${additionalPolicies.map((p) => `"${p.slice(0, 80)}"`).join(', ')}.`,
      fix: 'Separate sources with spaces and directives with semicolons; a comma starts a new policy, which browsers enforce separately.',
    });
  }

  const list = sortFindings(uniqueFindings(findings));
  const scriptDirective = has('script-src') ? 'script-src' : has('default-src') ? 'default-src' : null;
  const scriptValues = scriptDirective === null ? [] : valuesOf(scriptDirective);
  const nonces = scriptValues.some((v) => cspPolicy().isNonce(v));
  const hashes = scriptValues.some((v) => cspPolicy().isHash(v));
  const strictDynamic = scriptValues.includes("'strict-dynamic'");
  const unsafeInline = scriptValues.includes("'unsafe-inline'");
  const unsafeEval = scriptValues.includes("'unsafe-eval'");
  const objectValues = has('object-src') ? valuesOf('object-src') : valuesOf('default-src');
  const baseValues = valuesOf('base-uri');
  const hostSources = scriptValues.some((v) => !v.startsWith("'"));
  const strictCsp =
    (nonces || hashes) &&
    (strictDynamic || !hostSources) &&
    !unsafeEval &&
    objectValues.length === 1 &&
    objectValues[0] === "'none'" &&
    baseValues.length === 1 &&
    (baseValues[0] === "'none'" || baseValues[0] === "'self'");
  return {
    ...scoreFromFindings(list),
    findings: list,
    strictCsp,
    directives: parsed.directives,
    effectiveScriptSrc: { directive: scriptDirective, values: scriptValues },
    uses: {
      nonces,
      hashes,
      strictDynamic,
      unsafeInline,
      unsafeEval,
      trustedTypes: valuesOf('require-trusted-types-for').includes("'script'"),
      reportUri: has('report-uri'),
      reportTo: has('report-to'),
      upgradeInsecureRequests: has('upgrade-insecure-requests'),
    },
    additionalPolicies,
  };
}
