import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { binaryUnit } from '../../../test/helpers/binary-unit.ts';
import { expectBadRequest, expectNoServerError, run } from '../../../test/helpers/invoke.ts';
import { moduleTools } from '../../../test/helpers/module-tools.ts';
import { marketingApisTools } from './index.ts';
import { findSpamPhrases } from './spam-words.ts';
import { marketingUrlTools } from './url-checks.ts';
import { measure } from '../../lib/text-measure.ts';

/** Edge cases and externally pinned figures beyond the examples (which test/examples.test.ts sends over HTTP). */

type Result = Record<string, unknown>;

const { tool, result: call, outcome } = moduleTools(marketingApisTools);
const warningsOf = async (slug: string, input: unknown): Promise<string[]> => (await outcome(slug, input)).warnings;

const bad = (slug: string, input: unknown, field: string): Promise<void> => expectBadRequest(tool(slug), input, field);

test('the module lists its 25 JSON slugs (the three GET ?url page tools come separately), each once', () => {
  const all = marketingApisTools.map((t) => t.slug);
  assert.equal(new Set(all).size, all.length);
  const slugs = marketingApisTools.filter((t) => t.method === 'POST').map((t) => t.slug);
  assert.deepEqual(slugs, [
    'utm-builder',
    'utm-parser',
    'ads-utm-builder',
    'qr-code-generator',
    'ads-copy-counter',
    'google-ads-rsa-preview',
    'email-subject-line-tester',
    'email-spam-word-checker',
    'roas-calculator',
    'cpc-calculator',
    'ctr-calculator',
    'cpa-calculator',
    'cac-calculator',
    'utm-bulk-builder',
    'utm-naming-convention-checker',
    'email-link-extractor',
    'email-unsubscribe-checker',
    'social-caption-counter',
    'social-image-size-validator',
    'engagement-rate-calculator',
    'cpm-calculator',
    'ab-test-sample-size-calculator',
    'ab-test-significance-calculator',
    'ai-ad-headline-variants',
    'ai-email-subject-variants',
  ]);
});

