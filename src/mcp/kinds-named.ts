import type { CatalogItem } from './catalog.ts';

/**
 * Things of one kind that tools here name the ones they handle of: ad platforms, SQL dialects, caption formats, hash
 * and password-hashing algorithms, kinds of personal data, regular expression and cron flavours, the picture formats a
 * QR code comes in, barcode symbologies. When a tool's own text (title, description, keywords) names some of a kind and
 * the goal asks for another of that kind ("a Reddit ad headline" of the counter for Google Ads, Meta, LinkedIn, TikTok
 * and X; "an SBV caption file" of the SRT and WebVTT formatter), the tool would not do it. (A kind with `min: 0` counts
 * for the tools of its titles even when they name none of it: a digest tool does no password hash, the 5-field cron
 * generator no Quartz.) And the languages a tool works in, below.
 */
interface Kind {
  kind: string;
  members: Array<{ name: string; pattern: RegExp }>;
  /** How many members a tool's text names before the kind counts for it (one SQL dialect named in passing does not). */
  min?: number;
  /** The tools the kind is about, by title ("Ad copy character counter"): others name its members in passing ("Google"). */
  titles?: RegExp;
}

const member = (name: string, pattern: RegExp): { name: string; pattern: RegExp } => ({ name, pattern });

const KINDS: Kind[] = [
  {
    kind: 'ad platform',
    titles: /\bads?\b|\badvertis/i,
    members: [
      member('Google Ads', /\bgoogle(?:[\s-]ads)?\b|\badwords\b/i),
      member('Microsoft Advertising', /\b(?:microsoft|bing)(?:[\s-]ads|\s+advertising)\b/i),
      member('Meta', /\bmeta\b(?!\s+(?:tags?|descriptions?|titles?|robots|keywords|data|elements?|fields?))|\b(?:facebook|instagram|fb|ig)\b/i),
      member('LinkedIn', /\blinkedin\b/i),
      member('X', /\bx\s+(?:\(twitter\)|ads?|uses)\b|\btwitter\b/i),
      member('TikTok', /\btik\s?tok\b/i),
      member('Reddit', /\breddit\b/i),
      member('Snapchat', /\bsnap(?:chat)?\b/i),
      member('Pinterest', /\bpinterest\b/i),
      member('Quora', /\bquora\b/i),
      member('Amazon Ads', /\bamazon\s+(?:ads|advertising|sponsored)\b/i),
      member('Apple Search Ads', /\bapple\s+search\s+ads\b/i),
      member('Yahoo', /\byahoo\b/i),
      member('Taboola', /\btaboola\b/i),
      member('Outbrain', /\boutbrain\b/i),
    ],
  },
  {
    kind: 'SQL dialect',
    min: 2,
    members: [
      member('MySQL', /\bmysql\b/i),
      member('MariaDB', /\bmariadb\b/i),
      member('PostgreSQL', /\bpostgres(?:ql)?\b/i),
      member('SQLite', /\bsqlite\b/i),
      member('SQL Server', /\bt-?sql\b|\bsql\s+server\b|\bmssql\b/i),
      member('BigQuery', /\bbigquery\b/i),
      member('Snowflake', /\bsnowflake\b/i),
      member('Redshift', /\bredshift\b/i),
      member('DB2', /\bdb2\b/i),
      member('Hive', /\bhive(?:ql)?\b/i),
      member('Trino', /\btrino\b|\bpresto\b/i),
      member('Athena', /\bathena\b/i),
      member('Flink SQL', /\bflink\b/i),
      member('Oracle', /\boracle\b|\bpl\/sql\b|\bplsql\b/i),
      member('Teradata', /\bteradata\b/i),
      member('ClickHouse', /\bclickhouse\b/i),
      member('DuckDB', /\bduckdb\b/i),
      member('Spark SQL', /\bspark\s*sql\b/i),
      member('Cassandra CQL', /\bcassandra\b|\bcql\b/i),
      member('Access', /\bms\s+access\b|\bmicrosoft\s+access\b/i),
    ],
  },
  {
    kind: 'caption format',
    members: [
      member('SRT', /\bsrt\b|\bsubrip\b/i),
      member('WebVTT', /\b(?:web)?vtt\b/i),
      member('SBV', /\bsbv\b/i),
      member('ASS', /\b(?:ass|ssa)\s+(?:subtitles?|captions?|files?|format)\b|\.(?:ass|ssa)\b|\bsubstation\s+alpha\b/i),
      member('TTML', /\bttml\b|\bdfxp\b/i),
      member('SCC', /\bscc\b/i),
      member('LRC', /\blrc\b/i),
      member('SUB', /\bmicrodvd\b|\.sub\b/i),
    ],
  },
  {
    kind: 'password hash',
    // (A digest or HMAC tool names no password hash and does none: "PBKDF2 with 600k iterations" is not its job.)
    titles: /\bhash|\bhmac\b/i,
    min: 0,
    members: [
      member('bcrypt', /\bbcrypt\b/i),
      member('Argon2', /\bargon2(?:id|i|d)?\b/i),
      member('scrypt', /\bscrypt\b/i),
      member('PBKDF2', /\bpbkdf2?\b/i),
      member('yescrypt', /\byescrypt\b/i),
    ],
  },
  {
    kind: 'digest',
    min: 2,
    members: [
      member('MD5', /\bmd5\b/i),
      member('SHA-1', /\bsha-?1\b/i),
      member('SHA-2', /\bsha-?(?:2|224|256|384|512)\b/i),
      member('SHA-3', /\bsha-?3\b|\bkeccak\b/i),
      member('BLAKE2', /\bblake2[bs]?\b/i),
      member('BLAKE3', /\bblake3\b/i),
      member('RIPEMD', /\bripemd(?:-?160)?\b/i),
      member('CRC', /\bcrc-?(?:8|16|32|64)?\b/i),
      member('Adler-32', /\badler-?32\b/i),
      member('xxHash', /\bxxh(?:ash)?(?:32|64|3|128)?\b/i),
      member('MurmurHash', /\bmurmur(?:hash)?\d*\b/i),
      member('Whirlpool', /\bwhirlpool\b/i),
      member('SM3', /\bsm3\b/i),
    ],
  },
  {
    kind: 'kind of personal data',
    titles: /\bpii\b|personal data/i,
    members: [
      member('e-mail addresses', /\be-?mails?\b/i),
      member('phone numbers', /\bphones?\b/i),
      member('card numbers', /\b(?:payment|credit|debit)\s+cards?\b|\bcard numbers?\b/i),
      member('IBANs', /\bibans?\b/i),
      member('IP addresses', /\bip(?:v4|v6)?\b/i),
      member('US Social Security numbers', /\bsocial\s+security\b|\bssns?\b/i),
      member('dates of birth', /\bdates?\s+of\s+birth\b|\bdob\b|\bbirth\s?days?\b/i),
      member('national insurance numbers', /\bnational\s+insurance\b|\bnino?\s+numbers?\b/i),
      member('passport numbers', /\bpassports?\b/i),
      member('driving licence numbers', /\bdriv(?:er'?s?|ing)\s+licen[cs]es?\b/i),
      member('tax identification numbers', /\btax\s+(?:id|identification)\b|\btins?\b|\bsteuer-?id\b/i),
      member('NHS numbers', /\bnhs\s+numbers?\b/i),
      member('Aadhaar and PAN numbers', /\baadhaa?r\b|\bpan\s+(?:card|numbers?)\b/i),
      member('CPF numbers', /\bcpf\b/i),
      member('BSN numbers', /\bbsn\b/i),
      member('social insurance numbers', /\bsocial\s+insurance\b/i),
      member('licence plates', /\b(?:licen[cs]e|number)\s+plates?\b/i),
      member('medical record numbers', /\bmedical\s+record\s+numbers?\b|\bmrns?\b/i),
    ],
  },
  {
    kind: 'regular expression flavour',
    titles: /\bregex|\bregular expression/i,
    members: [
      member('JavaScript', /\bjavascript\b|\becmascript\b|\bjs\b/i),
      member('Python', /\bpython\b|\bre\s+module\b/i),
      member('PCRE', /\bpcre2?\b|\bphp\b|\bperl\b/i),
      member('Java', /\bjava(?!script)\b/i),
      member('.NET', /\.net\b|\bc#/i),
      member('Go', /\bgolang\b|\bre2\b/i),
      member('Ruby', /\bruby\b/i),
      member('POSIX', /\bposix\b|\bgrep\b|\bsed\b/i),
    ],
  },
  {
    kind: 'cron flavour',
    // (The generator writes standard 5-field lines; the parser reads more.)
    titles: /\bcron\b.*\bgenerator\b/i,
    min: 0,
    members: [
      member('Quartz', /\bquartz\b/i),
      member('Spring', /\bspring\b(?!\s+(?:sale|break|term|cleaning))|@scheduled\b/i),
      member('a seconds field', /\bseconds?\s+field\b|\b(?:6|six|7|seven)[- ]field\b|\bevery\s+\d+\s+seconds\b/i),
      member('AWS EventBridge', /\beventbridge\b|\bcloudwatch\s+events?\b/i),
      member('Jenkins', /\bjenkins\b/i),
    ],
  },
  {
    kind: 'picture format',
    titles: /\bqr\b/i,
    members: [
      member('SVG', /\bsvg\b/i),
      member('PNG', /\bpng\b/i),
      member('EPS', /\beps\b/i),
      member('PDF', /\bpdf\b/i),
      member('JPEG', /\bjpe?g\b/i),
      member('GIF', /\bgif\b/i),
      member('WebP', /\bwebp\b/i),
      member('TIFF', /\btiff?\b/i),
      member('BMP', /\bbmp\b/i),
    ],
  },
  {
    // The device a preview draws for: a desktop search result is not the mobile one.
    kind: 'device',
    titles: /\bpreview\b/i,
    members: [
      member('desktop', /\bdesktop\b/i),
      member('mobile', /\bmobile\b|\b(?:smart)?phones?\b|\biphone\b|\bandroid\b/i),
      member('tablet', /\btablets?\b|\bipad\b/i),
    ],
  },
  {
    kind: 'barcode',
    members: [
      member('QR code', /\bqr\b/i),
      member('EAN', /\bean(?:-?(?:8|13))?\b/i),
      member('UPC', /\bupc(?:-?[ae])?\b/i),
      member('Code 128', /\bcode\s?(?:128|39|93)\b/i),
      member('Data Matrix', /\bdata\s?matrix\b/i),
      member('PDF417', /\bpdf\s?417\b/i),
      member('Aztec', /\baztec\s+(?:code|barcode)s?\b/i),
      member('ITF', /\bitf-?14\b|\binterleaved\s+2\s+of\s+5\b/i),
      member('Codabar', /\bcodabar\b/i),
      member('ISBN barcode', /\bisbn\s+barcodes?\b/i),
    ],
  },
];

const offeredCache = new WeakMap<CatalogItem, Map<Kind, Set<string>>>();

/** Of each kind, the members the item's own text names (title, description, keywords). */
function offeredBy(item: CatalogItem): Map<Kind, Set<string>> {
  const cached = offeredCache.get(item);
  if (cached) return cached;
  const text = [item.title, item.description, ...item.keywords].join(' \n ');
  const offered = new Map<Kind, Set<string>>();
  for (const kind of KINDS) {
    if (kind.titles && !kind.titles.test(item.title)) continue;
    const named = new Set(kind.members.filter((m) => m.pattern.test(text)).map((m) => m.name));
    if (named.size >= (kind.min ?? 1)) offered.set(kind, named);
  }
  offeredCache.set(item, offered);
  return offered;
}

/**
 * A member of a kind the goal names that the item does not, while it names others of that kind ("Reddit" of the ad
 * copy counter, "SBV" of the SRT and WebVTT formatter), as "<kind> <member>"; undefined when there is none.
 */
export function otherOfKind(item: CatalogItem, goal: string): string | undefined {
  for (const [kind, offered] of offeredBy(item)) {
    const other = kind.members.find((m) => !offered.has(m.name) && m.pattern.test(goal));
    if (other) return `${kind.kind} ${other.name}`;
  }
  return undefined;
}

/** Languages by their English names and by the names the goal's own language gives them (Dutch: "Nederlandse"). */
const LANGUAGE_SPELLINGS: Array<[string, RegExp]> = [
  ['English', /english|anglais|ingl[eé]s|englisch|engels|inglese|ingilizce|inggris/],
  ['French', /french|fran[cç]ais[e]?|franc[eé]s[a]?|franz[oö]sisch\w*|frans(?:e)?|francese|frans[ıi]zca|perancis/],
  ['Spanish', /spanish|espa[nñ]ol[a]?|espagnol[e]?|spanisch\w*|spaans[e]?|spagnolo|[iİ]spanyolca|spanyol/],
  ['German', /german|deutsch\w*|allemand[e]?|alem[aá]n[a]?|duits[e]?|tedesco|almanca|jerman/],
  ['Dutch', /dutch|nederlands[e]?|n[ée]erlandais[e]?|neerland[eé]s[a]?|niederl[aä]ndisch\w*|olandese|hollandaca|belanda/],
  ['Italian', /italian|italien(?:ne)?|italiano|italienisch\w*|italiaans[e]?|[iİ]talyanca/],
  ['Portuguese', /portuguese|portugu[eê]s[a]?|portugais[e]?|portugiesisch\w*|portugees|portoghese|portekizce/],
  ['Turkish', /turkish|t[uü]rk[cç]e|turc|turque|t[uü]rkisch\w*|turks[e]?|turco|turki/],
  ['Indonesian', /indonesian|bahasa(?:\s+indonesia)?|indon[eé]sien(?:ne)?|indonesisch\w*|indonesio/],
  ['Polish', /polish|polski\w*|polonais[e]?|polaco|polnisch\w*|pools[e]?|polacco|leh[cç]e/],
  ['Arabic', /arabic|arabe|[aá]rabe|arabisch\w*|arabo|arap[cç]a|arab/],
  ['Chinese', /chinese|mandarin|chinois[e]?|chino|chinesisch\w*|chinees|cinese|[cç]ince|cina/],
  ['Japanese', /japanese|japonais[e]?|japon[eé]s[a]?|japanisch\w*|japans[e]?|giapponese|japonca|jepang/],
  ['Hindi', /hindi/],
  ['Russian', /russian|russe|ruso|russisch\w*|russo|rus[cç]a|rusia/],
  ['Greek', /greek|grec(?:que)?|griego|griechisch\w*|grieks[e]?|greco|yunanca|yunani/],
  ['Korean', /korean|cor[ée]en(?:ne)?|coreano|koreanisch\w*|koreaans[e]?|korece|korea/],
  ['Swedish', /swedish|su[ée]dois[e]?|sueco|schwedisch\w*|zweeds[e]?|svedese|[iİ]sve[cç]ce/],
];

const LANGUAGE_NAMES = LANGUAGE_SPELLINGS.map(([language, names]) => [language, new RegExp(`^(?:${names.source})$`, 'u')] as const);

/** "in Dutch", "en français", "auf Deutsch", "ke bahasa Jerman": a language named as the one to write in. */
const IN_LANGUAGE = /\b(?:in|into|en|auf|em|na|ke|dalam|w)\s+(?:het\s+|el\s+|le\s+|bahasa\s+)?(\p{L}+)/giu;
/** "German nouns", "Nederlandse woorden", "palabras en inglés" aside: a language named as the words' own. */
const LANGUAGE_WORDS =
  /\b(\p{L}+)\s+(?:words?|nouns?|verbs?|adjectives?|text|script|letters|woorden|w[oö]rter\w*|mots|palabras|parole|palavras|kelimeler\w*|kata|shabd|shabdon|slova|slov)\b/giu;

function languageNamed(goal: string): string | undefined {
  for (const pattern of [IN_LANGUAGE, LANGUAGE_WORDS])
    for (const match of goal.matchAll(pattern)) {
      const word = (match[1] ?? '').toLowerCase();
      const found = LANGUAGE_NAMES.find(([, names]) => names.test(word));
      if (found) return found[0];
    }
  return undefined;
}

/**
 * The language a goal asks for ("… in Dutch words", "random German nouns", "placeholder text in Arabic script") when the
 * item works in another only and takes no language: English words ("spells a number out in English words"), or the
 * pseudo-Latin of lorem ipsum.
 */
export function otherLanguage(item: CatalogItem, goal: string): { asked: string; works: string } | undefined {
  if (item.fields.some((f) => /^(?:lang|language|locale)/i.test(f))) return undefined;
  const works = /\bin (?:plain )?English\b|\bEnglish words\b/.test(item.description) ? 'English' : /\blorem ipsum\b/i.test(item.title) ? 'Latin' : undefined;
  const asked = works && languageNamed(goal);
  return asked && asked !== 'English' ? { asked, works } : undefined;
}
