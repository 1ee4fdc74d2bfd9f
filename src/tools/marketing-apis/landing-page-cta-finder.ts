import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { collapse, resolveUrl } from '../../lib/page/html.ts';
import { loadPage } from '../../lib/page/load.ts';

const ACTION =
  /\b(get|start|try|buy|order|shop|book|schedule|sign ?up|subscribe|join|register|download|request|contact|call|claim|reserve|apply|donate|upgrade|add to (cart|bag)|checkout|demo|quote|free trial|learn more|see (plans|pricing)|talk to)\b/i;
const VAGUE = /^(submit|click here|click|here|go|send|ok|continue|more|read more|learn more)$/i;
const CLASS_HINT = /\b(btn|button|cta|call-to-action)\b/i;

export default definePageAudit({
  module: 'marketing-apis',
  slug: 'landing-page-cta-finder',
  title: 'Landing page CTA finder',
  description:
    'Finds the calls to action on a landing page: buttons, submit inputs, links styled as buttons (btn/cta classes, role=button) ' +
    'and links whose text is an action ("Start free trial", "Book a demo", "Buy now"). Lists each with its text, kind, target, ' +
    'position in the page and whether it sits in the first screen (estimated: before the first 25% of the body’s elements — ' +
    'no rendering). Audits: a CTA exists, one is above the fold, CTA texts are specific, and the page does not push too many different actions.',
  keywords: ['cta', 'call to action', 'landing page', 'conversion', 'buttons', 'cro', 'conversion rate optimization'],
  urlHelp: 'Landing page URL',
  fields: () => ({
    ctas: z.array(
      z.object({
        text: z.string(),
        kind: z.enum(['button', 'submit', 'button-link', 'action-link']),
        href: z.string().nullable(),
        position: z.number().int().describe('1 = first CTA in the page'),
        aboveFold: z.boolean(),
        inForm: z.boolean(),
        vague: z.boolean(),
      }),
    ),
    primaryCta: z.string().nullable().describe('The most repeated CTA text, else the first'),
    distinctActions: z.number().int(),
  }),
  live: { 'a landing page': 'https://example.com/', 'a pricing page': 'https://example.com/pricing' },
  offline: { title: 'a page with no call to action', finds: ['cta-missing'] },
  run: async ({ url }, ctx) => {
    const { page, response } = await loadPage(ctx, url);
    const $ = page.$;
    const all = $('body *').toArray();
    const fold = Math.max(20, Math.floor(all.length * 0.25));
    const indexOf = new Map(all.map((el, i) => [el, i]));
    const ctas: Array<{
      text: string;
      kind: 'button' | 'submit' | 'button-link' | 'action-link';
      href: string | null;
      position: number;
      aboveFold: boolean;
      inForm: boolean;
      vague: boolean;
    }> = [];
    $('button, input[type=submit], input[type=button], a[href], [role=button]').each((_, el) => {
      const $el = $(el);
      const tag = el.tagName.toLowerCase();
      const text = collapse(tag === 'input' ? ($el.attr('value') ?? '') : $el.text() || $el.attr('aria-label') || $el.find('img').attr('alt') || '');
      if (!text || text.length > 80) return;
      let kind: 'button' | 'submit' | 'button-link' | 'action-link' | null = null;
      if (tag === 'button' || $el.attr('role') === 'button')
        kind = ($el.attr('type') ?? (tag === 'button' && $el.closest('form').length ? 'submit' : 'button')) === 'submit' ? 'submit' : 'button';
      else if (tag === 'input') kind = $el.attr('type') === 'submit' ? 'submit' : 'button';
      else if (tag === 'a') kind = CLASS_HINT.test($el.attr('class') ?? '') ? 'button-link' : ACTION.test(text) ? 'action-link' : null;
      if (!kind) return;
      if (
        kind === 'button' &&
        !ACTION.test(text) &&
        !CLASS_HINT.test($el.attr('class') ?? '') &&
        /^(menu|close|×|x|toggle|search|prev|next|previous|open)$/i.test(text)
      )
        return;
      const index = indexOf.get(el) ?? all.length;
      ctas.push({
        text,
        kind,
        href: tag === 'a' ? resolveUrl($el.attr('href'), page.baseUrl) : null,
        position: 0,
        aboveFold: index < fold,
        inForm: $el.closest('form').length > 0,
        vague: VAGUE.test(text),
      });
    });
    ctas.forEach((c, i) => (c.position = i + 1));
    const counts = new Map<string, number>();
    for (const c of ctas) counts.set(c.text.toLowerCase(), (counts.get(c.text.toLowerCase()) ?? 0) + 1);
    const primary = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    const primaryCta = primary && primary[1] > 1 ? ctas.find((c) => c.text.toLowerCase() === primary[0])!.text : (ctas[0]?.text ?? null);
    const distinct = counts.size;
    const vague = ctas.filter((c) => c.vague);
    const checks: CheckInput[] = [
      {
        id: 'cta-present',
        title: 'Page has a call to action',
        status: ctas.length ? 'pass' : 'fail',
        weight: 35,
        severity: 'high',
        evidence: ctas.length
          ? `${ctas.length} CTAs: ${ctas
              .slice(0, 4)
              .map((c) => `"${c.text}"`)
              .join(', ')}`
          : 'no buttons or action links found',
        fix: 'Add a prominent button for the one action the page exists for ("Start free trial", "Book a demo").',
        problem: 'No call to action',
        findingId: 'cta-missing',
      },
      {
        id: 'cta-above-fold',
        title: 'A CTA in the first screen',
        status: ctas.some((c) => c.aboveFold) ? 'pass' : ctas.length ? 'warn' : 'fail',
        weight: 25,
        evidence: ctas.some((c) => c.aboveFold) ? `"${ctas.find((c) => c.aboveFold)!.text}"` : 'first CTA appears late in the page',
        fix: 'Put the primary CTA in the hero section, next to the headline.',
        problem: 'No CTA above the fold (estimated)',
        findingId: 'cta-below-fold',
      },
      {
        id: 'cta-specific',
        title: 'CTA texts say what happens',
        status: vague.length ? 'warn' : 'pass',
        weight: 20,
        evidence: vague.length
          ? vague
              .map((c) => `"${c.text}"`)
              .slice(0, 5)
              .join(', ')
          : 'all specific',
        fix: 'Replace "Submit"/"Click here" with the outcome ("Get my free quote").',
        problem: 'Vague CTA text',
        findingId: 'cta-vague-text',
      },
      {
        id: 'cta-focus',
        title: 'At most 3 distinct actions',
        status: distinct <= 3 ? 'pass' : distinct <= 6 ? 'warn' : 'fail',
        weight: 20,
        severity: 'low',
        evidence: `${distinct} distinct CTA texts`,
        fix: 'Focus the page on one primary action (repeat it) and at most one secondary.',
        problem: 'Too many competing CTAs',
        findingId: 'cta-too-many',
      },
    ];
    return { finalUrl: response.url, ctas: ctas.slice(0, 100), primaryCta, distinctActions: distinct, audit: buildAudit(checks) };
  },
});