describe('A/B test sample size (two-proportion z-test)', () => {
  test('10% → 12%, α 0.05 two-sided, power 0.8 needs 3,841 per variant', async () => {
    // Source: R's stats::power.prop.test(p1 = 0.10, p2 = 0.12, power = 0.80) reports n = 3840.847 per group, the
    // uncorrected formula of Fleiss, Levin & Paik, "Statistical Methods for Rates and Proportions" (3rd ed., 2003),
    // which this tool implements: ceil(3840.847) = 3841.
    const r = await call('ab-test-sample-size-calculator', { baselineRate: 10, minimumDetectableEffect: 2 });
    assert.equal(r.sampleSizePerVariant, 3841);
    assert.equal(r.totalSampleSize, 7682);
    assert.equal(r.zAlpha, 1.959964);
    assert.equal(r.zBeta, 0.841621);
    // The same inputs as a relative effect (+20%) are the same test.
    const rel = await call('ab-test-sample-size-calculator', { baselineRate: 10, minimumDetectableEffect: 20, mdeType: 'relative' });
    assert.equal(rel.sampleSizePerVariant, 3841);
  });

  test("Evan Miller's calculator gives 3,623 because it puts the baseline variance (not the pooled p̄) under H0", async () => {
    // Source: https://www.evanmiller.org/ab-testing/sample-size.html (baseline 10%, MDE 2% absolute, power 80%,
    // significance 5%) shows 3,623. Recomputing his variant from this tool's own quantiles reproduces that figure, so
    // the difference is the formula, not the arithmetic.
    const r = await call<{ zAlpha: number; zBeta: number; sampleSizePerVariant: number }>('ab-test-sample-size-calculator', {
      baselineRate: 10,
      minimumDetectableEffect: 2,
    });
    const [p1, p2] = [0.1, 0.12];
    const evanMiller = Math.ceil(((r.zAlpha * Math.sqrt(2 * p1 * (1 - p1)) + r.zBeta * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) / (p2 - p1)) ** 2);
    assert.equal(evanMiller, 3623);
    assert.notEqual(r.sampleSizePerVariant, evanMiller);
  });

  test('more power, a smaller effect or a one-sided test change n in the right direction', async () => {
    const base = (await call<{ sampleSizePerVariant: number }>('ab-test-sample-size-calculator', { baselineRate: 10, minimumDetectableEffect: 2 }))
      .sampleSizePerVariant;
    const morePower = (
      await call<{ sampleSizePerVariant: number }>('ab-test-sample-size-calculator', { baselineRate: 10, minimumDetectableEffect: 2, power: 0.9 })
    ).sampleSizePerVariant;
    const smaller = (await call<{ sampleSizePerVariant: number }>('ab-test-sample-size-calculator', { baselineRate: 10, minimumDetectableEffect: 1 }))
      .sampleSizePerVariant;
    const oneSided = (
      await call<{ sampleSizePerVariant: number }>('ab-test-sample-size-calculator', { baselineRate: 10, minimumDetectableEffect: 2, alternative: 'one-sided' })
    ).sampleSizePerVariant;
    assert.ok(morePower > base && smaller > base * 3 && oneSided < base);
  });

  test('bad inputs are 400s naming the field', async () => {
    await bad('ab-test-sample-size-calculator', { baselineRate: 0, minimumDetectableEffect: 2 }, 'baselineRate');
    await bad('ab-test-sample-size-calculator', { baselineRate: 100, minimumDetectableEffect: 2 }, 'baselineRate');
    await bad('ab-test-sample-size-calculator', { baselineRate: 95, minimumDetectableEffect: 10 }, 'minimumDetectableEffect');
    await bad('ab-test-sample-size-calculator', { baselineRate: 10, minimumDetectableEffect: -1 }, 'minimumDetectableEffect');
    await bad('ab-test-sample-size-calculator', { baselineRate: 10, minimumDetectableEffect: 2, alpha: 0 }, 'alpha');
    await bad('ab-test-sample-size-calculator', { baselineRate: 10, minimumDetectableEffect: 2, power: 1 }, 'power');
    await bad('ab-test-sample-size-calculator', { baselineRate: Number.NaN, minimumDetectableEffect: 2 }, 'baselineRate');
    await bad('ab-test-sample-size-calculator', { baselineRate: 10, minimumDetectableEffect: Number.POSITIVE_INFINITY }, 'minimumDetectableEffect');
    await bad('ab-test-sample-size-calculator', { baselineRate: 10, minimumDetectableEffect: 1e-13 }, 'minimumDetectableEffect');
    await bad('ab-test-sample-size-calculator', { baselineRate: 5e-324, minimumDetectableEffect: 2 }, 'baselineRate');
    await bad('ab-test-sample-size-calculator', { baselineRate: 10, minimumDetectableEffect: 2, alpha: 1e-300 }, 'alpha');
  });
});

describe('A/B test significance (pooled two-proportion z-test)', () => {
  test('A 1000/100 vs B 1000/130 → z 2.10, p 0.036 two-sided', async () => {
    // Source: R's prop.test(c(130, 100), c(1000, 1000), correct = FALSE) gives X-squared = 4.4215, p-value = 0.03549;
    // the pooled z-test is the same test (z² = X²): √4.4215 = 2.1027.
    const r = await call<{
      zScore: number;
      pValue: number;
      significant: boolean;
      relativeLift: number;
      winner: string;
      confidenceInterval: { lower: number; upper: number };
    }>('ab-test-significance-calculator', { controlVisitors: 1000, controlConversions: 100, variantVisitors: 1000, variantConversions: 130 });
    assert.equal(r.zScore, 2.1027);
    assert.ok(Math.abs(r.zScore ** 2 - 4.4215) < 0.0005);
    assert.equal(r.pValue, 0.035488);
    assert.equal(r.significant, true);
    assert.equal(r.relativeLift, 30);
    assert.equal(r.winner, 'variant');
    // Wald interval of the difference: 3 ± 1.959964 × √(0.1·0.9/1000 + 0.13·0.87/1000) × 100 points.
    assert.deepEqual([r.confidenceInterval.lower, r.confidenceInterval.upper], [0.2068, 5.7932]);
  });

  test('one-sided p is half the two-sided p in the direction of the effect', async () => {
    const input = { controlVisitors: 1000, controlConversions: 100, variantVisitors: 1000, variantConversions: 130 };
    const greater = await call<{ pValue: number }>('ab-test-significance-calculator', { ...input, alternative: 'greater' });
    const less = await call<{ pValue: number }>('ab-test-significance-calculator', { ...input, alternative: 'less' });
    assert.equal(greater.pValue, 0.017744);
    assert.equal(less.pValue, 0.982256);
  });

  test('no variation, small samples and lopsided splits are handled with warnings, not errors', async () => {
    const none = await run(tool('ab-test-significance-calculator'), {
      controlVisitors: 100,
      controlConversions: 0,
      variantVisitors: 100,
      variantConversions: 0,
    });
    assert.equal((none.result as Result).pValue, 1);
    assert.equal((none.result as Result).relativeLift, null);
    assert.ok(none.warnings.some((w) => w.includes('no variation')));
    const small = await warningsOf('ab-test-significance-calculator', {
      controlVisitors: 20,
      controlConversions: 1,
      variantVisitors: 20,
      variantConversions: 3,
    });
    assert.ok(small.some((w) => w.includes("Fisher's exact test")));
    const srm = await warningsOf('ab-test-significance-calculator', {
      controlVisitors: 10000,
      controlConversions: 500,
      variantVisitors: 9000,
      variantConversions: 450,
    });
    assert.ok(srm.some((w) => w.includes('sample ratio mismatch')));
  });

  test('impossible counts are 400s naming the field', async () => {
    await bad('ab-test-significance-calculator', { controlVisitors: 0, controlConversions: 0, variantVisitors: 10, variantConversions: 1 }, 'controlVisitors');
    await bad(
      'ab-test-significance-calculator',
      { controlVisitors: 10, controlConversions: 11, variantVisitors: 10, variantConversions: 1 },
      'controlConversions',
    );
    await bad(
      'ab-test-significance-calculator',
      { controlVisitors: 10, controlConversions: 1, variantVisitors: 10, variantConversions: -1 },
      'variantConversions',
    );
    await bad(
      'ab-test-significance-calculator',
      { controlVisitors: 10.5, controlConversions: 1, variantVisitors: 10, variantConversions: 1 },
      'controlVisitors',
    );
  });
});

