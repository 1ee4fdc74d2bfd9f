import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { oneOfFields, textField } from '../../registry/fields.ts';
import { categoryAuditShape, type RawFinding, CATEGORY_SCORING_NOTE, scoreByCategory } from '../../lib/audit.ts';
import { parseHtml, rawLinks } from './email-html.ts';
import { isUnsubscribeLink, UNSUBSCRIBE_TEXT } from './email-links.ts';

const ONE_CLICK = 'List-Unsubscribe=One-Click';
const TEXT_MERGE_TAG =
  /\*\|[^|]*UNSUB[^|]*\|\*|\{\{\s*[\w.]*unsubscribe[\w.]*\s*\}\}|%%[\w ]*unsub[\w ]*%%|<%[\w ]*unsubscribe[\w ]*%>|\[unsubscribe[\w ]*\]|\$unsubscribe\$|\{\$unsubscribe\}/gi;

/** Parses a raw header block (folded lines joined, stops at the first empty line) into lower-cased names. */
function parseHeaders(input: string | Record<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (name: string, value: string): void => {
    const key = name.trim().toLowerCase();
    out.set(key, [...(out.get(key) ?? []), value.trim()]);
  };
  if (typeof input !== 'string') {
    for (const [k, v] of Object.entries(input)) add(k, v);
    return out;
  }
  const unfolded =
    input
      .replace(/\r\n/g, '\n')
      .split(/\n\n/)[0]
      ?.replace(/\n[ \t]+/g, ' ') ?? '';
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) add(line.slice(0, colon), line.slice(colon + 1));
  }
  return out;
}

/** RFC 2369: a comma-separated list of <URI>s (comments and whitespace allowed around them). */
function parseListUnsubscribe(value: string): { uris: string[]; wellFormed: boolean } {
  const uris = Array.from(value.matchAll(/<([^<>]*)>/g), (m) => (m[1] ?? '').trim()).filter((u) => u !== '');
  const leftover = value
    .replace(/<[^<>]*>/g, '')
    .replace(/\([^()]*\)/g, '')
    .replace(/[\s,]/g, '');
  return { uris, wellFormed: uris.length > 0 && leftover === '' };
}

