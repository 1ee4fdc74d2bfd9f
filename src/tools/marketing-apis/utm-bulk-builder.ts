import { withThousands } from '../../lib/digits.ts';
import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { buildCampaignUrl, type UtmValues } from './utm.ts';

const MAX_ROWS = 1000;
const cell = (description: string) => z.string().max(8192, 'at most 8,192 characters').optional().describe(description);

const rowSchema = z.object({
  url: cell('Landing page URL (absolute http/https)'),
  source: cell('utm_source'),
  medium: cell('utm_medium'),
  campaign: cell('utm_campaign'),
  term: cell('utm_term (optional)'),
  content: cell('utm_content (optional)'),
  id: cell('utm_id (optional)'),
});

type Row = z.infer<typeof rowSchema>;

export default defineTool({
  module: 'marketing-apis',
  slug: 'utm-bulk-builder',
  cpu: 'large-input',
  title: 'Bulk UTM URL builder',
  description:
    `Builds up to ${withThousands(MAX_ROWS)} campaign URLs in one call, one per row of {url, source, medium, campaign, term?, ` +
    'content?, id?}. `defaults` fills fields a row leaves out (e.g. the same url or campaign for every row). Each row is ' +
    'built like utm-builder (WHATWG URL validation, existing parameters and #fragment kept, utm_* replaced, values ' +
    'percent-encoded, optional lowercase) and succeeds or fails on its own: a bad row gets an `error` naming its field ' +
    '(rows.3.url) while the others are still built. Results keep the input order, with per-row warnings (spaces, ' +
    'capitals) and a summary.',
  keywords: ['bulk utm builder', 'batch utm', 'utm spreadsheet', 'campaign urls', 'tracking links', 'mass utm'],
  input: () =>
    z.object({
      rows: z.array(rowSchema).min(1, 'at least 1 row').max(MAX_ROWS, `at most ${MAX_ROWS} rows per call`).describe(`Rows to build (1–${MAX_ROWS})`),
      defaults: rowSchema.optional().describe('Values used for any field a row leaves out or leaves blank'),
      lowercase: z.boolean().default(false).describe('Lower-case every value (default false)'),
    }),
  output: () =>
    z.object({
      rows: z.array(
        z.object({
          index: z.number().int().describe('Position of the row in the input, from 0'),
          ok: z.boolean(),
          url: z.string().nullable().describe('The campaign URL, or null when the row failed'),
          error: z.string().nullable().describe('Why the row failed (field and what is allowed), or null'),
          warnings: z.array(z.string()),
        }),
      ),
      summary: z.object({ total: z.number().int(), succeeded: z.number().int(), failed: z.number().int(), withWarnings: z.number().int() }),
    }),
  examples: [
    {
      title: 'one campaign, three channels, shared defaults',
      input: {
        defaults: { url: 'https://example.com/launch', campaign: 'product_launch' },
        rows: [
          { source: 'newsletter', medium: 'email' },
          { source: 'linkedin', medium: 'paid_social', content: 'video_a' },
          { source: 'google', medium: 'cpc', term: 'project software' },
        ],
      },
      output: {
        rows: [
          {
            index: 0,
            ok: true,
            url: 'https://example.com/launch?utm_source=newsletter&utm_medium=email&utm_campaign=product_launch',
            error: null,
            warnings: [],
          },
          {
            index: 1,
            ok: true,
            url: 'https://example.com/launch?utm_source=linkedin&utm_medium=paid_social&utm_campaign=product_launch&utm_content=video_a',
            error: null,
            warnings: [],
          },
          {
            index: 2,
            ok: true,
            url: 'https://example.com/launch?utm_source=google&utm_medium=cpc&utm_campaign=product_launch&utm_term=project%20software',
            error: null,
            warnings: ['utm_term "project software" contains spaces; use _ or - instead (spaces become %20 and are easy to mistype)'],
          },
        ],
        summary: { total: 3, succeeded: 3, failed: 0, withWarnings: 1 },
      },
    },
    {
      title: 'a bad row fails alone',
      input: {
        rows: [
          { url: 'https://example.com/a?x=1', source: 'Partner', medium: 'referral', campaign: 'Q3' },
          { url: 'example.com/no-scheme', source: 'partner', medium: 'referral', campaign: 'q3' },
          { url: 'https://example.com/c', source: 'partner', campaign: 'q3' },
        ],
        lowercase: true,
      },
      output: {
        rows: [
          { index: 0, ok: true, url: 'https://example.com/a?x=1&utm_source=partner&utm_medium=referral&utm_campaign=q3', error: null, warnings: [] },
          {
            index: 1,
            ok: false,
            url: null,
            error: 'rows.1.url: "example.com/no-scheme" is not an absolute URL; include the scheme, e.g. https://example.com/page',
            warnings: [],
          },
          { index: 2, ok: false, url: null, error: 'rows.2.medium: is required (a non-blank value)', warnings: [] },
        ],
        summary: { total: 3, succeeded: 1, failed: 2, withWarnings: 0 },
      },
    },
  ],
  run: ({ rows, defaults, lowercase }) => {
    const out = rows.map((row, index) => {
      const merged: Row = {};
      for (const key of ['url', 'source', 'medium', 'campaign', 'term', 'content', 'id'] as const) {
        const own = row[key];
        merged[key] = own !== undefined && own.trim() !== '' ? own : defaults?.[key];
      }
      const prefix = `rows.${index}.`;
      try {
        if (merged.url === undefined || merged.url.trim() === '') return { index, ok: false, url: null, error: `${prefix}url: is required`, warnings: [] };
        const values: UtmValues = {
          source: merged.source ?? '',
          medium: merged.medium ?? '',
          campaign: merged.campaign ?? '',
          term: merged.term,
          content: merged.content,
          id: merged.id,
        };
        const built = buildCampaignUrl(merged.url.trim(), values, lowercase, prefix);
        return { index, ok: true, url: built.url, error: null, warnings: built.warnings };
      } catch (error) {
        if (error instanceof ToolError && error.status === 400) return { index, ok: false, url: null, error: error.detail, warnings: [] };
        throw error;
      }
    });
    const succeeded = out.filter((r) => r.ok).length;
    return {
      rows: out,
      summary: { total: out.length, succeeded, failed: out.length - succeeded, withWarnings: out.filter((r) => r.warnings.length > 0).length },
    };
  },
});