describe('metrics in decimal arithmetic', () => {
  test('CTR {clicks, impressions}: 2.50%, and tiny rates keep their decimals', async () => {
    assert.equal((await call('ctr-calculator', { clicks: 25, impressions: 1000 })).ctr, '2.50');
    assert.equal((await call('ctr-calculator', { clicks: 1, impressions: 300000, decimals: 5 })).ctr, '0.00033');
  });

  test('money is exact and rounded half-up: 0.1 + 0.2 style traps do not leak', async () => {
    assert.equal((await call('cpc-calculator', { cost: 0.3, clicks: 3 })).cpc, '0.10');
    assert.equal((await call('cpc-calculator', { cost: '1.005', clicks: 1 })).cpc, '1.01'); // (1.005).toFixed(2) is "1.00"
    assert.equal((await call('cpm-calculator', { cost: '0.1', impressions: 3 })).cpm, '33.33');
    assert.equal((await call('cpa-calculator', { cost: '10', conversions: 3 })).cpa, '3.33');
    assert.equal((await call('roas-calculator', { revenue: '0.3', cost: '0.1' })).roas, '3.00');
  });

  test('zero divisors are 400s naming the divisor field', async () => {
    await bad('ctr-calculator', { clicks: 0, impressions: 0 }, 'impressions');
    await bad('cpc-calculator', { cost: 10, clicks: 0 }, 'clicks');
    await bad('cpc-calculator', { cost: 10, clicks: 5, impressions: 0 }, 'impressions');
    await bad('cpa-calculator', { cost: 10, conversions: 0 }, 'conversions');
    await bad('cpa-calculator', { cost: 10, conversions: 1, clicks: 0 }, 'clicks');
    await bad('cpm-calculator', { cost: 10, impressions: 0 }, 'impressions');
    await bad('cpm-calculator', { cost: 10, impressions: 10, reach: 0 }, 'reach');
    await bad('roas-calculator', { revenue: 10, cost: 0 }, 'cost');
    await bad('cac-calculator', { marketingCost: 10, newCustomers: 0 }, 'newCustomers');
    await bad('cac-calculator', { marketingCost: 10, newCustomers: 1, monthlyGrossMarginPerCustomer: 0 }, 'monthlyGrossMarginPerCustomer');
    await bad('engagement-rate-calculator', { likes: 5, followers: 0 }, 'followers');
  });

  test('negative, non-finite, non-numeric and absurd values are 400s naming the field', async () => {
    await bad('cpc-calculator', { cost: -1, clicks: 5 }, 'cost');
    await bad('cpc-calculator', { cost: '-1', clicks: 5 }, 'cost');
    await bad('cpc-calculator', { cost: 'ten', clicks: 5 }, 'cost');
    await bad('cpc-calculator', { cost: Number.NaN, clicks: 5 }, 'cost');
    await bad('cpc-calculator', { cost: Number.POSITIVE_INFINITY, clicks: 5 }, 'cost');
    await bad('cpc-calculator', { cost: 1e16, clicks: 5 }, 'cost');
    await bad('cpc-calculator', { cost: 5, clicks: 2.5 }, 'clicks');
    await bad('ctr-calculator', { clicks: -3, impressions: 10 }, 'clicks');
    await bad('ctr-calculator', { clicks: 3, impressions: 1e16 }, 'impressions');
    await bad('roas-calculator', { revenue: 10, cost: 5, grossMarginPercent: 0 }, 'grossMarginPercent');
    await bad('engagement-rate-calculator', { likes: 5 }, 'followers');
    await bad('engagement-rate-calculator', { likes: 5, engagements: 10, followers: 100 }, 'engagements');
    await bad('engagement-rate-calculator', { likes: 5, followers: 100, basis: 'reach' }, 'reach');
  });

  test('clicks above impressions is allowed with a warning', async () => {
    const w = await warningsOf('ctr-calculator', { clicks: 12, impressions: 10 });
    assert.ok(w.some((x) => x.includes('over 100%')));
  });
});

