import { spelledOut } from './conversion-intent.ts';
import { currencyConversionOf } from './goal-currencies.ts';
import { BASE64_RUN, EPOCH } from './goal-values.ts';
import { englishOf, withoutForeignFunctionWords } from './lexicon.ts';
import { remembered } from './text.ts';

/**
 * Phrases of a goal that say which tool without naming it: the router reads the goal with the words of their kind
 * added ("25% off" a discount, "Mon 16:00-17:30" hours worked, "control 150/5000" an A/B test), the words of the
 * goal's own language in English, letters a voice spells joined, and words that only say who asks dropped.
 */

/** Every run of Base64 in a goal (goal-values' `BASE64_RUN`). */
const BASE64_RUNS = new RegExp(BASE64_RUN.source, 'g');

/** A time of day with a zone or a place's time ("3pm New York time", "09:30 UTC", "what time is that in Mumbai"). */
const CLOCK_IN_ZONE =
  /\b(?:\d{1,2}(?::[0-5]\d)?\s*(?:am|pm|AM|PM|a\.m\.|p\.m\.)|(?:[01]?\d|2[0-3]):[0-5]\d)\b(?=.{0,60}(?:\b(?:time\s*zones?|timezones?|utc|gmt|[ecmp][sd]t|ist|cet|cest|bst|aest|jst)\b|\b[A-Z][a-z]+\s+time\b|\bwhat\s+time\s+(?:is|would|will)\s+(?:it|that|this)\b))/g;

/** Unix time (goal-values.ts EPOCH) with a word of dates or times in the goal. */
const unixTimeAsDate = (goal: string): boolean => EPOCH.test(goal) && /\b(?:date|time|when|day|human|readable|utc)\b/i.test(goal);

/** An amount in one currency and another currency named, none of them a pound that may be a weight ("$4 a pound"). */
function currencyPair(goal: string): boolean {
  const money = currencyConversionOf(goal);
  return money?.amount !== undefined && money.to !== undefined && !/\b(?:per|a|an|each|by\s+the)\s+pound\b|\/\s?lb\b/i.test(goal);
}

/**
 * Pasted values the words of a goal do not name, replaced by their kind so the ranking can use them:
 * "how many hosts in 10.0.0.0/22" speaks of an IP range, "when does '0 *\/6 * * *' run" of a cron expression,
 * "25% off" of a discount, "1234 in words" of spelling a number, "50 times" of repeating, "these 20 urls" of a
 * bulk job, "how many words" of counting them, "how long … to read" of a reading time, "all caps" of the case
 * converter, "http images" of mixed content, "zip these files" or "make a zip of them" of packing a ZIP, "xls2pdf" of "xls to pdf", "c p c" of cpc.
 */
export const withPastedKinds = remembered(readPastedKinds);

