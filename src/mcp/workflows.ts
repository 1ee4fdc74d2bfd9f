/**
 * The agent workflows, declared as data: which tools run on one input,
 * how each step's input is taken from the workflow input (or an earlier step's result), and how the
 * results merge into one job report. Adding a workflow is adding an entry here; the router indexes its
 * title, keywords and example goals, and a skill (playbook) is derived from it.
 */

/** Where a step's input field comes from. */
export type StepSource =
  /** A field of the workflow input (dot path), or `fallback` when it is absent. */
  | { from: string; fallback?: unknown }
  /** A constant. */
  | { value: unknown }
  /** A field of an earlier step's result (dot path), by step id. */
  | { step: string; path: string }
  /** The listed workflow input fields that are present, as an array. */
  | { list: string[] }
  /** A named transform of the whole workflow input (see TRANSFORMS). */
  | { transform: TransformName };

export type TransformName = 'adItems' | 'jsonText' | 'urlList';

export interface WorkflowStep {
  /** Unique within the workflow; defaults to the operationId. */
  id?: string;
  operationId: string;
  /**
   * Explicit fields; every other field the tool declares is passed through from the workflow input when
   * present there (so `{url}` reaches every URL tool without a mapping).
   */
  input?: Record<string, StepSource>;
}

export interface WorkflowInputField {
  description: string;
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'json';
}

export type WorkflowCategory = 'seo' | 'security' | 'marketing' | 'developer' | 'documents' | 'performance';

/** Local analysis the workflow can do on `input.html` / `input.text` without fetching (free unless enhance). */
export type LocalAnalysis = 'page' | 'social' | 'structured-data';

export interface Workflow {
  id: string;
  title: string;
  category: WorkflowCategory;
  description: string;
  keywords: string[];
  exampleGoals: string[];
  exampleInput: Record<string, unknown>;
  inputs: Record<string, WorkflowInputField>;
  /** Each inner list: at least one of these fields is needed (need_input otherwise). */
  requires: string[][];
  steps: WorkflowStep[];
  /** `audit`: scores and findings merge into the report; `results`: the steps' results are the point. */
  merge: 'audit' | 'results';
  local?: LocalAnalysis;
  /** Ranking weight among close matches (1 = normal); the general workflow of a topic is a little higher. */
  boost?: number;
}

const URL_INPUT: Record<string, WorkflowInputField> = {
  url: { description: 'Page URL (http or https; a bare host like example.com gets https://)', type: 'string' },
};
const PAGE_INPUT: Record<string, WorkflowInputField> = {
  ...URL_INPUT,
  html: { description: 'HTML of the page to analyse locally instead of fetching the URL (free unless enhance: true)', type: 'string' },
};
const CONTENT_INPUT: Record<string, WorkflowInputField> = {
  ...PAGE_INPUT,
  text: { description: 'Plain text to analyse locally (free unless enhance: true)', type: 'string' },
  keyword: { description: 'Target keyword or phrase (optional)', type: 'string' },
};
const EXAMPLE_URL = { url: 'https://example.com' };

/** A step by operationId alone, or with its input mapping. */
type StepEntry = string | WorkflowStep;
/** What a workflow declares itself; the kits below fill in what its kind shares. */
type WorkflowEntry = Omit<Workflow, 'merge' | 'steps'> & { steps: StepEntry[] };
type PageEntry = Omit<WorkflowEntry, 'exampleInput' | 'inputs' | 'requires' | 'local'>;

/** Scores and findings of the steps merge into the report. */
function audit(entry: WorkflowEntry): Workflow {
  return { ...entry, steps: entry.steps.map((s) => (typeof s === 'string' ? { operationId: s } : s)), merge: 'audit' };
}

/** The steps' results are the point (conversions, generated setups). */
function results(entry: WorkflowEntry): Workflow {
  return { ...audit(entry), merge: 'results' };
}

/** An audit of one live URL (the tools fetch it). */
function urlAudit(entry: PageEntry): Workflow {
  return audit({ ...entry, exampleInput: EXAMPLE_URL, inputs: URL_INPUT, requires: [['url']] });
}

/** An audit of one page, fetched by URL or given as HTML (analysed locally, free unless enhance). */
function pageAudit(entry: PageEntry, local: LocalAnalysis): Workflow {
  return audit({ ...entry, exampleInput: EXAMPLE_URL, inputs: PAGE_INPUT, requires: [['url', 'html']], local });
}