describe('UTM tools', () => {
  test('the builder validates the URL with WHATWG URL and names the field', async () => {
    await bad('utm-builder', { url: 'not a url', source: 'a', medium: 'b', campaign: 'c' }, 'url');
    await bad('utm-builder', { url: 'ftp://example.com/', source: 'a', medium: 'b', campaign: 'c' }, 'url');
    await bad('utm-builder', { url: 'https://example.com', source: '  ', medium: 'b', campaign: 'c' }, 'source');
    await bad('utm-builder', { url: 'https://example.com', medium: 'b', campaign: 'c' }, 'source');
  });

  test('a lone UTF-16 surrogate (valid in JSON, with no UTF-8 form to percent-encode) is a 400 naming its field, never a 500', async () => {
    const lone = '\ud800';
    await bad('utm-builder', { url: 'https://example.com', source: lone, medium: 'email', campaign: 'x' }, 'source');
    await bad('ads-utm-builder', { url: 'https://example.com', platform: 'google-ads', campaign: `a${lone}` }, 'campaign');
    await bad('ads-utm-builder', { url: 'https://example.com', platform: 'google-ads', extraParameters: { x: lone } }, 'extraParameters.x');
    const bulk = await call<{ rows: { ok: boolean; error: string | null }[] }>('utm-bulk-builder', {
      rows: [{ url: 'https://example.com', source: 's', medium: 'm', campaign: lone }],
    });
    assert.match(bulk.rows[0]?.error ?? '', /^rows\.0\.campaign: contains an unpaired UTF-16 surrogate/);
  });

  test('the builder keeps other parameters exactly, encodes reserved characters and warns on spaces and capitals', async () => {
    const { result, warnings } = await run(tool('utm-builder'), {
      url: 'https://example.com/p?q=a%2Bb&x#frag',
      source: 'News&Letter',
      medium: 'e-mail',
      campaign: 'a/b=c',
    });
    assert.equal((result as Result).url, 'https://example.com/p?q=a%2Bb&x&utm_source=News%26Letter&utm_medium=e-mail&utm_campaign=a%2Fb%3Dc#frag');
    assert.ok(warnings.some((w) => w.includes('capital letters')));
    const parsed = await call<{ utm: Result; otherParameters: Result }>('utm-parser', { url: (result as Result).url });
    assert.deepEqual(parsed.utm.source, 'News&Letter');
    assert.deepEqual(parsed.utm.campaign, 'a/b=c');
    assert.deepEqual(parsed.otherParameters, { q: 'a+b', x: '' });
  });

  test('ads builder never percent-encodes macros, and flags foreign or unknown ones', async () => {
    const { result, warnings } = await run(tool('ads-utm-builder'), {
      url: 'https://example.com/',
      platform: 'google-ads',
      campaign: 'brand {campaignid}',
      content: '{{ad.name}}',
      term: '{keywrd}',
      includeExtras: false,
    });
    const url = (result as Result).url as string;
    assert.ok(url.includes('utm_campaign=brand%20{campaignid}'), url);
    assert.ok(!url.includes('%7B'), url);
    assert.ok(warnings.some((w) => w.includes('{{ad.name}}') && w.includes('Meta')));
    assert.ok(warnings.some((w) => w.includes('{keywrd}') && w.includes('not a known')));
    const ms = await call<{ macros: { macro: string }[] }>('ads-utm-builder', { url: 'https://example.com/', platform: 'microsoft-ads' });
    assert.deepEqual(
      ms.macros.map((m) => m.macro),
      ['{Campaign}', '{keyword}', '{AdGroup}', '{CampaignId}', '{MatchType}', '{Device}', '{Network}'],
    );
    const li = await call<{ urlSuffix: string }>('ads-utm-builder', { url: 'https://example.com/', platform: 'linkedin' });
    assert.equal(
      li.urlSuffix,
      'utm_source=linkedin&utm_medium=paid_social&utm_campaign={{CAMPAIGN_NAME}}&utm_term={{CAMPAIGN_GROUP_NAME}}&utm_content={{CREATIVE_ID}}&utm_id={{CAMPAIGN_ID}}',
    );
    await bad('ads-utm-builder', { url: 'https://example.com/', platform: 'meta', extraParameters: { 'a b': 'x' } }, 'extraParameters.a b');
  });

  test('parser recognises click ids of every major platform and removes them from cleanUrl', async () => {
    const r = await call<{ clickIds: { parameter: string; platform: string }[]; cleanUrl: string }>('utm-parser', {
      url: 'https://example.com/?a=1&gclid=1&fbclid=2&msclkid=3&ttclid=4&li_fat_id=5&twclid=6&wbraid=7&_hsenc=8',
    });
    assert.deepEqual(
      r.clickIds.map((c) => c.parameter),
      ['gclid', 'fbclid', 'msclkid', 'ttclid', 'li_fat_id', 'twclid', 'wbraid', '_hsenc'],
    );
    assert.equal(r.cleanUrl, 'https://example.com/?a=1');
    await bad('utm-parser', { url: 'no url here' }, 'url');
  });

  test('bulk builder refuses more than 1,000 rows as a whole and reports row errors one by one', async () => {
    await bad('utm-bulk-builder', { rows: Array.from({ length: 1001 }, () => ({})) }, 'rows');
    const r = await call<{ rows: { ok: boolean; error: string | null }[] }>('utm-bulk-builder', {
      rows: [{}, { url: 'https://a.example', source: 'x', medium: 'y', campaign: 'z' }],
    });
    assert.deepEqual(
      r.rows.map((x) => x.ok),
      [false, true],
    );
    assert.equal(r.rows[0]?.error, 'rows.0.url: is required');
  });

  test('naming checker ids are stable across runs and unique within a result', async () => {
    const input = {
      urls: ['https://x.example/?utm_source=Google&utm_medium=Paid Search&utm_campaign=a', '?utm_source=google&utm_medium=cpc&utm_campaign=a&utm_campaign=b'],
    };
    const a = await call<{ findings: { id: string }[] }>('utm-naming-convention-checker', input);
    const b = await call<{ findings: { id: string }[] }>('utm-naming-convention-checker', input);
    assert.deepEqual(
      a.findings.map((f) => f.id),
      b.findings.map((f) => f.id),
    );
    assert.equal(new Set(a.findings.map((f) => f.id)).size, a.findings.length);
    assert.ok(a.findings.some((f) => f.id === 'duplicate-utm-campaign'));
    assert.ok(a.findings.some((f) => f.id === 'inconsistent-source-google'));
  });
});

