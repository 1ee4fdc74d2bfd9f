import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';
import { parseHtml, rawLinks, trackingPixels } from './email-html.ts';
import { isUnsubscribeLink, type LinkType, linkType, trackingProvider } from './email-links.ts';
import { queryPairs, TRACKING_PARAMS, UTM_PARAMS } from './utm.ts';
import { decodeOrKeep } from '../../lib/percent-decode.ts';

const TYPES: [LinkType, ...LinkType[]] = ['web', 'mailto', 'tel', 'sms', 'anchor', 'merge-tag', 'javascript', 'other', 'invalid'];

const GENERIC_TEXT = /^(click here|here|click|link|this link|read more|more|learn more|go|this)$/i;

export default defineTool({
  module: 'marketing-apis',
  slug: 'email-link-extractor',
  cpu: 'large-input',
  title: 'E-mail link extractor',
  description:
    'Extracts every link from e-mail HTML (parsed with htmlparser2, forgiving like mail clients): <a href> and image-map ' +
    '<area href>, in order, with the link text (or the alt text of a linked image), the URL resolved against baseUrl, ' +
    'its type (web, mailto, tel, sms, anchor, ESP merge tag such as *|UNSUB|* or {{unsubscribe_url}}, javascript, ' +
    'other, invalid), utm_* parameters, ad/e-mail click ids (gclid, mc_cid, _hsenc…), the ESP click-tracking or link-' +
    'shortener service it goes through (Mailchimp, SendGrid, HubSpot, Klaviyo, Amazon SES…), whether it is an ' +
    'unsubscribe/preferences link, the address and subject of mailto links and the number of tel links. Per-link notes ' +
    'flag http (not https), empty or generic text ("click here"), image links without alt text and web links without ' +
    'UTM tags. The summary counts links by type and domain and lists 1×1 or hidden open-tracking pixels.',
  keywords: [
    'email link extractor',
    'extract links from html',
    'email links',
    'utm check email',
    'mailto links',
    'newsletter links',
    'link audit',
    'href',
    'hrefs',
  ],
  input: () =>
    z.object({
      html: textField('The e-mail HTML'),
      baseUrl: z.string().max(2048, 'at most 2,048 characters').optional().describe('Absolute URL to resolve relative links against (optional)'),
    }),
  output: () =>
    z.object({
      links: z.array(
        z.object({
          index: z.number().int(),
          href: z.string().describe('The href as written'),
          url: z.string().nullable().describe('Absolute URL (web links), or null'),
          type: z.enum(TYPES),
          text: z.string().describe('Link text, or the alt text of a linked image'),
          isImageLink: z.boolean(),
          host: z.string().nullable(),
          utm: z.record(z.string(), z.string()).describe('utm_* parameters present'),
          clickIds: z.array(z.string()).describe('Click-id and e-mail tracking parameters present'),
          trackingProvider: z.string().nullable().describe('ESP click-tracking or shortener service the link goes through'),
          isUnsubscribe: z.boolean(),
          email: z
            .object({ to: z.array(z.string()), subject: z.string().nullable() })
            .nullable()
            .describe('For mailto links'),
          phone: z.string().nullable().describe('For tel and sms links'),
          notes: z.array(z.string()),
        }),
      ),
      summary: z.object({
        total: z.number().int(),
        unique: z.number().int(),
        byType: z.record(z.string(), z.number().int()),
        withUtm: z.number().int(),
        webLinksWithoutUtm: z.number().int().describe('Web links (not unsubscribe, not tracked redirects) without any utm_* parameter'),
        tracked: z.number().int(),
        unsubscribeLinks: z.number().int(),
        domains: z.record(z.string(), z.number().int()),
        trackingPixels: z.array(z.string()),
      }),
    }),
  examples: [
    {
      title: 'a newsletter with CTA, contact links and unsubscribe tag',
      input: {
        html:
          '<table><tr><td><a href="https://shop.example.com/sale?utm_source=newsletter&utm_medium=email&utm_campaign=spring">Shop the sale</a>' +
          '<a href="https://shop.example.com/new"><img src="hero.png" alt="New arrivals"></a>' +
          '<a href="mailto:help@example.com?subject=Order%20question">Email us</a> <a href="tel:+15551234567">Call</a>' +
          '<a href="http://blog.example.com/post">click here</a>' +
          '<a href="*|UNSUB|*">Unsubscribe</a><img src="https://t.example.com/open.gif" width="1" height="1"></td></tr></table>',
      },
      output: {
        links: [
          {
            index: 0,
            href: 'https://shop.example.com/sale?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
            url: 'https://shop.example.com/sale?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
            type: 'web',
            text: 'Shop the sale',
            isImageLink: false,
            host: 'shop.example.com',
            utm: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' },
            clickIds: [],
            trackingProvider: null,
            isUnsubscribe: false,
            email: null,
            phone: null,
            notes: [],
          },
          {
            index: 1,
            href: 'https://shop.example.com/new',
            url: 'https://shop.example.com/new',
            type: 'web',
            text: 'New arrivals',
            isImageLink: true,
            host: 'shop.example.com',
            utm: {},
            clickIds: [],
            trackingProvider: null,
            isUnsubscribe: false,
            email: null,
            phone: null,
            notes: ['no utm_* parameters: visits will not be attributed to this e-mail'],
          },
          {
            index: 2,
            href: 'mailto:help@example.com?subject=Order%20question',
            url: null,
            type: 'mailto',
            text: 'Email us',
            isImageLink: false,
            host: null,
            utm: {},
            clickIds: [],
            trackingProvider: null,
            isUnsubscribe: false,
            email: { to: ['help@example.com'], subject: 'Order question' },
            phone: null,
            notes: [],
          },
          {
            index: 3,
            href: 'tel:+15551234567',
            url: null,
            type: 'tel',
            text: 'Call',
            isImageLink: false,
            host: null,
            utm: {},
            clickIds: [],
            trackingProvider: null,
            isUnsubscribe: false,
            email: null,
            phone: '+15551234567',
            notes: [],
          },
          {
            index: 4,
            href: 'http://blog.example.com/post',
            url: 'http://blog.example.com/post',
            type: 'web',
            text: 'click here',
            isImageLink: false,
            host: 'blog.example.com',
            utm: {},
            clickIds: [],
            trackingProvider: null,
            isUnsubscribe: false,
            email: null,
            phone: null,
            notes: [
              'uses http, not https',
              'generic link text "click here": say where it goes',
              'no utm_* parameters: visits will not be attributed to this e-mail',
            ],
          },
          {
            index: 5,
            href: '*|UNSUB|*',
            url: null,
            type: 'merge-tag',
            text: 'Unsubscribe',
            isImageLink: false,
            host: null,
            utm: {},
            clickIds: [],
            trackingProvider: null,
            isUnsubscribe: true,
            email: null,
            phone: null,
            notes: [],
          },
        ],
        summary: {
          total: 6,
          unique: 6,
          byType: { web: 3, mailto: 1, tel: 1, 'merge-tag': 1 },
          withUtm: 1,
          webLinksWithoutUtm: 2,
          tracked: 0,
          unsubscribeLinks: 1,
          domains: { 'shop.example.com': 2, 'blog.example.com': 1 },
          trackingPixels: ['https://t.example.com/open.gif'],
        },
      },
    },
    {
      title: 'relative links and ESP click tracking',
      input: {
        html: '<p><a href="/pricing?gclid=abc">Pricing</a> <a href="https://u123.ct.sendgrid.net/ls/click?upn=xyz">Read the guide</a> <a href="#top">Top</a></p>',
        baseUrl: 'https://www.example.com/emails/march',
      },
      output: {
        links: [
          {
            index: 0,
            href: '/pricing?gclid=abc',
            url: 'https://www.example.com/pricing?gclid=abc',
            type: 'web',
            text: 'Pricing',
            isImageLink: false,
            host: 'www.example.com',
            utm: {},
            clickIds: ['gclid'],
            trackingProvider: null,
            isUnsubscribe: false,
            email: null,
            phone: null,
            notes: ['no utm_* parameters: visits will not be attributed to this e-mail'],
          },
          {
            index: 1,
            href: 'https://u123.ct.sendgrid.net/ls/click?upn=xyz',
            url: 'https://u123.ct.sendgrid.net/ls/click?upn=xyz',
            type: 'web',
            text: 'Read the guide',
            isImageLink: false,
            host: 'u123.ct.sendgrid.net',
            utm: {},
            clickIds: [],
            trackingProvider: 'SendGrid',
            isUnsubscribe: false,
            email: null,
            phone: null,
            notes: [],
          },
          {
            index: 2,
            href: '#top',
            url: null,
            type: 'anchor',
            text: 'Top',
            isImageLink: false,
            host: null,
            utm: {},
            clickIds: [],
            trackingProvider: null,
            isUnsubscribe: false,
            email: null,
            phone: null,
            notes: [],
          },
        ],
        summary: {
          total: 3,
          unique: 3,
          byType: { web: 2, anchor: 1 },
          withUtm: 0,
          webLinksWithoutUtm: 1,
          tracked: 1,
          unsubscribeLinks: 0,
          domains: { 'www.example.com': 1, 'u123.ct.sendgrid.net': 1 },
          trackingPixels: [],
        },
      },
    },
  ],
  run: ({ html, baseUrl }) => {
    let base: URL | undefined;
    if (baseUrl !== undefined && baseUrl.trim() !== '') {
      try {
        base = new URL(baseUrl.trim());
      } catch {
        throw invalidField('baseUrl', 'must be an absolute URL such as https://example.com/');
      }
    }
    const doc = parseHtml(html);
    const links = rawLinks(doc).map((l, index) => {
      let type = linkType(l.href);
      const text = l.text !== '' ? l.text : (l.imageAlt ?? '');
      const notes: string[] = [];
      let url: URL | null = null;
      if (type === 'web') {
        try {
          url = base ? new URL(l.href, base) : new URL(l.href);
        } catch {
          if (!base && !/^[a-z][a-z0-9+.-]*:/i.test(l.href)) notes.push('relative link: give baseUrl to resolve it');
          else type = 'invalid';
        }
      }
      const pairs = url ? queryPairs(url.search) : [];
      const utm: Record<string, string> = {};
      for (const p of pairs) if (UTM_PARAMS.includes(p.key) && !(p.key in utm)) utm[p.key] = p.value;
      const clickIds = [...new Set(pairs.filter((p) => p.key in TRACKING_PARAMS).map((p) => p.key))];
      const provider = url ? trackingProvider(url.hostname) : null;
      const unsubscribe = isUnsubscribeLink(l.href, text);
      let email: { to: string[]; subject: string | null } | null = null;
      let phone: string | null = null;
      if (type === 'mailto') {
        const [to = '', query = ''] = l.href.slice(7).split('?');
        const params = queryPairs(query);
        email = {
          to: decodeOrKeep(to)
            .split(',')
            .map((a) => a.trim())
            .filter((a) => a !== ''),
          subject: params.find((p) => p.key.toLowerCase() === 'subject')?.value ?? null,
        };
      }
      if (type === 'tel' || type === 'sms') phone = decodeOrKeep(l.href.replace(/^[a-z]+:/i, '').split('?')[0] ?? '');
      if (url?.protocol === 'http:') notes.push('uses http, not https');
      if (text === '') notes.push(l.isImageLink ? 'image link without alt text' : 'empty link text');
      else if (GENERIC_TEXT.test(text)) notes.push(`generic link text "${text}": say where it goes`);
      if (type === 'javascript') notes.push('javascript: links do not work in e-mail clients');
      if (type === 'invalid') notes.push('not a valid URL');
      if (type === 'web' && url && Object.keys(utm).length === 0 && !unsubscribe && provider === null)
        notes.push('no utm_* parameters: visits will not be attributed to this e-mail');
      return {
        index,
        href: l.href,
        url: url ? url.href : null,
        type,
        text,
        isImageLink: l.isImageLink,
        host: url ? url.hostname : null,
        utm,
        clickIds,
        trackingProvider: provider,
        isUnsubscribe: unsubscribe,
        email,
        phone,
        notes,
      };
    });
    const byType: Record<string, number> = {};
    const domains: Record<string, number> = {};
    for (const l of links) {
      byType[l.type] = (byType[l.type] ?? 0) + 1;
      if (l.host) domains[l.host] = (domains[l.host] ?? 0) + 1;
    }
    return {
      links,
      summary: {
        total: links.length,
        unique: new Set(links.map((l) => l.url ?? l.href)).size,
        byType,
        withUtm: links.filter((l) => Object.keys(l.utm).length > 0).length,
        webLinksWithoutUtm: links.filter(
          (l) => l.type === 'web' && l.url !== null && Object.keys(l.utm).length === 0 && !l.isUnsubscribe && l.trackingProvider === null,
        ).length,
        tracked: links.filter((l) => l.trackingProvider !== null).length,
        unsubscribeLinks: links.filter((l) => l.isUnsubscribe).length,
        domains,
        trackingPixels: trackingPixels(doc),
      },
    };
  },
});