export default defineTool({
  module: 'marketing-apis',
  slug: 'email-unsubscribe-checker',
  cpu: 'large-input',
  title: 'E-mail unsubscribe checker (List-Unsubscribe, RFC 8058 one-click)',
  description:
    'Checks that a marketing e-mail lets people unsubscribe, as the law (CAN-SPAM, GDPR/ePrivacy) and the Gmail and Yahoo ' +
    'bulk-sender rules (from 2024, for senders of 5,000+ messages a day) require. In the body (HTML parsed with ' +
    'htmlparser2, and/or the plain-text part) it looks for a visible unsubscribe or preference-centre link, by link ' +
    'text, URL or ESP merge tag (*|UNSUB|*, {{unsubscribe_url}}, <%asm_group_unsubscribe_raw_url%>…). In the headers (a ' +
    'raw header block or a name → value object) it checks List-Unsubscribe (RFC 2369 syntax, an HTTPS URI, optional ' +
    'mailto), List-Unsubscribe-Post: List-Unsubscribe=One-Click (RFC 8058 one-click; the HTTPS URI must be there too) ' +
    'and whether a DKIM-Signature h= tag covers both headers, as RFC 8058 requires. Returns a 0–100 score with ' +
    'findings, the links and URIs found, and whether one-click unsubscribe and the bulk-sender rule are met. ' +
    CATEGORY_SCORING_NOTE +
    ' Categories: body 40, header 40, oneClick 20.',
  keywords: ['unsubscribe link checker', 'list-unsubscribe', 'one-click unsubscribe', 'rfc 8058', 'gmail bulk sender', 'yahoo sender requirements', 'can-spam'],
  input: () =>
    z
      .object({
        html: textField('E-mail HTML body (optional)').optional(),
        text: textField('Plain-text body part (optional)').optional(),
        headers: z
          .union([
            z.string().max(200_000, 'at most 200,000 characters'),
            z.record(z.string().max(200, 'at most 200 characters'), z.string().max(20_000, 'at most 20,000 characters')),
          ])
          .optional()
          .describe('Message headers: the raw header block ("List-Unsubscribe: <…>\\r\\n…") or an object {"List-Unsubscribe": "<…>"} (optional)'),
        bulkSender: z.boolean().default(true).describe('Apply the Gmail/Yahoo bulk-sender rule, which makes one-click unsubscribe mandatory (default true)'),
      })
      .refine(...oneOfFields('html', 'text', 'headers')),
  output: () =>
    z.object({
      body: z.object({
        checked: z.boolean(),
        unsubscribeLinks: z.array(z.object({ href: z.string(), text: z.string(), source: z.enum(['html', 'text']) })),
      }),
      listUnsubscribe: z
        .object({ value: z.string(), wellFormed: z.boolean(), uris: z.array(z.string()), httpsUri: z.string().nullable(), mailtoUri: z.string().nullable() })
        .nullable()
        .describe('The List-Unsubscribe header (null when absent or headers were not given)'),
      listUnsubscribePost: z.string().nullable(),
      dkimCoversListUnsubscribe: z
        .boolean()
        .nullable()
        .describe('Whether a DKIM-Signature h= tag lists List-Unsubscribe (and List-Unsubscribe-Post); null without a DKIM-Signature'),
      oneClick: z.boolean().nullable().describe('RFC 8058 one-click unsubscribe is set up (null when headers were not given)'),
      meetsBulkSenderRule: z
        .boolean()
        .nullable()
        .describe('Body link plus one-click headers, as Gmail and Yahoo require of bulk senders (null when headers were not given)'),
      ...categoryAuditShape,
    }),
  examples: [
    {
      title: 'compliant: body link and one-click headers covered by DKIM',
      input: {
        html: '<p>You get this because you subscribed. <a href="https://example.com/unsubscribe?u=123">Unsubscribe</a></p>',
        headers:
          'From: News <news@example.com>\r\nList-Unsubscribe: <https://example.com/unsubscribe/one-click?u=123>, <mailto:unsubscribe@example.com?subject=unsubscribe>\r\n' +
          'List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\nDKIM-Signature: v=1; a=rsa-sha256; d=example.com; s=s1;\r\n h=from:to:subject:list-unsubscribe:list-unsubscribe-post; bh=abc=; b=def=\r\n',
      },
      output: {
        body: { checked: true, unsubscribeLinks: [{ href: 'https://example.com/unsubscribe?u=123', text: 'Unsubscribe', source: 'html' }] },
        listUnsubscribe: {
          value: '<https://example.com/unsubscribe/one-click?u=123>, <mailto:unsubscribe@example.com?subject=unsubscribe>',
          wellFormed: true,
          uris: ['https://example.com/unsubscribe/one-click?u=123', 'mailto:unsubscribe@example.com?subject=unsubscribe'],
          httpsUri: 'https://example.com/unsubscribe/one-click?u=123',
          mailtoUri: 'mailto:unsubscribe@example.com?subject=unsubscribe',
        },
        listUnsubscribePost: 'List-Unsubscribe=One-Click',
        dkimCoversListUnsubscribe: true,
        oneClick: true,
        meetsBulkSenderRule: true,
        score: 100,
        scoreBreakdown: { body: 40, header: 40, oneClick: 20 },
        findings: [],
      },
    },
    {
      title: 'body link only, no headers given',
      input: { html: '<p>Not interested? <a href="*|UNSUB|*">Update your preferences</a></p>' },
      output: {
        body: { checked: true, unsubscribeLinks: [{ href: '*|UNSUB|*', text: 'Update your preferences', source: 'html' }] },
        listUnsubscribe: null,
        listUnsubscribePost: null,
        dkimCoversListUnsubscribe: null,
        oneClick: null,
        meetsBulkSenderRule: null,
        score: 100,
        scoreBreakdown: { body: 40, header: 40, oneClick: 20 },
        findings: [
          {
            id: 'headers-not-checked',
            severity: 'info',
            title: 'Headers not checked',
            evidence: 'no headers given',
            fix: 'Send the message headers to check List-Unsubscribe and one-click unsubscribe',
          },
        ],
      },
    },
    {
      title: 'mailto-only List-Unsubscribe and no body link',
      input: { text: 'Thanks for reading!', headers: { 'List-Unsubscribe': '<mailto:leave@example.com>' } },
      output: {
        body: { checked: true, unsubscribeLinks: [] },
        listUnsubscribe: {
          value: '<mailto:leave@example.com>',
          wellFormed: true,
          uris: ['mailto:leave@example.com'],
          httpsUri: null,
          mailtoUri: 'mailto:leave@example.com',
        },
        listUnsubscribePost: null,
        dkimCoversListUnsubscribe: null,
        oneClick: false,
        meetsBulkSenderRule: false,
        score: 40,
        scoreBreakdown: { body: 16, header: 16, oneClick: 8 },
        findings: [
          {
            id: 'list-unsubscribe-no-https',
            severity: 'high',
            title: 'List-Unsubscribe has no HTTPS URI',
            evidence: '<mailto:leave@example.com>',
            fix: 'Add an HTTPS URI that unsubscribes on POST; mailto alone does not give one-click unsubscribe',
          },
          {
            id: 'no-list-unsubscribe-post',
            severity: 'high',
            title: 'No List-Unsubscribe-Post header (RFC 8058)',
            evidence: 'the header is missing',
            fix: 'Add "List-Unsubscribe-Post: List-Unsubscribe=One-Click" and make the HTTPS URI unsubscribe on a POST',
          },
          {
            id: 'no-unsubscribe-link',
            severity: 'high',
            title: 'No unsubscribe link in the body',
            evidence: 'checked the plain text',
            fix: 'Add a clearly labelled "Unsubscribe" link (CAN-SPAM and GDPR require an easy opt-out)',
          },
          {
            id: 'no-dkim-signature',
            severity: 'info',
            title: 'No DKIM-Signature in the headers given',
            evidence: 'cannot tell whether the unsubscribe headers are signed',
            fix: 'Check headers of a delivered message: DKIM must cover List-Unsubscribe and List-Unsubscribe-Post',
          },
        ],
      },
    },
  ],
  run: ({ html, text, headers, bulkSender }) => {
    const raw: RawFinding[] = [];
    const links: { href: string; text: string; source: 'html' | 'text' }[] = [];
    if (html !== undefined) {
      for (const l of rawLinks(parseHtml(html))) {
        const label = l.text !== '' ? l.text : (l.imageAlt ?? '');
        if (isUnsubscribeLink(l.href, label)) {
          links.push({ href: l.href, text: label, source: 'html' });
          if (l.isImageLink)
            raw.push({
              id: 'unsubscribe-image-link',
              category: 'body',
              severity: 'low',
              title: 'The unsubscribe link is an image',
              evidence: l.href.slice(0, 200),
              fix: 'Use a text link; images are often blocked',
            });
        }
      }
    }
    if (text !== undefined) {
      for (const m of text.matchAll(TEXT_MERGE_TAG)) links.push({ href: m[0], text: m[0], source: 'text' });
      for (const line of text.split(/\r?\n/)) {
        for (const m of line.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
          if (UNSUBSCRIBE_TEXT.test(line) || isUnsubscribeLink(m[0], '')) links.push({ href: m[0], text: line.trim().slice(0, 200), source: 'text' });
        }
      }
    }
    const bodyChecked = html !== undefined || text !== undefined;
    if (bodyChecked && links.length === 0)
      raw.push({
        id: 'no-unsubscribe-link',
        category: 'body',
        severity: 'high',
        title: 'No unsubscribe link in the body',
        evidence: `checked ${[html !== undefined ? 'the HTML' : '', text !== undefined ? 'the plain text' : ''].filter(Boolean).join(' and ')}`,
        fix: 'Add a clearly labelled "Unsubscribe" link (CAN-SPAM and GDPR require an easy opt-out)',
      });
    for (const l of links)
      if (l.href.startsWith('http:'))
        raw.push({
          id: 'unsubscribe-link-http',
          category: 'body',
          severity: 'medium',
          title: 'The unsubscribe link uses http',
          evidence: l.href.slice(0, 200),
          fix: 'Serve it over https',
        });
    if (!bodyChecked)
      raw.push({
        id: 'body-not-checked',
        category: 'body',
        severity: 'info',
        title: 'Body not checked',
        evidence: 'no html or text given',
        fix: 'Send the html and/or text part to check the visible unsubscribe link',
      });

    let listUnsubscribe: { value: string; wellFormed: boolean; uris: string[]; httpsUri: string | null; mailtoUri: string | null } | null = null;
    let post: string | null = null;
    let dkim: boolean | null = null;
    let oneClick: boolean | null = null;
    if (headers === undefined) {
      raw.push({
        id: 'headers-not-checked',
        category: 'header',
        severity: 'info',
        title: 'Headers not checked',
        evidence: 'no headers given',
        fix: 'Send the message headers to check List-Unsubscribe and one-click unsubscribe',
      });
    } else {
      const h = parseHeaders(headers);
      const value = h.get('list-unsubscribe')?.[0];
      post = h.get('list-unsubscribe-post')?.[0] ?? null;
      if (value === undefined) {
        raw.push({
          id: 'no-list-unsubscribe-header',
          category: 'header',
          severity: 'high',
          title: 'No List-Unsubscribe header',
          evidence: 'the header is missing',
          fix: 'Add List-Unsubscribe: <https://…/unsubscribe?id=…>, <mailto:…> so mail clients show their own unsubscribe button',
        });
      } else {
        const parsed = parseListUnsubscribe(value);
        const httpsUri = parsed.uris.find((u) => /^https:/i.test(u)) ?? null;
        const mailtoUri = parsed.uris.find((u) => /^mailto:/i.test(u)) ?? null;
        listUnsubscribe = { value, wellFormed: parsed.wellFormed, uris: parsed.uris, httpsUri, mailtoUri };
        if (!parsed.wellFormed)
          raw.push({
            id: 'list-unsubscribe-malformed',
            category: 'header',
            severity: 'high',
            title: 'List-Unsubscribe is not a list of <URI>s',
            evidence: value.slice(0, 200),
            fix: 'Write each URI in angle brackets, separated by commas: <https://…>, <mailto:…>',
          });
        if (parsed.uris.some((u) => /^http:/i.test(u)))
          raw.push({
            id: 'list-unsubscribe-http-uri',
            category: 'header',
            severity: 'medium',
            title: 'List-Unsubscribe has an http URI',
            evidence: value.slice(0, 200),
            fix: 'Use https; RFC 8058 one-click needs an HTTPS URI',
          });
        if (httpsUri === null)
          raw.push({
            id: 'list-unsubscribe-no-https',
            category: 'header',
            severity: bulkSender ? 'high' : 'medium',
            title: 'List-Unsubscribe has no HTTPS URI',
            evidence: value.slice(0, 200),
            fix: 'Add an HTTPS URI that unsubscribes on POST; mailto alone does not give one-click unsubscribe',
          });
        if (mailtoUri === null)
          raw.push({
            id: 'list-unsubscribe-no-mailto',
            category: 'header',
            severity: 'info',
            title: 'No mailto URI in List-Unsubscribe',
            evidence: value.slice(0, 200),
            fix: 'Optionally add <mailto:…> as a fallback for clients without one-click support',
          });
      }
      if (post === null)
        raw.push({
          id: 'no-list-unsubscribe-post',
          category: 'oneClick',
          severity: bulkSender ? 'high' : 'medium',
          title: 'No List-Unsubscribe-Post header (RFC 8058)',
          evidence: 'the header is missing',
          fix: `Add "List-Unsubscribe-Post: ${ONE_CLICK}" and make the HTTPS URI unsubscribe on a POST`,
        });
      else if (post.replace(/\s+/g, '') !== ONE_CLICK)
        raw.push({
          id: 'list-unsubscribe-post-invalid',
          category: 'oneClick',
          severity: 'high',
          title: 'List-Unsubscribe-Post has the wrong value',
          evidence: post.slice(0, 200),
          fix: `Its value must be exactly "${ONE_CLICK}"`,
        });
      oneClick = post !== null && post.replace(/\s+/g, '') === ONE_CLICK && listUnsubscribe?.httpsUri != null;
      const signatures = h.get('dkim-signature') ?? [];
      if (signatures.length > 0) {
        const covered = (sig: string): string[] => {
          const tag = /(?:^|;)\s*h\s*=\s*([^;]*)/i.exec(sig)?.[1] ?? '';
          return tag.split(':').map((s) => s.trim().toLowerCase());
        };
        const needed = ['list-unsubscribe', ...(post === null ? [] : ['list-unsubscribe-post'])];
        dkim = signatures.some((sig) => needed.every((n) => covered(sig).includes(n)));
        if (!dkim && value !== undefined)
          raw.push({
            id: 'dkim-does-not-cover-unsubscribe',
            category: 'oneClick',
            severity: 'medium',
            title: 'DKIM signature does not cover the unsubscribe headers',
            evidence: `h= lacks ${needed.join(' or ')}`,
            fix: 'Sign List-Unsubscribe and List-Unsubscribe-Post with DKIM, as RFC 8058 requires',
          });
      } else if (value !== undefined) {
        raw.push({
          id: 'no-dkim-signature',
          category: 'oneClick',
          severity: 'info',
          title: 'No DKIM-Signature in the headers given',
          evidence: 'cannot tell whether the unsubscribe headers are signed',
          fix: 'Check headers of a delivered message: DKIM must cover List-Unsubscribe and List-Unsubscribe-Post',
        });
      }
    }
    return {
      body: { checked: bodyChecked, unsubscribeLinks: links },
      listUnsubscribe,
      listUnsubscribePost: post,
      dkimCoversListUnsubscribe: dkim,
      oneClick,
      meetsBulkSenderRule: headers === undefined ? null : oneClick === true && (!bodyChecked || links.length > 0),
      ...scoreByCategory({ body: 40, header: 40, oneClick: 20 }, raw),
    };
  },
});