describe('text counting', () => {
  test('graphemes: an emoji with a skin tone, a flag and a combining accent each count once', () => {
    assert.equal(measure('👍🏽🇯🇵e\u0301', 'graphemes').counted, 3);
  });

  test('X weighting: URLs count 23, CJK and emoji 2', () => {
    assert.equal(measure('https://example.com/a/very/long/path/that/is/longer/than/twenty-three', 'x-weighted', 23).counted, 23);
    assert.equal(measure('日本語', 'x-weighted', 23).counted, 6);
    assert.equal(measure('hi 👋🏽', 'x-weighted', 23).counted, 5);
    assert.equal(measure('a'.repeat(280), 'x-weighted', 23).counted, 280);
  });

  test('ads copy counter: Google counts double-width characters twice; a field must exist on the platform', async () => {
    const r = await call<{ items: { length: number; characters: number; withinLimit: boolean }[] }>('ads-copy-counter', {
      platform: 'google-ads',
      items: [{ field: 'headline', text: '東京ホテル予約サイト比較ランキング' }],
    });
    assert.deepEqual([r.items[0]?.characters, r.items[0]?.length, r.items[0]?.withinLimit], [17, 34, false]);
    await bad('ads-copy-counter', { platform: 'meta', items: [{ field: 'path', text: 'x' }] }, 'items.0.field');
    // Names every object inherits are not fields either (found by the fuzz test: `valueOf` was a 500).
    for (const field of ['valueOf', 'constructor', '__proto__', 'toString']) {
      await bad('ads-copy-counter', { platform: 'google-ads', items: [{ field, text: 'x' }] }, 'items.0.field');
    }
    const emoji = await call<{ findings: { id: string }[] }>('ads-copy-counter', {
      platform: 'google-ads',
      items: [{ field: 'description', text: 'Great shoes 👟' }],
    });
    assert.ok(emoji.findings.some((f) => f.id.startsWith('emoji-')));
  });

  test('RSA preview: 15 headlines and 4 descriptions give 2,730 × 12 = 32,760 combinations; pins restrict them', async () => {
    const headlines = Array.from({ length: 15 }, (_, i) => `Headline number ${i + 1}`);
    const descriptions = ['One', 'Two', 'Three', 'Four'].map((d) => `Description ${d}.`);
    const r = await call<{ combinations: { total: number; headlineArrangements: number }; previews: unknown[] }>('google-ads-rsa-preview', {
      headlines,
      descriptions,
      previewCount: 5,
    });
    assert.deepEqual(r.combinations, { headlineArrangements: 2730, descriptionArrangements: 12, total: 32760 });
    assert.equal(r.previews.length, 5);
    const pinned = await call<{ combinations: { headlineArrangements: number } }>('google-ads-rsa-preview', {
      headlines: [{ text: 'Brand A', pinnedPosition: 1 }, { text: 'Brand B', pinnedPosition: 1 }, 'C', 'D', 'E'],
      descriptions: ['x', 'y'],
    });
    assert.equal(pinned.combinations.headlineArrangements, 2 * 3 * 2);
  });

  test('social caption counter: Bluesky counts graphemes, Instagram allows 30 hashtags', async () => {
    const tags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ');
    const r = await call<{ hashtags: string[]; findings: { id: string }[] }>('social-caption-counter', { text: tags, platforms: ['instagram'] });
    assert.equal(r.hashtags.length, 31);
    assert.ok(r.findings.some((f) => f.id === 'too-many-hashtags-instagram'));
    const b = await call<{ platforms: { length: number }[] }>('social-caption-counter', { text: '👨‍👩‍👧‍👦'.repeat(300), platforms: ['bluesky'] });
    assert.equal(b.platforms[0]?.length, 300);
  });
});

