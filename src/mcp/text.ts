import { stemmer } from 'stemmer';

/**
 * Text processing of the router: the same tokens for the index and the query. Words are lower-cased,
 * stop words dropped and the rest Porter-stemmed, so "converting headers" meets "convert header".
 */

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could do does did for from has have how i if in into is it its me my ' +
    'of on or our ours please should so some than that the their them then there these this those to us was we ' +
    'what when where which who why will with would you your yours want need like just also get give tell let lets ' +
    "i'd i'm im can't cant don't dont whether any all one two using use via per about over under between after before " +
    'out many much well properly correctly really very actually exactly maybe kind also same each every other another lot lots'
  ).split(/\s+/),
);

/**
 * Words that name no task on their own: a goal made only of them ("check my website", "analyze this",
 * "help me improve it") is vague, however the search ranks it. They still take part in ranking.
 */
const GENERIC_WORDS = new Set(
  (
    'check checks checking checker analyze analyse analysis analyzer audit audits review test tests run do make help ' +
    'fix fixes improve improvement better good bad best ok okay fine work works working look see find show tool tools ' +
    'thing things stuff something anything everything site website web page pages url urls it this that here now ' +
    'quick quickly please thanks thank mine me know what whats wrong issue issues problem problems report result results ' +
    'data info information online free new old current task job jobs want wanna go going sure useful nice cool ' +
    'build create generate produce calculate compute convert turn get'
  ).split(/\s+/),
);

/** Agent nouns of tool names meet their verbs: "regex tester" is found by "test a regex". */
const AGENT_NOUNS: Record<string, string> = {
  tester: 'test',
  checker: 'check',
  validator: 'validate',
  formatter: 'format',
  converter: 'convert',
  generator: 'generate',
  builder: 'build',
  analyzer: 'analyze',
  analyser: 'analyse',
  parser: 'parse',
  decoder: 'decode',
  encoder: 'encode',
  minifier: 'minify',
  extractor: 'extract',
  counter: 'count',
  calculator: 'calculate',
  optimizer: 'optimize',
  finder: 'find',
  verifier: 'verify',
  evaluator: 'evaluate',
  restructurer: 'restructure',
  scanner: 'scan',
  inspector: 'inspect',
  tracker: 'track',
  auditor: 'audit',
  categorizer: 'categorize',
  buster: 'bust',
  maker: 'make',
};

/**
 * A pure reading of a goal's text, remembered for the last texts read: routing one goal reads the same text many times
 * (the ranking, the checks, discover_tools after plan_task). What it returns is shared, so callers never change it.
 */
export function remembered<T>(read: (text: string) => T, size = 1_000): (text: string) => T {
  return rememberedBy((text: string) => text, read, size);
}

/** `remembered` for a reading of several arguments, by the key that decides it (everything the result depends on). */
export function rememberedBy<A extends unknown[], T>(keyOf: (...args: A) => string, read: (...args: A) => T, size = 1_000): (...args: A) => T {
  const seen = new Map<string, T>();
  return (...args) => {
    const key = keyOf(...args);
    if (seen.has(key)) return seen.get(key) as T;
    const value = read(...args);
    if (seen.size >= size) seen.delete(seen.keys().next().value as string);
    seen.set(key, value);
    return value;
  };
}

export const stem = remembered((word: string): string => {
  // British -ise spellings meet the -ize ones ("optimise", "summarising"), in the index and in goals alike.
  const base = AGENT_NOUNS[word] ?? (word.length >= 6 ? word.replace(/(?<=[a-z]{3})is(e|ed|es|ing|ation|ations|er|ers)$/, 'iz$1') : word);
  return /^[a-z]+$/.test(base) && base.length > 3 ? stemmer(base) : base;
}, 50_000);

/** Raw lower-case words (letters and digits; `llms.txt` -> llms, txt; `x-frame-options` -> x, frame, options). */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[a-z0-9]+/g) ?? []
  );
}

