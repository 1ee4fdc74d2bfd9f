import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { collapse, resolveUrl } from '../../lib/page/html.ts';
import { loadPage } from '../../lib/page/load.ts';

const AUTOCOMPLETE_HINT: Array<[RegExp, string]> = [
  [/e-?mail/i, 'email'],
  [/first.?name|given/i, 'given-name'],
  [/last.?name|surname|family/i, 'family-name'],
  [/^name$|full.?name/i, 'name'],
  [/phone|tel|mobile/i, 'tel'],
  [/company|organi[sz]ation/i, 'organization'],
  [/zip|postal/i, 'postal-code'],
  [/country/i, 'country'],
];

export default definePageAudit({
  module: 'marketing-apis',
  slug: 'form-field-inventory',
  title: 'Form field inventory',
  description:
    'Lists every form on a page with its action, method and submit text, and every field: name, type, label (from <label for>, ' +
    'a wrapping label, aria-label, aria-labelledby or placeholder), required, autocomplete and options count. Audits conversion ' +
    'and quality issues: fields without a real label, e-mail/phone/name fields without autocomplete or the right input type, ' +
    'long forms (more than 7 visible fields), forms posting over plain HTTP, and password fields on insecure pages.',
  keywords: ['form fields', 'form audit', 'lead form', 'form analysis', 'conversion', 'form accessibility', 'input labels'],
  fields: () => ({
    forms: z.array(
      z.object({
        index: z.number().int(),
        id: z.string().nullable(),
        action: z.string().nullable(),
        method: z.string(),
        submitText: z.string().nullable(),
        visibleFields: z.number().int(),
        fields: z.array(
          z.object({
            name: z.string().nullable(),
            type: z.string(),
            label: z.string().nullable(),
            labelSource: z.enum(['label', 'aria', 'placeholder', 'none']),
            required: z.boolean(),
            autocomplete: z.string().nullable(),
            options: z.number().int().nullable(),
          }),
        ),
      }),
    ),
    totalFields: z.number().int(),
  }),
  live: { 'a contact page': 'https://example.com/contact', 'a signup page': 'https://example.com/signup' },
  offline: { title: 'unlabelled fields in a form posted over plain http', finds: ['form-field-unlabeled', 'form-insecure'] },
  run: async ({ url }, ctx) => {
    const { page, response } = await loadPage(ctx, url);
    const $ = page.$;
    const issues = { unlabeled: [] as string[], autocomplete: [] as string[], wrongType: [] as string[], long: [] as string[], insecure: [] as string[] };
    const forms = $('form')
      .toArray()
      .map((form, index) => {
        const $f = $(form);
        const action = resolveUrl($f.attr('action') ?? '', page.baseUrl) ?? response.url;
        const method = ($f.attr('method') ?? 'get').toLowerCase();
        const fields = $f
          .find('input, select, textarea')
          .toArray()
          .filter((el) => !['submit', 'button', 'image', 'reset'].includes(($(el).attr('type') ?? '').toLowerCase()))
          .map((el) => {
            const $el = $(el);
            const tag = el.tagName.toLowerCase();
            const type = tag === 'input' ? ($el.attr('type') ?? 'text').toLowerCase() : tag;
            const id = $el.attr('id');
            let label: string | null = null;
            let labelSource: 'label' | 'aria' | 'placeholder' | 'none' = 'none';
            const forLabel = id ? $(`label[for="${id.replace(/"/g, '\\"')}"]`).first() : null;
            const text = forLabel && forLabel.length ? collapse(forLabel.text()) : collapse($el.closest('label').text());
            if (text) {
              label = text;
              labelSource = 'label';
            } else if ($el.attr('aria-label') || $el.attr('aria-labelledby')) {
              label = $el.attr('aria-label') ?? collapse($(`#${$el.attr('aria-labelledby')}`).text());
              labelSource = 'aria';
            } else if ($el.attr('placeholder')) {
              label = $el.attr('placeholder')!;
              labelSource = 'placeholder';
            }
            return {
              name: $el.attr('name') ?? null,
              type,
              label,
              labelSource,
              required: $el.attr('required') !== undefined || $el.attr('aria-required') === 'true',
              autocomplete: $el.attr('autocomplete') ?? null,
              options: tag === 'select' ? $el.find('option').length : null,
            };
          });
        const visible = fields.filter((f) => f.type !== 'hidden');
        const name = $f.attr('id') ?? $f.attr('name') ?? `form ${index + 1}`;
        for (const f of visible) {
          const key = `${name} › ${f.name ?? f.type}`;
          if (f.labelSource === 'none' || f.labelSource === 'placeholder') issues.unlabeled.push(key);
          const hint = AUTOCOMPLETE_HINT.find(([re]) => re.test(f.name ?? '') || re.test(f.label ?? ''));
          if (hint && !f.autocomplete && !['checkbox', 'radio', 'select'].includes(f.type)) issues.autocomplete.push(`${key} (autocomplete="${hint[1]}")`);
          if (hint?.[1] === 'email' && f.type === 'text') issues.wrongType.push(`${key} should be type="email"`);
          if (hint?.[1] === 'tel' && f.type === 'text') issues.wrongType.push(`${key} should be type="tel"`);
          if (f.type === 'password' && !response.url.startsWith('https:')) issues.insecure.push(`${key}: password field on an http page`);
        }
        if (visible.length > 7) issues.long.push(`${name}: ${visible.length} fields`);
        if (action.startsWith('http:') && (method === 'post' || visible.some((f) => f.type === 'password' || f.type === 'email')))
          issues.insecure.push(`${name} submits to ${action}`);
        const submit = $f.find('button[type=submit], button:not([type]), input[type=submit]').first();
        const submitText = submit.length ? collapse(submit.is('input') ? (submit.attr('value') ?? '') : submit.text()) || null : null;
        return { index: index + 1, id: $f.attr('id') ?? null, action, method, submitText, visibleFields: visible.length, fields };
      });
    const checks: CheckInput[] = [];
    if (forms.length === 0) {
      checks.push({ id: 'forms', title: 'Forms on the page', status: 'info', evidence: 'no <form> elements', fix: '' });
    } else {
      checks.push({
        id: 'form-labels',
        title: 'Every field has a label',
        status: issues.unlabeled.length ? 'fail' : 'pass',
        weight: 30,
        evidence: issues.unlabeled.length ? issues.unlabeled.slice(0, 5).join(', ') : 'all labelled',
        fix: 'Give each field a visible <label for="…">; a placeholder disappears while typing and is not a label.',
        problem: 'Fields without labels',
        findingId: 'form-field-unlabeled',
      });
      checks.push({
        id: 'form-autocomplete',
        title: 'Contact fields use autocomplete',
        status: issues.autocomplete.length ? 'warn' : 'pass',
        weight: 20,
        severity: 'low',
        evidence: issues.autocomplete.length ? issues.autocomplete.slice(0, 5).join(', ') : 'set where useful',
        fix: 'Add autocomplete tokens (email, given-name, tel…) so browsers fill the form in one tap.',
        problem: 'Missing autocomplete',
        findingId: 'form-autocomplete-missing',
      });
      checks.push({
        id: 'form-input-types',
        title: 'E-mail and phone fields use their input types',
        status: issues.wrongType.length ? 'warn' : 'pass',
        weight: 15,
        severity: 'low',
        evidence: issues.wrongType.length ? issues.wrongType.slice(0, 5).join(', ') : 'right types',
        fix: 'Use type="email" and type="tel" (mobile keyboards, validation).',
        problem: 'Generic input types',
        findingId: 'form-input-type',
      });
      checks.push({
        id: 'form-length',
        title: 'Forms of at most 7 visible fields',
        status: issues.long.length ? 'warn' : 'pass',
        weight: 15,
        evidence: issues.long.length ? issues.long.join(', ') : forms.map((f) => `${f.visibleFields} fields`).join(', '),
        fix: 'Ask only what you need now; every extra field lowers completion.',
        problem: 'Long form',
        findingId: 'form-too-long',
      });
      checks.push({
        id: 'form-secure',
        title: 'Forms submit over HTTPS',
        status: issues.insecure.length ? 'fail' : 'pass',
        weight: 20,
        severity: 'high',
        evidence: issues.insecure.length ? issues.insecure.slice(0, 3).join('; ') : 'all secure',
        fix: 'Serve the page and the form action over https://.',
        problem: 'Form data sent over plain HTTP',
        findingId: 'form-insecure',
      });
    }
    return { finalUrl: response.url, forms, totalFields: forms.reduce((s, f) => s + f.fields.length, 0), audit: buildAudit(checks) };
  },
});