describe('e-mail tools', () => {
  test('spam phrases are matched whole-word, case-insensitively, with positions', () => {
    const m = findSpamPhrases('Freedom is not FREE.\nAct  now');
    assert.deepEqual(
      m.map((x) => [x.phrase, x.start, x.line, x.column]),
      [
        ['free', 15, 1, 16],
        ['act now', 21, 2, 1],
      ],
    );
  });

  test('subject tester flags a fake reply prefix and a broken merge tag', async () => {
    const r = await call<{ findings: { id: string }[] }>('email-subject-line-tester', { subject: 'Fwd: {{first_name your invoice' });
    assert.ok(r.findings.some((f) => f.id === 'fake-reply-prefix'));
    assert.ok(r.findings.some((f) => f.id === 'broken-merge-tag'));
  });

  test('link extractor survives malformed HTML and escapes', async () => {
    const r = await call<{ links: { type: string; email: unknown }[] }>('email-link-extractor', {
      html: '<a href="mailto:%E0%A4%A">x</a><a href="javascript:void(0)">y<a href="http://[bad">z',
    });
    assert.deepEqual(
      r.links.map((l) => l.type),
      ['mailto', 'javascript', 'invalid'],
    );
    await bad('email-link-extractor', { html: '<a href="/x">x</a>', baseUrl: 'relative/only' }, 'baseUrl');
  });

  test('unsubscribe checker: RFC 8058 needs the exact One-Click value and an HTTPS URI', async () => {
    const r = await call<{ oneClick: boolean; findings: { id: string }[] }>('email-unsubscribe-checker', {
      headers: 'List-Unsubscribe: http://example.com/u\r\nList-Unsubscribe-Post: One-Click\r\n',
    });
    assert.equal(r.oneClick, false);
    for (const id of ['list-unsubscribe-malformed', 'list-unsubscribe-no-https', 'list-unsubscribe-post-invalid'])
      assert.ok(
        r.findings.some((f) => f.id === id),
        id,
      );
    const text = await call<{ body: { unsubscribeLinks: unknown[] } }>('email-unsubscribe-checker', { text: 'Bye!\nUnsubscribe: https://example.com/u?id=1' });
    assert.equal(text.body.unsubscribeLinks.length, 1);
    await bad('email-unsubscribe-checker', {}, 'html');
  });
});