/** HTTP status codes name a task ("does it return 404"); other bare numbers are values. */
const HTTP_STATUSES = new Set([
  '200',
  '201',
  '204',
  '301',
  '302',
  '303',
  '304',
  '307',
  '308',
  '400',
  '401',
  '403',
  '404',
  '410',
  '429',
  '500',
  '502',
  '503',
  '504',
]);

/** Index and query tokens: stop words and bare numbers dropped, stemmed. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (word.length < 2 || STOP_WORDS.has(word) || (/^\d+$/.test(word) && !HTTP_STATUSES.has(word))) continue;
    out.push(stem(word));
  }
  return out;
}

export function isGeneric(word: string): boolean {
  return GENERIC_WORDS.has(word);
}

const GENERIC_STEMS = new Set([...GENERIC_WORDS].map((w) => stem(w)));

export function isGenericStem(token: string): boolean {
  return GENERIC_STEMS.has(token);
}

/**
 * Synonyms: a query word (stemmed) adds these words to the search at a lower weight. Groups are written
 * the way people phrase goals; both directions are listed where both are used.
 */
const SYNONYM_GROUPS: string[][] = [
  ['seo', 'search engine', 'google', 'ranking', 'serp'],
  ['search', 'seo'],
  ['rank', 'ranking', 'seo', 'keyword'],
  ['speed', 'performance', 'fast', 'slow', 'load', 'vitals', 'lighthouse'],
  ['performance', 'speed', 'vitals'],
  ['slow', 'speed', 'performance'],
  ['fast', 'speed', 'performance'],
  ['vitals', 'speed', 'lcp', 'cls'],
  ['ssl', 'tls', 'certificate', 'https'],
  ['tls', 'ssl', 'certificate'],
  ['https', 'tls', 'certificate', 'redirect'],
  ['cert', 'certificate', 'tls'],
  ['expire', 'expiry', 'certificate'],
  ['header', 'headers'],
  ['csp', 'content security policy'],
  ['hsts', 'security headers'],
  ['secure', 'security'],
  ['safe', 'security'],
  ['vulnerability', 'security'],
  ['hack', 'security'],
  ['password', 'passphrase'],
  ['pwd', 'password'],
  ['strong', 'strength', 'secure'],
  ['hash', 'digest', 'checksum'],
  ['checksum', 'hash'],
  ['md5', 'hash'],
  ['sha', 'hash'],
  ['sha256', 'hash'],
  ['signature', 'sign', 'verify'],
  ['convert', 'converter', 'conversion', 'transform'],
  ['transform', 'convert'],
  ['turn', 'convert'],
  ['change', 'convert'],
  ['translate', 'convert'],
  ['email', 'mail', 'e-mail', 'newsletter'],
  ['mail', 'email'],
  ['newsletter', 'email'],
  ['spam', 'spam words', 'deliverability'],
  ['deliverability', 'spf', 'dmarc', 'spam'],
  ['spoof', 'spf', 'dmarc', 'dkim'],
  ['youtube', 'video', 'yt'],
  ['yt', 'youtube'],
  ['video', 'youtube'],
  ['vlog', 'youtube', 'video'],
  ['tax', 'vat', 'gst'],
  ['vat', 'tax'],
  ['gst', 'tax'],
  ['loan', 'emi', 'mortgage', 'installment'],
  ['mortgage', 'loan', 'emi'],
  ['installment', 'emi', 'loan'],
  ['repayment', 'emi', 'loan'],
  ['borrow', 'loan', 'emi'],
  ['apr', 'interest rate', 'loan'],
  ['savings', 'compound interest', 'interest'],
  ['price', 'pricing'],
  ['bill', 'invoice', 'billing'],
  ['billing', 'invoice'],
  ['refund', 'credit note'],
  ['utm', 'tracking', 'campaign'],
  ['tracking', 'utm', 'tag'],
  ['ads', 'ad', 'advertising'],
  ['advert', 'ad'],
  ['advertising', 'ad'],
  ['ppc', 'ad', 'cpc', 'google ads'],
  ['clickthrough', 'ctr'],
  ['jwt', 'token', 'json web token'],
  ['token', 'jwt'],
  ['regex', 'regular expression', 'regexp', 'pattern'],
  ['regexp', 'regex'],
  ['cron', 'schedule', 'crontab'],
  ['crontab', 'cron'],
  ['schedule', 'cron'],
  ['guid', 'uuid'],
  ['uuid', 'guid', 'unique id'],
  ['yml', 'yaml'],
  ['minify', 'minifier', 'compress', 'shrink'],
  ['shrink', 'minify'],
  ['uglify', 'minify'],
  ['format', 'formatter', 'prettify', 'beautify', 'pretty print'],
  ['prettify', 'format', 'formatter'],
  ['beautify', 'format', 'formatter'],
  ['indent', 'format'],
  ['tidy', 'format', 'formatter'],
  ['smaller', 'minify', 'compress', 'shrink'],
  ['forward', 'redirect'],
  ['hop', 'redirect chain'],
  ['copied', 'duplicate', 'plagiarism'],
  ['desaturate', 'grayscale'],
  ['confusing', 'ambiguous'],
  ['lookalike', 'ambiguous'],
  ['greyscale', 'grayscale'],
  ['unminify', 'format', 'formatter', 'beautify'],
  ['syntax', 'validate', 'validator'],
  ['syntactically', 'syntax', 'validate', 'validator'],
  ['celsius', 'temperature'],
  ['fahrenheit', 'temperature'],
  ['kelvin', 'temperature'],
  ['meter', 'length'],
  ['metre', 'length'],
  ['km', 'length', 'kilometer'],
  ['kilometer', 'length'],
  ['mile', 'length'],
  ['feet', 'length', 'foot'],
  ['foot', 'length'],
  ['inch', 'length'],
  ['cm', 'length'],
  ['distance', 'length'],
  ['kg', 'mass', 'weight'],
  ['kilogram', 'mass'],
  ['pound', 'mass', 'weight'],
  ['lbs', 'mass', 'weight'],
  ['gram', 'mass'],
  ['ounce', 'mass'],
  ['weight', 'mass'],
  ['liter', 'volume'],
  ['litre', 'volume'],
  ['gallon', 'volume'],
  ['ml', 'volume'],
  ['mph', 'speed converter', 'speed'],
  ['kmh', 'speed converter'],
  ['knot', 'speed converter'],
  ['byte', 'digital', 'data size'],
  ['megabyte', 'digital'],
  ['gigabyte', 'digital'],
  ['kilobyte', 'digital'],
  ['terabyte', 'digital'],
  ['mb', 'digital', 'megabyte'],
  ['gb', 'digital', 'gigabyte'],
  ['psi', 'pressure'],
  ['bar', 'pressure'],
  ['pascal', 'pressure'],
  ['atm', 'pressure'],
  ['joule', 'energy'],
  ['kwh', 'energy'],
  ['calorie', 'energy'],
  ['watt', 'power'],
  ['horsepower', 'power'],
  ['hp', 'power'],
  ['volt', 'voltage'],
  ['amp', 'current', 'ampere'],
  ['ampere', 'current'],
  ['milliamp', 'current'],
  ['var', 'reactive power'],
  ['kvar', 'reactive power'],
  ['kva', 'apparent power'],
  ['degree', 'angle'],
  ['radian', 'angle'],
  ['hertz', 'frequency'],
  ['hz', 'frequency'],
  ['acre', 'area'],
  ['hectare', 'area'],
  ['lux', 'illuminance'],
  ['lumen', 'illuminance'],
  ['ppm', 'parts per'],
  ['dozen', 'each'],
  ['gpm', 'volume flow rate'],
  ['cfm', 'volume flow rate'],
  ['flow', 'volume flow rate'],
  ['hour', 'time'],
  ['minute', 'time'],
  ['second', 'time'],
  ['currency', 'exchange rate', 'money'],
  ['exchange', 'currency'],
  ['dollar', 'currency'],
  ['euro', 'currency'],
  ['usd', 'currency'],
  ['eur', 'currency'],
  ['salary', 'wage', 'hourly', 'pay'],
  ['wage', 'salary', 'hourly'],
  ['freelance', 'freelancer'],
  ['contractor', 'freelancer'],
  ['sale', 'discount'],
  ['percent off', 'discount'],
  ['profit', 'margin'],
  ['breakeven', 'break even'],
  ['readable', 'readability'],
  ['readability', 'readable', 'content'],
  ['pii', 'personal data', 'scrub', 'redact'],
  ['personal', 'pii', 'personal data'],
  ['sensitive', 'pii'],
  ['redact', 'scrub', 'pii'],
  ['anonymize', 'scrub', 'pii'],
  ['anonymise', 'scrub', 'pii'],
  ['gdpr', 'pii', 'personal data'],
  ['jargon', 'plain language', 'simplify'],
  ['simplify', 'jargon'],
  ['plain', 'jargon'],
  ['resume', 'ats', 'cv'],
  ['cv', 'resume', 'ats'],
  ['expense', 'expenses', 'spending'],
  ['spending', 'expense'],
  ['transaction', 'expense'],
  ['headline', 'title'],
  ['qr', 'qr code'],
  ['permalink', 'slug'],
  ['hashtag', 'hashtags'],
  ['lorem', 'dummy text', 'placeholder'],
  ['ipsum', 'dummy text'],
  ['placeholder', 'dummy text'],
  ['filler', 'dummy text'],
  ['spell', 'number to words'],
  ['uppercase', 'case', 'upper'],
  ['lowercase', 'case', 'lower'],
  ['capitalize', 'case', 'title case'],
  ['camelcase', 'case'],
  ['snake', 'case'],
  ['whitespace', 'spaces'],
  ['newline', 'line breaks'],
  ['alphabetical', 'sort'],
  ['alphabetize', 'sort'],
  ['diff', 'compare'],
  ['difference', 'compare', 'diff'],
  ['count', 'stats', 'counter'],
  ['dns', 'records', 'nameserver'],
  ['nameserver', 'dns'],
  ['mx', 'dns', 'mail'],
  ['robot', 'robots txt', 'crawl'],
  ['crawler', 'crawl', 'robots'],
  ['googlebot', 'crawl', 'robots'],
  ['sitemap', 'sitemap xml'],
  ['301', 'redirect', 'status code'],
  ['302', 'redirect', 'status code'],
  ['200', 'status code'],
  ['500', 'status code', 'server error'],
  ['503', 'status code'],
  ['broken', 'dead', '404'],
  ['dead', 'broken'],
  ['404', 'status code', 'not found'],
  ['vs', 'compare', 'comparison'],
  ['versus', 'compare', 'comparison'],
  ['yearly', 'annual', 'year'],
  ['annually', 'annual', 'year'],
  ['jsonld', 'schema', 'structured data'],
  ['rich', 'schema', 'structured data'],
  ['alt', 'alt text', 'image'],
  ['accessibility', 'alt text'],
  ['international', 'hreflang'],
  ['multilingual', 'hreflang', 'language'],
  ['llm', 'llms txt', 'ai'],
  ['chatgpt', 'ai', 'llm'],
  ['favicon', 'icon', 'icons'],
  ['photo', 'image', 'picture'],
  ['picture', 'image', 'photo'],
  ['pic', 'image'],
  ['img', 'image'],
  ['spreadsheet', 'excel', 'xlsx', 'csv'],
  ['excel', 'xlsx', 'xls', 'spreadsheet'],
  ['word', 'docx', 'doc'],
  ['powerpoint', 'pptx', 'ppt', 'presentation'],
  ['slides', 'pptx', 'presentation'],
  ['markdown', 'md'],
  ['ebook', 'epub', 'mobi'],
  ['kindle', 'mobi', 'azw'],
  ['unzip', 'extract', 'zip'],
  ['dezip', 'unzip', 'extract', 'zip'],
  ['duplicate', 'plagiarism', 'copied'],
  ['plagiarism', 'duplicate'],
  ['og', 'open graph', 'social'],
  ['facebook', 'social', 'open graph'],
  ['twitter', 'social', 'twitter card'],
  ['linkedin', 'social'],
  ['instagram', 'social'],
  ['tiktok', 'social'],
  ['share', 'social'],
  ['cta', 'call to action', 'button'],
  ['button', 'cta'],
  ['signup', 'form'],
  ['pixel', 'tag', 'tracking'],
  ['gtm', 'tag manager', 'tag'],
  ['analytics', 'tag', 'tracking'],
  ['likes', 'engagement'],
  ['followers', 'engagement'],
  ['split', 'ab test'],
  ['experiment', 'ab test'],
  ['cookie', 'cookies'],
  ['cors', 'cross origin'],
  ['sri', 'subresource integrity'],
  ['integrity', 'subresource'],
  ['leak', 'secret', 'leaked'],
  ['credential', 'secret'],
  ['apikey', 'secret'],
  ['bcrypt', 'argon2', 'password hash'],
  ['argon2', 'bcrypt'],
  ['webhook', 'signature'],
  ['useragent', 'user agent'],
  ['browser', 'user agent'],
  ['ip', 'ip address'],
  ['cidr', 'subnet', 'ip'],
  ['subnet', 'cidr', 'ip'],
  ['hex', 'color'],
  ['rgb', 'color'],
  ['hsl', 'color'],
  ['colour', 'color'],
  ['curl', 'api request'],
  ['golang', 'go struct'],
  ['go', 'go struct'],
  ['typescript', 'interface', 'types'],
  ['ts', 'typescript'],
  ['python', 'dataclass'],
  ['pydantic', 'python'],
  ['epoch', 'unix timestamp'],
  ['unix', 'timestamp'],
  ['date', 'timestamp'],
  ['caption', 'captions', 'subtitles'],
  ['subtitle', 'caption'],
  ['srt', 'caption', 'subtitle'],
  ['vtt', 'caption', 'subtitle'],
  ['rpm', 'revenue', 'youtube'],
  ['monetization', 'rpm', 'revenue'],
  ['earnings', 'rpm', 'revenue'],
  ['summarize', 'snippet', 'summary'],
  ['summary', 'snippet'],
  ['excerpt', 'snippet'],
  ['ai', 'llm', 'model'],
  ['gpt', 'ai', 'text'],
  ['generate', 'generator'],
  ['random', 'generator'],
  ['encode', 'encoder'],
  ['decode', 'decoder'],
  ['launch', 'ship', 'go live'],
  ['deploy', 'release', 'regression'],
  ['release', 'deploy'],
  ['staging', 'deploy', 'diff'],
];