function readPastedKinds(goal: string): string {
  return (
    [withoutForeignFunctionWords(spelledOut(goal)), ...englishOf(goal)]
      .join(' ')
      .replace(/\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\/\d{1,2}\b/g, ' ip cidr ')
      .replace(/\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\b/g, ' ip address ')
      // ("the second-hand car": used, not a unit of time.)
      .replace(/\bsecond[- ]hand\b/gi, ' used ')
      // ("marked 25% off", "marked down": a discount, not a markup.)
      .replace(/\bmarked\s+(?=down\b|\d+(?:\.\d+)?\s*%\s*off\b)/gi, ' ')
      .replace(/\b\d+(?:\.\d+)?\s*%\s*off\b/gi, ' discount ')
      .replace(/(?<![\w.])\d[\d,.]*\s+(?:in|into|as|to)\s+(?:english\s+|plain\s+)?words\b/gi, ' number to words ')
      .replace(/\b\d+\s*(?:x|times)\b/gi, ' repeat times ')
      // "how many words is my essay": counting words, not a Word document.
      .replace(/\bhow\s+many\s+(words|characters|chars|lines|sentences|paragraphs)\b/gi, ' $1 count ')
      // "the text out of this uploaded document", "what does this document say": its text, whatever its format.
      .replace(
        /\b(?:plain\s+)?text\s+(?:out\s+of|from|of|in)\s+(?:this|the|my|an?|every|each|that|our)?\s*(?:uploaded\s+|scanned\s+|attached\s+)?(?:documents?|files?|docs?|uploads?|attachments?|sheets?)\b|\bwhat\s+does\s+(?:this|the|my|that|our)\s+(?:uploaded\s+|attached\s+)?(?:document|file|doc)\s+say\b/gi,
        '$& extract text from a document ',
      )
      // "a url friendly version of this title": a URL slug.
      .replace(/\burl[- ](?:friendly|safe)\b|\bpermalink\b/gi, '$& slug ')
      // Names of letter cases ("all caps", "camelCase", "title case") ask for the case converter.
      .replace(/\b(?:all[- ]caps|(?:upper|lower|title|sentence|camel|pascal|snake|kebab|constant)[ _-]?case)\b/gi, '$& letter case ')
      // "'two thousand and seven' as digits": numbers written in words, not digital storage (both stem to "digit").
      .replace(/\b(?:as|to|in|into)\s+(?:plain\s+|normal\s+|regular\s+)?(?:digits|numerals|figures|numbers)\b/gi, ' words to number ')
      // "what day of the week was 4 July 1976": a date's weekday; "3pm New York time in Mumbai": a time in another zone.
      .replace(
        /\b(?:what|which)\s+day\s+(?:of\s+the\s+week\s+)?(?:was|is|will|did|does|falls?)\b|\bday\s+of\s+the\s+week\s+(?:was|is|for|of)\b/gi,
        '$& timestamp weekday ',
      )
      .replace(CLOCK_IN_ZONE, '$& time zone converter ')
      // "how many yen for 300 Canadian dollars": an amount of one currency and another currency is a conversion.
      .concat(currencyPair(goal) ? ' currency converter ' : '')
      // "1600000000000 ms as a date in Los Angeles": a number of Unix time read as a date is a timestamp.
      .concat(unixTimeAsDate(goal) ? ' unix timestamp ' : '')
      // "interest that is not compounded", "without compounding": simple interest, whatever "compound" says.
      .replace(/\b(?:not|non|without|no)[- ](?:\w+[- ])?compound(?:ed|ing)?\b/gi, ' simple interest ')
      // "write a short product description for …", "draft a 100-word bio": new text to be written (not a snippet cut
      // from a text given, and not a meta description).
      .replace(
        /\b(?:write|draft|compose|come up with)\s+(?:me\s+)?(?:an?\s+|some\s+)?(?:(?:short|brief|quick|catchy|fun|friendly|warm|punchy|fresh|simple|\d+[- ]words?),?\s+(?:and\s+)?){0,3}(?:product\s+)?(?:descriptions?|blurbs?|bios?|copy|paragraphs?|stor(?:y|ies)|poems?|intros?)\b/gi,
        '$& generate text ',
      )
      // "get the address on one line", "as one flowing paragraph": line breaks removed; "in random order": shuffled
      // lines; "404 links", "dead links": broken links.
      .replace(
        /\b(?:join|merge|put|get|make|bring)\b[^.?!]{0,40}?\b(?:on|onto|into|in)\s+(?:a\s+)?(?:one|single)\s+line\b|\bone\s+flowing\s+paragraph\b|\bhard\s+returns?\b/gi,
        '$& remove line breaks ',
      )
      .replace(/\b(?:in\s+(?:a\s+)?random\s+order|randomi[sz]e\s+(?:the\s+)?order)\b/gi, '$& shuffle lines ')
      // "sort them a to z", "drop the repeats": alphabetical order, duplicate lines removed (not "[A-Z]" of a pattern).
      .replace(/(?<![[\w])(?:a\s*(?:to|-|–)\s*z|z\s*(?:to|-|–)\s*a)(?![\]\w])/gi, '$& sort alphabetical ')
      .replace(
        /\b(?:drop|remove|strip|delete)\s+(?:the\s+|any\s+|all\s+)?(?:repeats|repeated\s+(?:names|lines|entries)|doubles)\b/gi,
        '$& remove duplicate lines ',
      )
      .replace(/\b(?:404|dead)\s+links?\b/gi, ' broken links ')
      // "unpack backup.zip and give me the files": extracting a ZIP, not converting it; "shrink my svg icon": the SVG
      // optimiser, not the raster image compressor.
      .replace(
        /\b(?:unpack|unzip|extract|decompress|open\s+up)\b(?=[^.?!]{0,40}\.zip\b)|\b[\w-]+\.zip\b(?=[^.?!]{0,40}\b(?:unpack|unzip|extract|decompress|open\s+(?:it\s+)?up)\b)/gi,
        '$& unzip extract zip ',
      )
      .replace(
        /\b(?:compress|shrink|optimi[sz]e|minify|slim)\w*\b[^.?!]{0,30}\bsvgs?\b|\bsvgs?\b[^.?!]{0,30}\b(?:compress|shrink|optimi[sz]e|minify|slim|smaller|lighter)\w*\b/gi,
        '$& compress svg ',
      )
      // "unminify this bundle": formatting it to read.
      .replace(/\b(?:un|de)-?minif\w*/gi, ' beautify format readable ')
      // "this bundle is one giant line, make it readable again", "a single 20,000-character line; indent it", "make the
      // minified code readable": the same.
      .replace(
        /\b(?:one|a\s+single|single)\s+(?:(?:giant|huge|long|massive|big|[\d,]+[- ]char(?:acter)?s?)\s+)?line\b[^.?!]{0,60}\b(?:readable|indent\w*|lay\s+(?:it\s+)?out|beautif\w*|pretty)\b|\bminified\b(?=(?:[^.?!]|\.(?=\w)){0,40}\breadable\b)|\breadable\s+again\b/gi,
        ' beautify format readable ',
      )
      // "bundle.js", "app.mjs": a JavaScript file.
      .replace(/\b[\w-]+\.m?js\b/gi, '$& javascript ')
      // "Mon 16:00-17:30, Wed 15:45-17:00": hours worked, as a timesheet lists them.
      .replace(/\b\d{1,2}[:.]\d{2}\s*(?:-|–|to)\s*\d{1,2}[:.]\d{2}\b(?=[^]{0,60}\b\d{1,2}[:.]\d{2}\s*(?:-|–|to)\s*\d{1,2}[:.]\d{2}\b)/gi, '$& timesheet hours ')
      // "every line is hard-wrapped", "as flowing paragraphs": line breaks to remove.
      .replace(/\bhard[- ]?wrapped\b|\b(?:as|into)\s+flowing\s+(?:paragraphs?|text|prose)\b/gi, '$& remove line breaks ')
      // "Customer ticket #88213:", "Support ticket:", "the customer writes": who asks, not what (no customer
      // acquisition cost).
      .replace(
        /\b(?:customer|support|client|internal)\s+(?:ticket|note|email|e-mail|message|request)s?\b|\bticket\s*#?\s*\d+\b|\b(?:the\s+)?(?:customer|client)\s+(?:writes|wrote|says|said|asks|asked)\b/gi,
        ' ',
      )
      // "bought it for 40, listed it for 65", "paid 15 for it, sold it for 40": a cost and a selling price.
      .replace(
        /\b(?:bought|paid|purchased|got)\b[^.?!\d]{0,40}?[$€£]?\d[\d,.]*[^.?!]{0,60}?\b(?:sell|sold|listed|list|selling|priced?|resell)\b[^.?!]{0,30}?\b(?:for|at)\s+[$€£]?\d/gi,
        '$& cost selling price ',
      )
      // "costs me $12 to make and I sell it for $30": a cost and a selling price too.
      .replace(/\bcosts?\s+(?:me|us)?\s*[$€£]?\d[\d,.]*[^.?!]{0,40}?\b(?:sell|sold|selling)\b[^.?!]{0,20}?\b(?:for|at)\s+[$€£]?\d/gi, '$& cost selling price ')
      // "how many cupcakes to cover rent", "before I stop losing money": a break-even point.
      .replace(
        /\bhow\s+many\b[^.?!]{0,40}\b(?:sell|sales)\b[^.?!]{0,60}\b(?:cover|break\s+even|stop\s+losing|pay\s+for)\b|\bbefore\s+(?:I|we)\s+stop\s+losing\s+money\b|\bto\s+cover\s+(?:the\s+|my\s+|our\s+)?(?:rent|costs?|overheads?|fixed\s+costs?)\b/gi,
        '$& break even ',
      )
      // "spent 300 on facebook ads and made 1200 in sales": a return on ad spend.
      .replace(/\bspent\b[^.?!]{0,40}\b(?:ads?|advertising|campaigns?)\b[^.?!]{0,40}\b(?:made|earned|revenue|sales)\b/gi, '$& return on ad spend roas ')
      // "control 150/5000, variant 189/5100": conversions of the arms of an A/B test.
      .replace(/\b(?:control|variant|challenger|version\s+[ab]|group\s+[ab])\b\s*[:=-]?\s*\d[\d,]*\s*(?:\/|out\s+of)\s*\d[\d,]*/gi, '$& a/b test significance ')
      .replace(
        /\b[AB]\s*[:=]\s*\d[\d,]*\s+(?:visitors|visits|users|sessions|views|impressions|clicks|conversions|orders|sign-?ups)\b/g,
        '$& a/b test significance ',
      )
      // "A got 150 sales from 5000 visitors, B got 192 from 5000": the same arms in a sentence.
      .replace(/\b[AB]\s+(?:got|had|has|gets|saw|made)\s+\d[\d,]*\s+(?:[\w-]+\s+)?(?:from|of|out\s+of)\s+\d[\d,]*/g, '$& a/b test significance ')
      // "how much traffic per arm", "how many visitors do I need": the size of an A/B test.
      .replace(
        /\bhow\s+(?:much\s+traffic|many\s+(?:visitors|users|sessions))\b[^.?!]{0,30}\b(?:per\s+(?:arm|variant|group)|(?:do\s+)?(?:i|we)\s+need)\b/gi,
        '$& a/b test sample size ',
      )
      // "with 80% power", "how much traffic does each version need": the statistical power and size of an A/B test.
      .replace(
        /\b\d{2}\s*%\s+(?:statistical\s+)?power\b|\bhow\s+much\s+traffic\s+(?:does|do|would|will)\s+(?:each|every|the)\s+(?:version|variant|arm|group)\b/gi,
        ' a/b test sample size statistical power ',
      )
      // "old page: 4,000 visitors 120 orders. new page: …", "real winner or a fluke": the result of an A/B test.
      .replace(
        /\b(?:old|new|original|current|redesigned)\s+(?:[\w-]+\s+){0,2}(?:page|version|design|layout|checkout|variant)\s*[:=-]?\s*\d[\d,]*\s+(?:visitors|visits|users|sessions|views|clicks)\b|\b(?:real\s+)?winner\s+or\s+(?:a\s+|just\s+)?(?:fluke|chance|luck)\b/gi,
        '$& a/b test significance ',
      )
      // "U2hpcCBpdCBvbiBGcmlkYXk=": a text in Base64, as its "=" padding says.
      .replace(BASE64_RUNS, (run) => (run.endsWith('=') ? `${run} base64 encoded ` : run))
      // "the %-escaped form", "percent-encoded": URL encoding.
      .replace(/%-?(?:escaped?|encoded?|encoding)\b|\bpercent[- ](?:escaped?|encoded?|encoding)\b/gi, ' url encode percent encoding ')
      // "Dalvik/2.1.0 (Linux; U; Android 13; Pixel 7)", "Mozilla/5.0 (Windows NT 10.0; Win64; x64)": a user-agent string.
      .replace(/\b[A-Za-z][\w.-]*\/\d[\w.]*\s*\([^();]+;[^()]*\)/g, '$& user agent string ')
      // "@seo-team quick q: …": whom a chat message is addressed to, not what it asks.
      .replace(/(?<![\w.])@[\w-]+/g, ' ')
      // "what's wrong with this json", "how fast could someone guess it", "follow every hop", "not fully secure", "a
      // table they can open in a browser", "the square footage": a check, a password's strength, a redirect chain, mixed
      // content, HTML, square feet.
      .replace(/\bwhat'?s\s+wrong\s+with\s+(?:this|my|the|our)\s+(?:json|yaml|xml|sql|css|html|regex|config|cron|jwt|token)\b/gi, '$& validate check ')
      .replace(
        /\bhow\s+(?:fast|long|quickly|easily)\s+(?:could|would|can|will)\s+(?:someone|anyone|a\s+hacker|hackers|they|people)\s+(?:guess|crack)\b/gi,
        ' password strength crack ',
      )
      .replace(/\b(?:every|each|all\s+the|the)\s+hops?\b/gi, ' redirect chain ')
      .replace(/\bhttp:\/\/\s+(?:resources|assets|files|images|scripts)\b/gi, ' mixed content ')
      // (Often quoted from the browser, and quotes are not searched: the words go after the goal.)
      .concat(/\bnot\s+(?:fully\s+)?secure\b(?=.{0,60}\bhttps\b)/i.test(goal) ? ' mixed content ' : '')
      .replace(/\b(?:open|view|look\s+at|browse)\b[^.?!]{0,30}?\bin\s+(?:a|the|any|their)\s+(?:web\s+)?browser\b/gi, ' html ')
      .replace(/\bsquare\s+footage\b/gi, ' square feet sq ft ')
      // "all big capital letters", "block capitals": upper case; "1482.50 pounds written out in words for a cheque": a
      // number spelled out; "edits versus revision 1": a comparison; "Unexpected token } in JSON": invalid JSON; "revenue
      // per thousand": RPM; "a screening robot": an applicant tracking system; "home screen … blank tile": site icons;
      // "dump whatever text is in it": text extracted; an anchored pattern ("^\d{5}$"): a regular expression.
      .replace(/\b(?:big\s+)?capital\s+letters\b|\bblock\s+capitals\b/gi, ' uppercase letter case ')
      .replace(/\b(?:written|spelled|spelt|write|spell)\s+out\s+in\s+words\b|\bin\s+words\s+for\s+(?:a|the)\s+cheque\b/gi, ' number to words ')
      .replace(/\b(?:edits|changes)\s+(?:versus|vs\.?|against)\s+(?:revision|version|draft)\b/gi, ' compare texts diff ')
      .replace(/\bunexpected\s+token\b|\bwhere\s+(?:exactly\s+)?is\s+the\s+(?:mistake|error|syntax\s+error)\b/gi, ' json validator syntax error ')
      .replace(/\b(?:revenue|earnings|payout|income)\s+per\s+(?:thousand|1,?000|mille)\b/gi, ' rpm ')
      .replace(/\bscreening\s+(?:robot|bot|software|system)s?\b|\bapplicant\s+tracking\b/gi, ' ats resume keywords ')
      .replace(/\bhome\s+screen\b(?=.{0,60}\b(?:icon|tile|blank|crest|logo)\b)/gi, ' site icons apple touch icon ')
      .replace(/\bdump\s+(?:whatever|all\s+the|the)\s+text\b|\bwhatever\s+text\s+is\s+in\s+it\b/gi, ' extract text from a document ')
      .replace(/(?<!\S)\^\S+\$(?!\S)/g, ' regex test ')
      // "the MX records of acme.example", "its nameservers": a DNS lookup.
      .replace(/\b(?:mx|ns|cname|aaaa|soa|caa)\s+(?:records?|entries|entry)\b|\bname ?servers?\b|\bmail exchangers?\b/gi, '$& dns lookup records ')
      // "a zod validator", "z.object()", "z.object schemas": a zod schema (it validates, but no JSON is validated here).
      .replace(/\bzod\s+validators?\b|\bz\.object\b(?:\(\))?/gi, ' zod schema ')
      // "what source and campaign is in this link": reading a tagged link's parameters.
      .replace(
        /\b(?:what|which)\b[^.?!]{0,30}\b(?:tracking|source|campaign|medium|utm|parameters?|params?)\b[^.?!]{0,30}\b(?:in|on|of)\s+(?:this|that|the|my)\s+(?:link|url)\b/gi,
        '$& utm parser parse ',
      )
      // Command-line names of the same jobs: "uuidgen", "sha256sum", "curl -I", "sort -u", "svgo"; India's GST in its parts
      // (CGST, SGST, IGST).
      .replace(/\bcurl\s+(?:-I|--head)\b/g, ' http response headers ')
      .replace(/\buuidgen\b/gi, ' generate uuid ')
      .replace(/\b(?:regx|rgx)\b/gi, ' regex ')
      .replace(/\b(md5|sha\d+)sum\b/gi, ' $1 hash ')
      .replace(/\b[csi]gst\b/gi, ' gst ')
      .replace(/\bsort\s+-u\b|\buniq\b/g, ' sort lines remove duplicate lines ')
      .replace(/\bsvgo\b/gi, ' compress svg ')
      // Words a voice or a hurry splits in two: "pass words", "site map".
      .replace(/\bpass\s+words?\b/gi, (w) => w.replace(/\s+/, ''))
      .replace(/\bsite\s+maps?\b/gi, (w) => w.replace(/\s+/, ''))
      // "tl;dr this", "tldr": a summary.
      .replace(/\btl;?\s?dr\b/gi, ' summarize summary ')
      // "summarise these notes", "the gist", "key points": a summary written by the AI text tool, unless a surface the
      // snippet maker writes for is named (a meta description, a tweet).
      .replace(/\bsummari[sz](?:e|ing)\b|\b(?:the\s+)?gist\b|\bkey\s+points\b|\bbullet\s+points\b/gi, (asked) =>
        SNIPPET_SURFACES.test(goal) ? asked : `${asked} ai summarize ${A_DOCUMENT.test(goal) ? 'document' : 'text'} `,
      )
      // A bcrypt hash pasted ("does 'letmein' match $2b$10$…"): a password hash to verify.
      .replace(/\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}/g, ' bcrypt hash ')
      // "spell this backwards", "so it reads end to start", "reverse the letters": reversing text, not spelling numbers or
      // counting.
      .replace(
        /\b(?:spell(?:ed|t)?|write|written|read|reads|say|flip|mirror)\b[^.?!]{0,40}?\b(?:backwards?|end to start|right to left)\b|\breverse\s+(?:the\s+)?(?:letters|characters|string|word)\b/gi,
        '$& reverse text ',
      )
      // "http images on my https page": insecure resources on a secure page are mixed content.
      .replace(/\bhttp\s+(?:images?|scripts?|resources?|assets?|content|iframes?|stylesheets?|css|fonts?|videos?)\b/gi, '$& mixed content ')
      // "loading insecurely", "padlock says not fully secure", "the http stuff": mixed content on a secure page.
      .replace(
        /\bnot\s+fully\s+secure\b|\binsecure(?:ly)?\b[^.?!]{0,30}\b(?:load\w*|images?|scripts?|resources?|content|requests?|requested)\b|\b(?:load\w*|requested)\b[^.?!]{0,20}\binsecure(?:ly)?\b|\bhttp\s+stuff\b|\b(?:pulled(?:\s+in)?|loaded|served|fetched|coming\s+in)\s+over\s+(?:plain\s+)?http\b/gi,
        '$& mixed content ',
      )
      // "typed with two or three spaces between every word", "down to single spaces": extra spaces to remove.
      .replace(
        /\b(?:double|triple|multiple|extra|two\s+or\s+three)(?:\s+(?:and|or)\s+(?:double|triple|multiple))?\s+spaces\b|\b(?:down\s+)?to\s+single\s+spaces\b|\bsingle\s+spaces\s+left\b/gi,
        '$& remove extra spaces ',
      )
      // "58,000 per year at 37.5 hours a week, how much per hour": a salary as an hourly rate.
      .replace(/\b(?:per|a)\s+(?:year|annum)\b[^.?!]{0,40}\bhours?\s+(?:a|per)\s+week\b/gi, '$& salary to hourly ')
      // "which words were added or removed": two texts compared.
      .replace(/\b(?:added\s+or\s+removed|removed\s+or\s+added|what\s+(?:was|were)\s+(?:added|removed))\b/gi, '$& compare texts ')
      // "example.io won't load", "is it returning errors", "is my website down": a page's HTTP status.
      .replace(
        /\b(?:site|page|website|homepage|[a-z0-9-]+\.[a-z]{2,})\s+(?:won'?t|doesn'?t|does\s+not|will\s+not)\s+load\b|\breturning\s+errors?\b|\bis\s+(?:my|our|the)\s+(?:site|website|page|shop|store|homepage)\s+down\b/gi,
        '$& http status ',
      )
      // "source newsletter, medium email, campaign spring": the parameters of a tagged link to build.
      .replace(/\bsource\s+[\w-]+[^.?!]{0,20}\bmedium\s+[\w-]+/gi, '$& utm builder ')
      // "in dictionary order", "A to Z order": sorted alphabetically.
      .replace(/\b(?:dictionary|abc|a\s*(?:to|-)\s*z)\s+order\b/gi, '$& sort alphabetical ')
      // "how guessable is it", "easy to crack": a password's strength.
      .replace(/\b(?:guessable|crackable|(?:easy|hard)\s+to\s+(?:guess|crack))\b/gi, '$& password strength ')
      // "20 UUIDv7 values": the version written onto the name.
      .replace(/\buuid[-_]?v(\d)\b/gi, ' uuid v$1 ')
      // "type this line fifty times", "20 times, each on its own line": a text repeated.
      .replace(/\b(?:type|write|repeat|copy|print)\b[^.?!]{1,60}\b(?:\d+|twice|ten|twenty|thirty|forty|fifty|hundred)\s+times\b/gi, '$& repeat text ')
      // "the card number has gaps in it", "get rid of the extra gaps": spaces to remove.
      .replace(
        /\b(?:extra\s+)?gaps\b(?=[^.?!]{0,30}\b(?:between|rid|remove|numbers?|digits?|everywhere)\b)|\b(?:rid\s+of|remove)\s+(?:the\s+|those\s+|these\s+)?(?:extra\s+)?gaps\b/gi,
        '$& spaces ',
      )
      // "why won't my config load", "SyntaxError: Unexpected token": a document to validate (no token to verify).
      .replace(/\b(?:won'?t|wont|doesn'?t|does\s+not|will\s+not|can'?t|fails?\s+to)\s+(?:parse|load)\b|\bsyntaxerror\b/gi, '$& validate ')
      .replace(/\bunexpected\s+token\b/gi, ' syntax error validate ')
      // "smaller javascript for production", "compress the css": minifying code, not compressing an image.
      .replace(
        /\b(?:smaller|shrink|compress|lighter|slim)\w*\b[^.?!]{0,30}\b(?:javascript|js|css|stylesheets?)\b|\b(?:javascript|js|css|stylesheets?)\b[^.?!]{0,30}\b(?:smaller|shrink|compress|lighter)\w*/gi,
        '$& minify ',
      )
      // "would it survive a brute force", "how long to crack": a password's strength.
      .replace(/\bbrute[- ]?forc\w*|\b(?:to|be)\s+crack(?:ed)?\b/gi, '$& password strength ')
      // "zip these files together": to zip is to pack into a ZIP archive (not to convert a .zip).
      .replace(/^\s*(?:please\s+|pls\s+|can you\s+)?zip\s+(?:up\s+)?(?=(?:these|the|my|this|all|those|them|it|our|\d+)\b)/i, 'pack into a zip archive ')
      // ("make a zip of these files", "pack a.pdf, b.csv and c.pptx into one zip": the same.)
      .replace(/\b(?:make|create|build|put\s+together)\s+(?:me\s+)?an?\s+zip(?:\s+(?:file|archive))?\s+(?=(?:of|from|with)\b)/gi, 'pack into a zip archive ')
      .replace(/\b(?:pack|bundle|put)\b(?=(?:[^.?!]|\.(?=\w)){0,100}\binto\s+(?:one|a|a\s+single)\s+zip\b)/gi, '$& pack into a zip archive ')
      // "teacher said max 500", "the limit is 1500 words": a bound the result is compared with, a value.
      .replace(/\b(?:the\s+)?(?:limit|max(?:imum)?)\s+(?:is\s+|of\s+)?\d[\d,.]*(?:\s+(?:words|characters|chars))?\b/gi, ' ')
      // ("a 1500 word limit": the words are to be counted.)
      .replace(/\b(?:an?\s+)?\d[\d,.]*[- ](words?|characters?|chars?)\s+(?:limit|max(?:imum)?|cap)\b/gi, ' $1 count ')
      // "how long would it take to read this out loud": a reading or speaking time, not a length.
      .replace(/\bhow\s+long\b(?=.{0,40}\b(?:read|reading|say|saying|speak|speaking|present|deliver)\b)/gi, ' reading time speaking time ')
      .replace(/\b(?:[3-9]|\d{2,})\s+(?:\w+\s+)?(?:urls|pages|links|sites|websites)\b/gi, ' bulk urls ')
      // "for a whole list of campaigns", "from the rows of my spreadsheet", "in one go": many at once.
      .replace(/\b(?:a\s+whole\s+list|(?:the\s+)?rows\s+of|in\s+one\s+go|in\s+bulk|in\s+a\s+batch)\b/gi, ' bulk ')
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' uuid ')
      // A Unix time in the goal (10 or 13 digits, 2001 to 2286) is a timestamp; "sha1", "sha256" are SHA-1, SHA-256.
      .replace(/(?<![\w.=])1\d{9}(?:\d{3})?(?![\w.])/g, '$& unix timestamp ')
      .replace(/\bsha(1|224|256|384|512)\b/gi, 'sha-$1')
      // "the cron line for every weekday at 7:30": a schedule in words, to be written as cron.
      .replace(/\bcron\b/gi, (word) => (CRON_EXPRESSION.test(goal) || !SCHEDULE_WORDS.test(goal) ? word : `${word} generate cron expression `))
      .replace(/(?<=^|\s)(["'`]?)((?:[\d*?][\d*?/,-]*\s+){4,5}[\d*?][\d*?/,-]*)\1(?=$|[\s.,;?])/g, (m, _q, cron: string) =>
        /[*/]/.test(cron) ? ' cron expression ' : m,
      )
  );
}

/** Five or six fields of a cron expression, and a schedule said in words. */
const CRON_EXPRESSION = /(?:^|\s)["'`]?(?:[\d*?][\d*?/,-]*\s+){4,5}[\d*?A-Z][\w*?/,-]*/;
const SCHEDULE_WORDS = /\b(?:every|each|daily|weekly|monthly|hourly|weekdays?|weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b/i;

/** A document given as a file ("the attached report", "board_minutes.pdf"). */
const A_DOCUMENT = /\b(?:attached|uploaded|enclosed)\b|\.(?:pdf|docx?|odt|rtf|pptx?|epub)\b|\b(?:pdf|docx|word\s+doc(?:ument)?)\b/i;

/** Surfaces the snippet maker writes for. */
const SNIPPET_SURFACES = /\b(?:meta\s+descriptions?|tweets?|linkedin|og[:\s-]description|snippets?|excerpts?|teasers?|social\s+posts?)\b/i;
