/** Link classification shared by the e-mail tools. Module-internal helper (no default export). */

export type LinkType = 'web' | 'mailto' | 'tel' | 'sms' | 'anchor' | 'merge-tag' | 'javascript' | 'other' | 'invalid';

/** ESP and link-shortener click-tracking hosts. */
const TRACKING_HOSTS: [RegExp, string][] = [
  [/(^|\.)list-manage\.com$|(^|\.)mailchi\.mp$/, 'Mailchimp'],
  [/(^|\.)sendgrid\.net$/, 'SendGrid'],
  [/(^|\.)hubspotlinks\.com$|(^|\.)hubspotemail\.net$|(^|\.)hs-sites\.com$/, 'HubSpot'],
  [/(^|\.)klclick\d*\.com$/, 'Klaviyo'],
  [/(^|\.)rs6\.net$/, 'Constant Contact'],
  [/(^|\.)createsend\d*\.com$|(^|\.)cmail\d+\.com$/, 'Campaign Monitor'],
  [/(^|\.)sendib[tm]\d*\.com$|(^|\.)brevo\.com$/, 'Brevo (Sendinblue)'],
  [/(^|\.)exct\.net$|(^|\.)exacttarget\.com$/, 'Salesforce Marketing Cloud'],
  [/(^|\.)acemln[a-z]\.com$/, 'ActiveCampaign'],
  [/(^|\.)convertkit-mail\d*\.com$|(^|\.)ck\.page$/, 'Kit (ConvertKit)'],
  [/(^|\.)mlsend\.com$|(^|\.)mailerlite\.com$/, 'MailerLite'],
  [/(^|\.)awstrack\.me$/, 'Amazon SES'],
  [/(^|\.)pstmrk\.it$/, 'Postmark'],
  [/(^|\.)mailgun\.org$/, 'Mailgun'],
  [/(^|\.)iterable\.com$/, 'Iterable'],
  [/(^|\.)customer\.io$/, 'Customer.io'],
  [/(^|\.)mktoweb\.com$|(^|\.)mktoedge\.com$/, 'Marketo'],
  [/(^|\.)substack\.com$/, 'Substack'],
  [/(^|\.)bit\.ly$|(^|\.)tinyurl\.com$|(^|\.)ow\.ly$|(^|\.)buff\.ly$|(^|\.)t\.co$|(^|\.)rebrand\.ly$/, 'link shortener'],
];

export function trackingProvider(host: string): string | null {
  const h = host.toLowerCase();
  for (const [test, name] of TRACKING_HOSTS) if (test.test(h)) return name;
  return null;
}

const MERGE_TAG = /^(\*\|[^|]+\|\*|\{\{[^{}]+\}\}|%%[^%]+%%|<%[^%]+%>|\[[A-Za-z_ ]+\]|\{\$[\w.]+\}|\$[\w.]+\$|#\{[\w.]+\})$/;
const UNSUBSCRIBE_WORDS =
  /unsubscri|opt[\s_-]?out|abmelden|abbestellen|d[ée]sinscri|d[ée]sabonn|darse de baja|cancelar (la )?suscripci|annulla(re)? l'iscrizione|uitschrijven|afmelden|manage (your )?(email )?(preferences|subscriptions)|email preferences|update (your )?preferences|stop receiving/i;
const UNSUBSCRIBE_TAG = /unsub|opt_?out|asm_group|preferences/i;

export function linkType(href: string): LinkType {
  if (MERGE_TAG.test(href)) return 'merge-tag';
  if (href.startsWith('#')) return 'anchor';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme === 'mailto') return 'mailto';
  if (scheme === 'tel') return 'tel';
  if (scheme === 'sms') return 'sms';
  if (scheme === 'javascript') return 'javascript';
  if (scheme === 'http' || scheme === 'https') return 'web';
  if (scheme === undefined) return 'web';
  return 'other';
}

/** An unsubscribe or preference-centre link, from its text, its URL or an ESP merge tag. */
export function isUnsubscribeLink(href: string, text: string): boolean {
  if (UNSUBSCRIBE_WORDS.test(text)) return true;
  if (MERGE_TAG.test(href)) return UNSUBSCRIBE_TAG.test(href);
  return /unsubscri|opt[-_]?out|list-manage\.com\/unsubscribe|\/unsub\b|preferences?[-_/]?(center|centre)|manage[-_]?preferences/i.test(href);
}

export const UNSUBSCRIBE_TEXT = UNSUBSCRIBE_WORDS;