describe('QR codes', () => {
  test('PNG is a real PNG data URI and SVG is SVG markup', async () => {
    const r = await call<{ svg: string; pngDataUri: string }>('qr-code-generator', { text: 'https://example.com', format: 'both' });
    assert.ok(r.svg.startsWith('<svg'));
    const png = Buffer.from(r.pngDataUri.replace('data:image/png;base64,', ''), 'base64');
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(png.readUInt32BE(16), 256); // IHDR width
  });

  test('too much data, bad colours and inverted colours', async () => {
    await bad('qr-code-generator', { text: 'x'.repeat(3000), errorCorrectionLevel: 'H' }, 'text');
    await bad('qr-code-generator', { text: 'x', darkColor: 'red' }, 'darkColor');
    await bad('qr-code-generator', { text: 'x', lightColor: '#12345' }, 'lightColor');
    const w = await warningsOf('qr-code-generator', { text: 'x', darkColor: '#ffffff', lightColor: '#000000' });
    assert.ok(w.some((x) => x.includes('inverted')));
  });
});

describe('template variants are deterministic and within limits', () => {
  test('the same input gives the same headlines, all within the Google limit', async () => {
    const input = {
      product: 'Project Management Software',
      benefit: 'Ship Projects on Time',
      offer: 'Free 30-Day Trial',
      keyword: 'project management tool',
      brand: 'Acme',
      count: 20,
    };
    const a = await call<{ variants: { text: string; length: number }[] }>('ai-ad-headline-variants', input);
    const b = await call<{ variants: { text: string }[] }>('ai-ad-headline-variants', input);
    assert.deepEqual(a.variants, b.variants);
    assert.ok(a.variants.length > 0);
    for (const v of a.variants) assert.ok(v.length <= 30, v.text);
  });

  test('subject variants respect maxLength and put spam-flagged ones last', async () => {
    const r = await call<{ variants: { characters: number; spamPhrases: string[] }[] }>('ai-email-subject-variants', {
      topic: 'our free webinar',
      offer: 'free seat',
      maxLength: 30,
      count: 30,
    });
    for (const v of r.variants) assert.ok(v.characters <= 30);
    const firstFlagged = r.variants.findIndex((v) => v.spamPhrases.length > 0);
    if (firstFlagged !== -1) assert.ok(r.variants.slice(firstFlagged).every((v) => v.spamPhrases.length > 0));
  });
});