/** Word forms the stemmer does not join (strong/strength): they count almost like the word itself. */
const VARIANTS: string[][] = [
  ['strong', 'strength'],
  ['strength', 'strong'],
  ['long', 'length'],
  ['wide', 'width'],
  ['high', 'height'],
  ['deep', 'depth'],
  ['heavy', 'weight', 'size'],
  ['big', 'size', 'large'],
  ['large', 'size', 'big'],
  ['secure', 'security'],
  ['security', 'secure'],
  ['readable', 'readability'],
  ['spammy', 'spam'],
  ['crawlable', 'crawl'],
  ['crawlability', 'crawl'],
  ['indexable', 'index'],
  ['indexability', 'index'],
];

const VARIANT_MAP = new Map<string, string[]>();
for (const [head, ...rest] of VARIANTS)
  if (head)
    VARIANT_MAP.set(
      stem(head),
      rest.map((w) => stem(w)),
    );

/** Other forms of the same word (weighted almost like the word). */
export function variantsOf(token: string): readonly string[] {
  return VARIANT_MAP.get(token) ?? [];
}

const SYNONYMS = new Map<string, string[]>();
for (const [head, ...rest] of SYNONYM_GROUPS) {
  if (!head) continue;
  const key = stem(head);
  const expansion = rest.flatMap((phrase) => tokens(phrase)).filter((t) => t !== key);
  SYNONYMS.set(key, [...new Set([...(SYNONYMS.get(key) ?? []), ...expansion])]);
}

/** The synonym tokens a query token adds (never the token itself). */
export function synonymsOf(token: string): readonly string[] {
  return SYNONYMS.get(token) ?? [];
}
