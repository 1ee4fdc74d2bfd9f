import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ids, type AuditJson as R } from '../../../test/helpers/audit-result.ts';
import { startSite } from '../../../test/helpers/fixture-site.ts';
import { siteTools } from '../../../test/helpers/url-engines.ts';
import { marketingUrlTools } from './url-checks.ts';

/**
 * The marketing tools that fetch a live URL (url-checks.ts), through the pipeline and the real fetcher against
 * a loopback site with a landing page, a lead form and a page of tracking tags. The module's other tools are
 * tested in marketing-apis.test.ts.
 */
const { origin: o, result } = await siteTools(
  marketingUrlTools,
  await startSite({
    '/cta': {
      body: `<html><body><header><a class="btn btn-primary" href="/signup">Start free trial</a></header><main>${'<p>text</p>'.repeat(40)}<a href="/demo">Book a demo</a><button type="submit">Submit</button><a href="/x">Read our story</a><button>Menu</button></main></body></html>`,
    },
    '/form': {
      body: `<html><body><form id="lead" action="http://127.0.0.1:1/post" method="post"><label for="e">Work e-mail</label><input id="e" name="email" type="text"><input name="phone" placeholder="Phone"><input type="hidden" name="utm" value="x"><select name="country"><option>A</option><option>B</option></select><label>Company <input name="company" autocomplete="organization" required></label><input type="password" name="password" aria-label="Password"><button type="submit">Get my quote</button></form></body></html>`,
    },
    '/tags': {
      body: `<html><head><script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC1234567"></script><script>gtag('config', 'G-ABC1234567'); gtag('config', 'UA-1234567-1'); gtag('config','AW-123456789');</script><script>(function(w,d,s,l,i){})(window,document,'script','dataLayer','GTM-ABCD123');</script><script>fbq('init', '123456789012345');</script><script>_linkedin_partner_id = "555555";</script><script src="https://js.hs-scripts.com/1234567.js"></script><script>ttq.load('C4ABCDEFGHIJKLMNOPQ');</script></head><body></body></html>`,
    },
  }),
);

test('landing-page-cta-finder', async () => {
  const r = await result<R>('landing-page-cta-finder', { url: `${o}/cta` });
  assert.deepEqual(
    r.ctas.map((c: R) => c.text),
    ['Start free trial', 'Book a demo', 'Submit'],
  );
  assert.equal(r.ctas[0].aboveFold, true);
  assert.equal(r.ctas[0].kind, 'button-link');
  assert.equal(r.ctas[1].aboveFold, false);
  assert.ok(ids(r).includes('cta-vague-text'));
});

test('form-field-inventory', async () => {
  const r = await result<R>('form-field-inventory', { url: `${o}/form` });
  assert.equal(r.forms.length, 1);
  const form = r.forms[0];
  assert.equal(form.method, 'post');
  assert.equal(form.submitText, 'Get my quote');
  assert.equal(form.visibleFields, 5);
  const field = (n: string): R => form.fields.find((x: R) => x.name === n);
  assert.equal(field('email').label, 'Work e-mail');
  assert.equal(field('phone').labelSource, 'placeholder');
  assert.equal(field('company').labelSource, 'label');
  assert.equal(field('company').required, true);
  assert.equal(field('country').options, 2);
  for (const id of ['form-field-unlabeled', 'form-autocomplete-missing', 'form-input-type', 'form-insecure']) assert.ok(ids(r).includes(id), id);
});

test('marketing-tag-extractor', async () => {
  const r = await result<R>('marketing-tag-extractor', { url: `${o}/tags` });
  const tag = (vendor: string): R | undefined => r.tags.find((t: R) => t.vendor === vendor);
  assert.equal(tag('Google Tag Manager')?.id, 'GTM-ABCD123');
  assert.equal(tag('Google Analytics 4')?.id, 'G-ABC1234567');
  assert.equal(tag('Google Ads')?.id, 'AW-123456789');
  assert.equal(tag('Meta Pixel')?.id, '123456789012345');
  assert.equal(tag('LinkedIn Insight Tag')?.id, '555555');
  assert.equal(tag('HubSpot')?.id, '1234567');
  assert.equal(tag('TikTok Pixel')?.id, 'C4ABCDEFGHIJKLMNOPQ');
  assert.ok(ids(r).includes('universal-analytics-retired') && ids(r).includes('no-consent-manager'));
  assert.equal(r.consentManager, null);
});