describe('property tests', () => {
  const anyValue = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: binaryUnit, maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  );

  test('mutating any field of any example never gives a 5xx', async () => {
    // The page tools (url-checks.ts) fetch live URLs: url-checks.test.ts tests them with the real fetcher, and
    // test/url-tools/properties.test.ts fuzzes them with every other URL tool.
    const offline = marketingApisTools.filter((t) => !marketingUrlTools.includes(t));
    const cases = offline.flatMap((t) => t.examples.map((e) => ({ t, input: e.input as Record<string, unknown> })));
    await fc.assert(
      fc.asyncProperty(fc.nat(cases.length - 1), fc.nat(), anyValue, async (which, keyPick, value) => {
        const c = cases[which];
        if (!c) return;
        const keys = Object.keys(c.input);
        const key = keys[keyPick % keys.length] ?? 'x';
        await expectNoServerError(c.t, { ...c.input, [key]: value });
      }),
      { numRuns: 500 },
    );
  });

  test('random valid metric inputs always succeed with 2-decimal money', async () => {
    const amount = fc.oneof(
      fc.integer({ min: 0, max: 1e12 }),
      fc.integer({ min: 0, max: 1e12 }).map((n) => (n / 100).toFixed(2)),
    );
    const positive = fc.integer({ min: 1, max: 1e12 });
    await fc.assert(
      fc.asyncProperty(amount, positive, positive, async (cost, a, b) => {
        for (const [slug, input] of [
          ['cpc-calculator', { cost, clicks: a, impressions: b }],
          ['cpa-calculator', { cost, conversions: a, clicks: b }],
          ['cpm-calculator', { cost, impressions: a, reach: b }],
          ['roas-calculator', { revenue: cost, cost: a }],
          ['cac-calculator', { marketingCost: cost, newCustomers: a }],
          ['ctr-calculator', { clicks: a, impressions: b }],
          ['engagement-rate-calculator', { likes: a, followers: b }],
        ] as const) {
          const out = await expectNoServerError(tool(slug), input);
          assert.equal(typeof out, 'object', `${slug} refused ${JSON.stringify(input)}`);
        }
        const cpc = await call<{ cpc: string }>('cpc-calculator', { cost, clicks: a });
        assert.match(cpc.cpc, /^\d+\.\d{2}$/);
      }),
      { numRuns: 100 },
    );
  });

  test('random invalid numbers are 400s naming the field', async () => {
    const invalid = fc.oneof(
      fc.integer({ max: -1 }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e16, 2e20),
      fc.double({ min: -1e9, max: -1e-9 }),
    );
    await fc.assert(
      fc.asyncProperty(invalid, async (v) => {
        await bad('cpc-calculator', { cost: v, clicks: 10 }, 'cost');
        await bad('ctr-calculator', { clicks: v, impressions: 10 }, 'clicks');
        await bad('cpm-calculator', { cost: 10, impressions: v }, 'impressions');
        await bad(
          'ab-test-significance-calculator',
          { controlVisitors: v, controlConversions: 1, variantVisitors: 10, variantConversions: 1 },
          'controlVisitors',
        );
        await bad('ab-test-sample-size-calculator', { baselineRate: v, minimumDetectableEffect: 1 }, 'baselineRate');
        await bad('social-image-size-validator', { width: v, height: 100 }, 'width');
      }),
      { numRuns: 60 },
    );
  });

  test('random valid A/B inputs give probabilities in [0, 1] and n at least 1', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1e7 }),
        fc.integer({ min: 1, max: 1e7 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (n1, n2, f1, f2) => {
          const r = await call<{ pValue: number; confidence: number }>('ab-test-significance-calculator', {
            controlVisitors: n1,
            controlConversions: Math.floor(n1 * f1),
            variantVisitors: n2,
            variantConversions: Math.floor(n2 * f2),
          });
          assert.ok(r.pValue >= 0 && r.pValue <= 1 && r.confidence >= 0 && r.confidence <= 100);
        },
      ),
      { numRuns: 100 },
    );
    await fc.assert(
      fc.asyncProperty(fc.double({ min: 0.01, max: 90, noNaN: true }), fc.double({ min: 0.01, max: 9, noNaN: true }), async (base, mde) => {
        const out = await expectNoServerError(tool('ab-test-sample-size-calculator'), { baselineRate: base, minimumDetectableEffect: mde });
        if (typeof out === 'object') assert.ok(((out.result as Result).sampleSizePerVariant as number) >= 1);
      }),
      { numRuns: 100 },
    );
  });

  test('random text never breaks the text and e-mail tools', async () => {
    const text = fc.oneof(
      fc.string({ unit: binaryUnit, maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 100 }),
      fc.string({ maxLength: 300 }),
      fc.constantFrom('<a href="%">', '<<a href=>>', '*|UNSUB|*', '{{', 'https://', '#'.repeat(50)),
    );
    await fc.assert(
      fc.asyncProperty(text, async (t) => {
        await expectNoServerError(tool('social-caption-counter'), { text: t });
        await expectNoServerError(tool('ads-copy-counter'), { platform: 'x', items: [{ field: 'post', text: t }] });
        await expectNoServerError(tool('email-spam-word-checker'), { html: t, subject: t.slice(0, 100) });
        await expectNoServerError(tool('email-link-extractor'), { html: t });
        await expectNoServerError(tool('email-unsubscribe-checker'), { html: t, headers: t });
        await expectNoServerError(tool('email-subject-line-tester'), { subject: t.length === 0 ? 'x' : t.slice(0, 500) });
        await expectNoServerError(tool('utm-parser'), { url: t.length === 0 ? '?' : t });
        await expectNoServerError(tool('utm-builder'), { url: `https://example.com/${t}`, source: t || 'x', medium: 'm', campaign: 'c' });
      }),
      { numRuns: 150 },
    );
  });
});