export const WORKFLOWS: Workflow[] = [
  pageAudit(
    {
      id: 'full-seo-audit',
      title: 'Full SEO audit',
      category: 'seo',
      description:
        'On-page SEO audit of one page (title, meta description, headings, canonical, robots, structured data, Open Graph) plus a measured page-speed analysis, merged into one score with ranked fixes.',
      keywords: ['seo audit', 'seo check', 'search engine optimization', 'on-page seo', 'seo score', 'site audit', 'google ranking'],
      exampleGoals: [
        'Run a full SEO audit of https://example.com',
        'Why does my page rank badly on Google?',
        'Check the SEO of example.com and tell me what to fix',
      ],
      steps: ['seoTools.analyze', 'seoApis.pageSpeedAnalyzer'],
      boost: 1.25,
    },
    'page',
  ),
  urlAudit({
    id: 'core-web-vitals-job',
    title: 'Core Web Vitals and page experience check',
    category: 'performance',
    description:
      'Measures loading performance (LCP, CLS, TBT, request weight, render-blocking resources) with a real browser, and adds the on-page SEO and social preview checks that shape page experience.',
    keywords: ['core web vitals', 'lcp', 'cls', 'page experience', 'web vitals', 'loading performance', 'slow page'],
    exampleGoals: ['Check the Core Web Vitals of https://example.com', 'Measure LCP and CLS of my landing page', 'How is the page experience of example.com?'],
    steps: ['seoApis.pageSpeedAnalyzer', 'seoTools.analyze', 'seoApis.socialMediaIntegration'],
  }),
  audit({
    id: 'full-seo-optimization-job',
    title: 'Full SEO optimization job',
    category: 'seo',
    description:
      'The broadest SEO pass over a page: on-page audit, content quality and keyword use, page speed, internal linking, every link on the page and social sharing tags, with one ranked fix list.',
    keywords: ['seo optimization', 'optimize seo', 'complete seo', 'improve ranking', 'comprehensive seo', 'seo improvements'],
    exampleGoals: [
      'Optimize the SEO of https://example.com end to end',
      'Give me a complete SEO optimization plan for example.com',
      'Do everything you can to improve my page ranking',
    ],
    exampleInput: { url: 'https://example.com', keyword: 'example domain' },
    inputs: CONTENT_INPUT,
    requires: [['url']],
    steps: [
      'seoTools.analyze',
      'seoApis.contentOptimization',
      'seoApis.pageSpeedAnalyzer',
      'seoApis.internalLinking',
      'seoApis.linkExtractor',
      'seoApis.socialMediaIntegration',
    ],
  }),
  audit({
    id: 'content-optimization',
    title: 'Content optimization',
    category: 'seo',
    description:
      'Content quality of a page or a text: length, paragraphs, readability, the phrases it leans on and how well it uses a target keyword; a text or HTML given directly is analysed locally for free.',
    keywords: ['content optimization', 'readability', 'keyword density', 'content quality', 'copy review', 'word count', 'blog post'],
    exampleGoals: [
      'Optimize the content of https://example.com/blog/post for "running shoes"',
      'Is my article readable and well optimized?',
      'Review the copy of this blog post for SEO',
    ],
    exampleInput: { url: 'https://example.com/blog/post', keyword: 'running shoes' },
    inputs: CONTENT_INPUT,
    requires: [['url', 'html', 'text']],
    steps: ['seoApis.contentOptimization'],
    local: 'page',
  }),
  results({
    id: 'document-convert-pipeline',
    title: 'Document conversion pipeline',
    category: 'documents',
    description: 'Converts a Word document (DOCX) to PDF and returns a download link.',
    keywords: ['docx to pdf', 'word to pdf', 'convert document', 'document conversion'],
    exampleGoals: ['Convert my Word document to PDF', 'Turn this DOCX into a PDF'],
    exampleInput: { fileId: '00000000-0000-4000-8000-000000000000' },
    inputs: { fileId: { description: 'fileId of an uploaded or earlier converted DOCX', type: 'string' } },
    requires: [['fileId']],
    steps: ['documents.docxToPdf'],
  }),
  urlAudit({
    id: 'internal-link-architecture-job',
    title: 'Internal link architecture review',
    category: 'seo',
    description:
      'How a page links into its own site: internal link share, anchor texts, nofollowed internal links, every link found, and the on-page basics that decide how link equity flows.',
    keywords: ['internal links', 'internal linking', 'link architecture', 'site structure', 'anchor text', 'link equity'],
    exampleGoals: [
      'Review the internal link structure of https://example.com',
      'Are my internal links and anchor texts good?',
      'Analyze internal linking on example.com',
    ],
    steps: ['seoApis.internalLinking', 'seoApis.linkExtractor', 'seoTools.analyze'],
  }),
  pageAudit(
    {
      id: 'technical-seo-audit-job',
      title: 'Technical SEO audit',
      category: 'seo',
      description:
        'Technical SEO of a page: status, canonical, robots rules, headings and indexability, the links it exposes to crawlers, and measured page speed.',
      keywords: ['technical seo', 'indexability', 'crawlability', 'tech seo', 'seo technical audit'],
      exampleGoals: ['Run a technical SEO audit of https://example.com', 'Check indexability and technical SEO issues on example.com'],
      steps: ['seoTools.analyze', 'seoApis.linkExtractor', 'seoApis.pageSpeedAnalyzer'],
    },
    'page',
  ),
  pageAudit(
    {
      id: 'social-preview-audit-job',
      title: 'Social preview audit',
      category: 'marketing',
      description:
        'How a link to the page looks when shared: Open Graph and Twitter/X card tags, the preview image, profile links and share buttons; HTML given directly is checked locally for free.',
      keywords: ['open graph', 'og tags', 'twitter card', 'social preview', 'link preview', 'facebook share', 'linkedin preview'],
      exampleGoals: [
        'Check how https://example.com looks when shared on social media',
        'Are my Open Graph tags correct?',
        'Audit the Twitter card and link preview of example.com',
      ],
      steps: ['seoApis.socialMediaIntegration'],
    },
    'social',
  ),
  audit({
    id: 'content-quality-audit-job',
    title: 'Content quality audit',
    category: 'seo',
    description:
      'Content quality and keyword focus of a page: readability, structure and keyword use, plus which keywords the page actually signals to search engines.',
    keywords: ['content audit', 'content quality', 'thin content', 'keyword focus', 'content review'],
    exampleGoals: ['Audit the content quality of https://example.com/blog', 'Is the content on example.com thin or well written?'],
    exampleInput: EXAMPLE_URL,
    inputs: CONTENT_INPUT,
    requires: [['url']],
    steps: ['seoApis.contentOptimization', { operationId: 'seoApis.rankCheckerKeywords', input: { keywords: { from: 'keyword' } } }],
  }),
  audit({
    id: 'keyword-opportunity-review-job',
    title: 'Keyword opportunity review',
    category: 'seo',
    description:
      'Which keywords a page targets and how prominently (title, H1, headings, first paragraph), with content optimization advice for the chosen keyword.',
    keywords: ['keyword opportunities', 'keyword research', 'target keywords', 'keyword gaps', 'keyword prominence', 'which keywords'],
    exampleGoals: ['Which keywords does https://example.com rank for and where are the opportunities?', 'Find keyword opportunities for my page'],
    exampleInput: { url: 'https://example.com', keywords: 'example, domain' },
    inputs: {
      ...URL_INPUT,
      keywords: { description: 'Comma-separated keywords to score (optional)', type: 'string' },
      keyword: { description: 'Main keyword (optional)', type: 'string' },
    },
    requires: [['url']],
    steps: ['seoApis.rankCheckerKeywords', 'seoApis.contentOptimization'],
  }),
  audit({
    id: 'seo-deploy-regression-job',
    title: 'SEO deploy regression check',
    category: 'seo',
    description:
      'After a deploy, a lite SEO scorecard (status, title, meta description, canonical, H1) of several URLs at once, to catch pages a release broke.',
    keywords: ['deploy check', 'release check', 'seo regression', 'bulk seo', 'after deploy', 'multiple urls'],
    exampleGoals: ['Check these URLs for SEO regressions after our deploy', 'Bulk SEO check of https://example.com and https://example.org'],
    exampleInput: { urls: ['https://example.com', 'https://example.org'] },
    inputs: { urls: { description: 'URLs to audit', type: 'array' }, url: { description: 'One URL (used when urls is absent)', type: 'string' } },
    requires: [['urls', 'url']],
    steps: [{ operationId: 'seoApis.bulkUrlSeoAuditor', input: { urls: { transform: 'urlList' } } }],
  }),
  audit({
    id: 'seo-deploy-regression-diff-job',
    title: 'SEO deploy regression diff',
    category: 'seo',
    description:
      'Compares the SEO signals of a page before and after a change (e.g. production vs staging): what changed in title, meta, canonical, headings and robots, plus a scorecard of both.',
    keywords: ['seo diff', 'before and after', 'staging vs production', 'seo changes', 'compare versions', 'regression diff'],
    exampleGoals: [
      'Compare the SEO of https://example.com and https://staging.example.com before we deploy',
      'What SEO changed between the old and new version of my page?',
    ],
    exampleInput: { beforeUrl: 'https://example.com', afterUrl: 'https://staging.example.com' },
    inputs: {
      beforeUrl: { description: 'URL of the current (before) version', type: 'string' },
      afterUrl: { description: 'URL of the new (after) version', type: 'string' },
    },
    requires: [['beforeUrl'], ['afterUrl']],
    steps: [{ operationId: 'seoApis.bulkUrlSeoAuditor', input: { urls: { list: ['beforeUrl', 'afterUrl'] } } }, 'seoApis.seoChangeDiff'],
  }),
  urlAudit({
    id: 'full-security-audit',
    title: 'Full website security audit',
    category: 'security',
    description:
      'Security posture of a website: HTTP security headers, TLS certificate, cookie flags, CORS policy, subresource integrity of third-party scripts and security.txt, merged into one score with ranked fixes.',
    keywords: ['security audit', 'website security', 'security scan', 'vulnerability check', 'secure site', 'pentest basics', 'hardening'],
    exampleGoals: ['Run a full security audit of https://example.com', 'Is my website secure?', 'Scan example.com for security problems'],
    steps: [
      'securityApis.securityHeadersAnalyzer',
      'securityApis.sslTlsCertificateChecker',
      'securityApis.cookieSecurityAnalyzer',
      'securityApis.corsPolicyChecker',
      'securityApis.subresourceIntegrityChecker',
      'securityApis.securityTxtChecker',
    ],
    boost: 1.25,
  }),
  urlAudit({
    id: 'frontend-supply-chain-job',
    title: 'Frontend supply-chain check',
    category: 'security',
    description:
      'Third-party code risk of a page: scripts and styles without subresource integrity, mixed (HTTP) content on an HTTPS page, and an over-permissive CORS policy.',
    keywords: ['supply chain', 'third-party scripts', 'cdn scripts', 'sri', 'mixed content', 'frontend security'],
    exampleGoals: ['Check the frontend supply chain of https://example.com', 'Are the third-party scripts on my site safe?'],
    steps: ['securityApis.subresourceIntegrityChecker', 'seoApis.mixedContentChecker', 'securityApis.corsPolicyChecker'],
  }),
  urlAudit({
    id: 'security-headers-job',
    title: 'Security headers check',
    category: 'security',
    description:
      'Grades the HTTP security headers of a URL (CSP, HSTS, X-Frame-Options, X-Content-Type-Options, Referrer-Policy, Permissions-Policy…) with the fix for each missing or weak one.',
    keywords: ['security headers', 'csp header', 'hsts', 'x-frame-options', 'http headers security', 'header grade'],
    exampleGoals: ['Check the security headers of https://example.com', 'Does my site send HSTS and a CSP?'],
    steps: ['securityApis.securityHeadersAnalyzer'],
  }),
  ...['developer-ship-checklist-job', 'ship-gate-job'].map(
    (id): Workflow => ({
      id,
      title: id === 'ship-gate-job' ? 'Ship gate (go/no-go before launch)' : 'Developer ship checklist',
      category: 'security',
      description:
        'Pre-launch go/no-go checks of a URL: security headers, TLS certificate, mixed content, HTTP status and measured page speed, merged into one gate with the fixes that block shipping.',
      keywords: ['ship checklist', 'launch checklist', 'go live', 'pre-launch', 'release gate', 'production readiness', 'ready to ship'],
      exampleGoals:
        id === 'ship-gate-job'
          ? ['Is https://example.com ready to ship?', 'Run the ship gate on our staging site before launch']
          : ['Run the developer ship checklist on https://example.com', 'Pre-launch checklist for my web app'],
      exampleInput: EXAMPLE_URL,
      inputs: URL_INPUT,
      requires: [['url']],
      steps: [
        { operationId: 'securityApis.securityHeadersAnalyzer' },
        { operationId: 'securityApis.sslTlsCertificateChecker' },
        { operationId: 'seoApis.mixedContentChecker' },
        { operationId: 'seoApis.httpStatusChecker' },
        { operationId: 'seoApis.pageSpeedAnalyzer' },
      ],
      merge: 'audit',
    }),
  ),
  ...['secrets-hygiene-job', 'auth-token-hygiene-job'].map(
    (id): Workflow => ({
      id,
      title: id === 'secrets-hygiene-job' ? 'Secrets hygiene check' : 'Auth token hygiene check',
      category: 'security',
      description:
        'Scans text (code, config, logs) for leaked secrets such as API keys, private keys and passwords, and decodes a JWT to flag weak algorithms, missing expiry and sensitive claims.',
      keywords: ['leaked secrets', 'api key leak', 'credentials in code', 'token hygiene', 'jwt audit', 'secret scanning'],
      exampleGoals:
        id === 'secrets-hygiene-job'
          ? ['Scan this config file for leaked secrets', 'Are there API keys or passwords in this code?']
          : ['Check the hygiene of this auth token', 'Audit our JWT for weak algorithms and missing expiry'],
      exampleInput: {
        text: 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      },
      inputs: {
        text: { description: 'Text to scan for secrets (code, config, logs)', type: 'string' },
        token: { description: 'A JWT to decode and audit', type: 'string' },
      },
      requires: [['text', 'token']],
      steps: [{ operationId: 'securityApis.secretLeakScanner' }, { operationId: 'securityApis.jwtDecoder' }],
      merge: 'audit',
    }),
  ),
  audit({
    id: 'email-auth-security-job',
    title: 'E-mail authentication check (SPF, DKIM, DMARC)',
    category: 'security',
    description: "Whether a domain's mail can be trusted and delivered: SPF, DKIM and DMARC records, the DNS records behind them, and a security.txt contact.",
    keywords: ['spf', 'dkim', 'dmarc', 'email authentication', 'email deliverability', 'email spoofing', 'mail dns'],
    exampleGoals: [
      'Check SPF, DKIM and DMARC for example.com',
      'Why do our e-mails land in spam? Check the domain example.com',
      'Can someone spoof e-mail from example.com?',
    ],
    exampleInput: { domain: 'example.com' },
    inputs: {
      domain: { description: 'Domain name, e.g. example.com', type: 'string' },
      url: { description: 'A URL on the domain (its host is used)', type: 'string' },
    },
    requires: [['domain', 'url']],
    steps: [
      { operationId: 'securityApis.spfDkimDmarcChecker', input: { domain: { from: 'domain' } } },
      { operationId: 'securityApis.dnsLookup', input: { domain: { from: 'domain' } } },
      { operationId: 'securityApis.securityTxtChecker', input: { url: { from: 'url' } } },
    ],
  }),
  urlAudit({
    id: 'crawl-readiness-job',
    title: 'Crawl readiness check',
    category: 'seo',
    description: 'Whether search engines can crawl a site: robots.txt rules, the XML sitemap and the redirect chain of the start URL.',
    keywords: ['crawl', 'crawler', 'robots.txt', 'sitemap', 'crawl budget', 'googlebot', 'indexing'],
    exampleGoals: ['Can Google crawl https://example.com? Check robots.txt and sitemap', 'Check the crawl readiness of example.com'],
    steps: ['seoApis.robotsTxtChecker', 'seoApis.sitemapXmlValidator', 'seoApis.redirectChainAnalyzer'],
  }),
  pageAudit(
    {
      id: 'structured-data-audit-job',
      title: 'Structured data audit',
      category: 'seo',
      description:
        'Structured data and meta tags of a page: JSON-LD / microdata types and their required properties, meta tags, and social tags, for rich results; HTML given directly is checked locally for free.',
      keywords: ['structured data', 'schema markup', 'json-ld', 'rich results', 'rich snippets', 'schema.org'],
      exampleGoals: ['Audit the structured data of https://example.com', 'Is my schema markup valid for rich results?'],
      steps: ['seoApis.schemaMarkupValidator', 'seoApis.metaTagsAnalyzer', 'seoApis.socialMediaIntegration'],
    },
    'structured-data',
  ),
  urlAudit({
    id: 'ai-overview-readiness-job',
    title: 'AI Overview readiness check',
    category: 'seo',
    description:
      'How ready a page is to be quoted by AI answers (Google AI Overviews, chat assistants): question headings, answer snippets, lists, tables, authorship, freshness and AI crawler access.',
    keywords: ['ai overview', 'ai search', 'generative engine optimization', 'geo', 'llm visibility', 'chatgpt search', 'answer engine'],
    exampleGoals: ['Is https://example.com ready for Google AI Overviews?', 'Check if AI assistants can quote my page'],
    steps: ['seoApis.aiOverviewReadinessChecker'],
  }),
  urlAudit({
    id: 'site-icons-audit-job',
    title: 'Site icons audit',
    category: 'seo',
    description: 'Favicon, Apple touch icon and web-app manifest icons of a site: declared, reachable and of the right sizes.',
    keywords: ['favicon', 'apple touch icon', 'site icons', 'manifest icons', 'pwa icons'],
    exampleGoals: ['Check the favicon and touch icons of https://example.com', 'Is my favicon missing?'],
    steps: ['seoApis.siteIconsChecker'],
  }),
  results({
    id: 'campaign-tracking-setup-job',
    title: 'Campaign tracking setup',
    category: 'marketing',
    description:
      'Builds a UTM-tagged campaign URL, the ad-platform variant with its click macros, and parses the result back to confirm the tracking parameters.',
    keywords: ['utm', 'campaign tracking', 'tracking link', 'utm parameters', 'campaign url', 'analytics tagging'],
    exampleGoals: ['Set up campaign tracking links for our spring sale on https://example.com', 'Build UTM links for a newsletter campaign'],
    exampleInput: { url: 'https://example.com/sale', source: 'newsletter', medium: 'email', campaign: 'spring-sale', platform: 'google-ads' },
    inputs: {
      url: { description: 'Landing page URL', type: 'string' },
      source: { description: 'utm_source, e.g. newsletter or google', type: 'string' },
      medium: { description: 'utm_medium, e.g. email or cpc', type: 'string' },
      campaign: { description: 'utm_campaign, e.g. spring-sale', type: 'string' },
      platform: { description: 'Ad platform for the macro variant (google-ads, microsoft-ads, meta, linkedin, tiktok…); optional', type: 'string' },
    },
    requires: [['url'], ['source'], ['medium'], ['campaign']],
    steps: [
      { id: 'utm', operationId: 'marketingApis.utmBuilder' },
      'marketingApis.adsUtmBuilder',
      { operationId: 'marketingApis.utmParser', input: { url: { step: 'utm', path: 'url' } } },
    ],
  }),
  audit({
    id: 'paid-ads-copy-gate-job',
    title: 'Paid ads copy gate',
    category: 'marketing',
    description:
      "Checks responsive search ad copy before it goes live: every headline and description against the platform's character limits, and a preview of the combinations Google Ads would show.",
    keywords: ['ad copy', 'google ads', 'rsa', 'responsive search ads', 'ad headlines', 'character limits', 'ppc copy'],
    exampleGoals: ['Check our Google Ads headlines and descriptions before launch', 'Do these ad headlines fit the character limits?'],
    exampleInput: {
      headlines: ['Fast Running Shoes', 'Free Shipping Today', 'Shop The Spring Sale'],
      descriptions: ['Lightweight shoes for every run. Order now and get free returns.', 'Our best sellers, now 20% off for a limited time.'],
    },
    inputs: {
      headlines: { description: 'Ad headlines (up to 15)', type: 'array' },
      descriptions: { description: 'Ad descriptions (up to 4)', type: 'array' },
      platform: { description: 'Platform whose limits apply (default google-ads)', type: 'string' },
      finalUrl: { description: 'Final URL for the preview (optional)', type: 'string' },
    },
    requires: [['headlines'], ['descriptions']],
    steps: [
      { operationId: 'marketingApis.adsCopyCounter', input: { platform: { from: 'platform', fallback: 'google-ads' }, items: { transform: 'adItems' } } },
      'marketingApis.googleAdsRsaPreview',
    ],
  }),
  results({
    id: 'growth-unit-economics-job',
    title: 'Growth unit economics',
    category: 'marketing',
    description:
      'The paid-growth numbers in one go from spend, revenue, clicks, impressions, conversions and new customers: ROAS, CPC, CTR, CPA and CAC; each metric runs when its inputs are given.',
    keywords: ['unit economics', 'roas', 'cpc', 'ctr', 'cpa', 'cac', 'marketing metrics', 'ad spend'],
    exampleGoals: ['Calculate ROAS, CPC, CTR, CPA and CAC for our last campaign', 'What are our paid growth unit economics?'],
    exampleInput: { cost: 1000, revenue: 4000, clicks: 500, impressions: 20000, conversions: 40, newCustomers: 25 },
    inputs: {
      cost: { description: 'Ad spend', type: 'number' },
      revenue: { description: 'Revenue attributed to the spend', type: 'number' },
      clicks: { description: 'Clicks', type: 'integer' },
      impressions: { description: 'Impressions', type: 'integer' },
      conversions: { description: 'Conversions', type: 'integer' },
      newCustomers: { description: 'New customers acquired', type: 'integer' },
    },
    requires: [['cost', 'clicks']],
    steps: [
      'marketingApis.roasCalculator',
      'marketingApis.cpcCalculator',
      'marketingApis.ctrCalculator',
      'marketingApis.cpaCalculator',
      { operationId: 'marketingApis.cacCalculator', input: { marketingCost: { from: 'cost' } } },
    ],
  }),
  audit({
    id: 'email-campaign-qa-job',
    title: 'E-mail campaign QA',
    category: 'marketing',
    description:
      'Pre-send QA of a marketing e-mail: subject line score (length, spam phrases, personalization, mobile preview) and a spam-word check of the body.',
    keywords: ['email campaign', 'newsletter qa', 'subject line', 'spam words', 'email marketing', 'before sending'],
    exampleGoals: ['QA our newsletter before we send it', 'Will this e-mail subject and body trigger spam filters?'],
    exampleInput: { subject: 'Your spring sale picks are here', text: 'Hi there, our spring sale starts today with 20% off running shoes.' },
    inputs: {
      subject: { description: 'Subject line', type: 'string' },
      preheader: { description: 'Preheader text (optional)', type: 'string' },
      text: { description: 'Body as plain text', type: 'string' },
      html: { description: 'Body as HTML', type: 'string' },
    },
    requires: [['subject']],
    steps: ['marketingApis.emailSubjectLineTester', 'marketingApis.emailSpamWordChecker'],
  }),
  audit({
    id: 'landing-conversion-check-job',
    title: 'Landing page conversion check',
    category: 'marketing',
    description: 'Conversion readiness of a landing page: its calls to action, the forms and their fields, and the analytics and ad tags that measure it.',
    keywords: ['landing page', 'conversion', 'cta', 'call to action', 'forms', 'tracking tags', 'cro'],
    exampleGoals: ['Check the conversion setup of our landing page https://example.com/offer', 'Does my landing page have clear CTAs and tracking?'],
    exampleInput: { url: 'https://example.com/offer' },
    inputs: URL_INPUT,
    requires: [['url']],
    steps: ['marketingApis.landingPageCtaFinder', 'marketingApis.formFieldInventory', 'marketingApis.marketingTagExtractor'],
  }),
  results({
    id: 'dev-json-pipeline-job',
    title: 'JSON pipeline (validate, format, Zod schema)',
    category: 'developer',
    description: 'Validates a JSON document (reporting the error position and duplicate keys), pretty-prints it and generates a Zod schema for it.',
    keywords: ['json', 'validate json', 'format json', 'zod schema', 'json pipeline'],
    exampleGoals: ['Validate this JSON, format it and give me a Zod schema', 'Turn this JSON payload into a Zod schema after checking it'],
    exampleInput: { json: '{"id": 1, "name": "Ada", "tags": ["admin"]}' },
    inputs: { json: { description: 'JSON text (or a JSON value)', type: 'json' } },
    requires: [['json']],
    steps: [
      { operationId: 'developerApis.jsonValidator', input: { json: { transform: 'jsonText' } } },
      'developerApis.jsonFormatter',
      'developerApis.jsonToZod',
    ],
  }),
  results({
    id: 'dev-auth-debug-job',
    title: 'Auth debugging (generate and decode a JWT)',
    category: 'developer',
    description: 'Signs a test JWT with the claims and secret given, then decodes it back and audits its header and claims, to debug an auth flow end to end.',
    keywords: ['jwt', 'auth debug', 'test token', 'sign jwt', 'decode token', 'bearer token'],
    exampleGoals: ['Generate a test JWT for user 42 and decode it to check the claims', 'Debug our auth: sign a token and inspect it'],
    exampleInput: { payload: { sub: 'user-42', role: 'admin' }, secret: 'a-string-secret-at-least-256-bits-long', expiresIn: '15m' },
    inputs: {
      payload: { description: 'Claims to sign', type: 'object' },
      secret: { description: 'HMAC secret (HS256)', type: 'string' },
      expiresIn: { description: 'Lifetime, e.g. 15m or 1h', type: 'string' },
      algorithm: { description: 'Signing algorithm (default HS256)', type: 'string' },
    },
    requires: [['secret']],
    steps: [
      { id: 'sign', operationId: 'developerApis.jwtGenerator' },
      { operationId: 'securityApis.jwtDecoder', input: { token: { step: 'sign', path: 'token' } } },
    ],
  }),
  results({
    id: 'dev-format-transform-job',
    title: 'Format and transform (YAML → JSON, XML)',
    category: 'developer',
    description: 'Converts YAML to JSON and pretty-prints it, and formats an XML document when one is given.',
    keywords: ['yaml to json', 'convert yaml', 'format xml', 'config conversion', 'pretty print'],
    exampleGoals: ['Convert this YAML config to formatted JSON', 'Transform my YAML to JSON and format the XML too'],
    exampleInput: { yaml: 'name: api\nreplicas: 2\nports:\n  - 80\n  - 443\n' },
    inputs: { yaml: { description: 'YAML text', type: 'string' }, xml: { description: 'XML text to format (optional)', type: 'string' } },
    requires: [['yaml', 'xml']],
    steps: [
      { id: 'yaml', operationId: 'developerApis.yamlToJson' },
      { operationId: 'developerApis.jsonFormatter', input: { json: { step: 'yaml', path: 'json' } } },
      'developerApis.xmlFormatter',
    ],
  }),
  audit({
    id: 'frontend-webp-job',
    title: 'Frontend WebP job',
    category: 'performance',
    description: 'Finds oversized images on a page with a page-speed analysis and converts an image to WebP.',
    keywords: ['webp', 'image optimization', 'convert images', 'oversized images'],
    exampleGoals: ['Find heavy images on https://example.com and convert them to WebP'],
    exampleInput: EXAMPLE_URL,
    inputs: { ...URL_INPUT, fileId: { description: 'fileId of an image to convert', type: 'string' } },
    requires: [['url']],
    steps: ['seoApis.pageSpeedAnalyzer', 'convertors.toWebp'],
  }),
];

/** The step's id (defaults to its operationId). */
export function stepId(step: WorkflowStep): string {
  return step.id ?? step.operationId;
}

/** Named transforms a step mapping may use: small, pure and total (undefined when the inputs are absent). */
export const TRANSFORMS: Record<TransformName, (input: Record<string, unknown>) => unknown> = {
  /** headlines + descriptions -> ads-copy-counter items. */
  adItems(input) {
    const items: Array<{ field: string; text: string }> = [];
    for (const [key, field] of [
      ['headlines', 'headline'],
      ['descriptions', 'description'],
    ] as const) {
      const list = input[key];
      if (Array.isArray(list)) for (const text of list) if (typeof text === 'string') items.push({ field, text });
    }
    return items.length > 0 ? items : undefined;
  },
  /** `json` as text (a JSON value given as an object or array is serialised). */
  jsonText(input) {
    const json = input.json;
    if (json === undefined) return undefined;
    return typeof json === 'string' ? json : JSON.stringify(json);
  },
  /** `urls`, or the single `url` as a list. */
  urlList(input) {
    if (Array.isArray(input.urls) && input.urls.length > 0) return input.urls;
    return typeof input.url === 'string' ? [input.url] : undefined;
  },
};
