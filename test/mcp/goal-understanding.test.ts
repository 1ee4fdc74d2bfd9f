import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAgent } from '../../src/mcp/agent.ts';
import { buildCatalog } from '../../src/mcp/catalog.ts';
import { discover } from '../../src/mcp/router.ts';
import { partsOf } from '../../src/mcp/chains.ts';
import { conversionIntentOf, spelledOut } from '../../src/mcp/conversion-intent.ts';
import { englishOf } from '../../src/mcp/lexicon.ts';
import { withPastedKinds } from '../../src/mcp/goal-phrases.ts';
import { outOfScope } from '../../src/mcp/unsupported.ts';
import { refusedChoice } from '../../src/mcp/goal-values.ts';
import { buildSkills } from '../../src/mcp/skills.ts';
import { unitCandidates } from '../../src/mcp/units.ts';
import { createRegistry } from '../../src/registry/registry.ts';
import { ALL_TOOLS } from '../../src/tools/index.ts';

/**
 * How the router reads a goal (issue 17): values written in it, typos, pasted data, quantities with units,
 * successive operations and jobs no tool does. Goals written for this test, not taken from the evaluation set.
 */
const registry = createRegistry(ALL_TOOLS);
const catalog = buildCatalog(registry);
const agent = createAgent({
  registry,
  catalog,
  skills: buildSkills(catalog.workflows, registry),
  now: () => new Date(),
  payloadsFor: () => ({ save: async () => ({ dataRefId: 'x', expiresAt: '' }) }),
});

type Plan = ReturnType<typeof agent.plan>;
const plan = (goal: string): Plan => agent.plan({ goal });

/** Each goal is planned "unsupported" (the message names what was planned instead). */
function assertUnsupported(goals: string[]): void {
  for (const goal of goals) {
    const p = plan(goal);
    assert.equal(p.status, 'unsupported', `${goal} -> ${p.status} ${p.target?.id}`);
  }
}

test('values in the goal fill the input by the schema, each with where it came from', () => {
  const hashed = plan('md5 of open sesame');
  assert.equal(hashed.target?.id, 'securityApis.hashGenerator');
  assert.deepEqual(hashed.input, { algorithm: 'md5', text: 'open sesame' });
  assert.match(hashed.extractedInput?.algorithm?.from ?? '', /md5/);
  assert.equal(hashed.status, 'planned', 'nothing is missing: solve_task would run it');

  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2ln';
  const decoded = plan(`decode ${jwt} for me`);
  assert.equal(decoded.target?.id, 'securityApis.jwtDecoder');
  assert.equal(decoded.input.token, jwt);
  assert.match(decoded.extractedInput?.token?.from ?? '', /JWT/);

  const cased = plan("convert 'Quarterly Sales Figures' to snake case");
  assert.equal(cased.target?.id, 'textUtilities.textCaseConverter');
  assert.deepEqual(cased.input, { text: 'Quarterly Sales Figures', case: 'snake' });

  const css = '.nav{display:flex;gap:4px}';
  const formatted = plan(`prettify css: ${css}`);
  assert.equal(formatted.target?.id, 'developerApis.cssFormatter');
  assert.equal(formatted.input.css, css, 'pasted data after the colon is the operand, whole');

  const json = { k: [1, 2], s: 'x' };
  const pretty = plan(`pretty print this: ${JSON.stringify(json)}`);
  assert.equal(pretty.target?.id, 'developerApis.jsonFormatter');
  assert.deepEqual(JSON.parse(String(pretty.input.json)), json, 'the quotes of pasted JSON are not taken as a phrase');
});

test('a goal with a quantity and two units picks the converter that declares both units', () => {
  const temperature = plan('451 F in C');
  assert.equal(temperature.target?.id, 'unitConversions.temperatureConverter');
  assert.deepEqual(temperature.input, { value: 451, from: 'F', to: 'C' });
  assert.equal(plan('20 psi to kpa').target?.id, 'unitConversions.pressureConverter');
  // The unit asked for can come later, in a question about the quantity (g and oz are masses).
  const butter = plan('the recipe needs 250 g of butter, how much is that in oz');
  assert.equal(butter.target?.id, 'unitConversions.massConverter');
  assert.deepEqual(butter.input, { value: 250, from: 'g', to: 'oz' });
});

test('typos: a word the catalog does not know is read as the known word one edit away', () => {
  assert.equal(plan('revrese this txet').target?.id, 'textUtilities.reverseText');
  assert.equal(plan('pasword strenght checker').target?.id, 'securityApis.passwordStrengthChecker');
  assert.equal(plan('calcualte compund intrest').target?.id, 'calculators.compoundInterestCalculator');
});

test('successive operations are a chain; the parts are split on then / after that / finally', () => {
  assert.deepEqual(partsOf('slugify the title, then count the characters'), ['slugify the title', 'count the characters']);
  assert.deepEqual(partsOf('first decode the base64 and then hash it, finally reverse it'), ['decode the base64', 'hash it', 'reverse it']);
  assert.deepEqual(partsOf('convert markdown to html'), ['convert markdown to html']);
  const chain = plan("md5 of 'abc' then convert it to uppercase");
  assert.equal(chain.status, 'planned', JSON.stringify(chain));
  assert.deepEqual(
    chain.chain?.map((s) => s.operationId),
    ['securityApis.hashGenerator', 'textUtilities.textCaseConverter'],
  );
  assert.equal(
    chain.creditEstimate,
    chain.steps.reduce((sum, s) => sum + s.cost, 0),
  );
  assert.equal(chain.chain?.[1]?.missingInputs.length, 0, 'the text comes from step 1');
});

test("text pasted after a chain's last step, which works on what the step before made, is the first step's", () => {
  const chain = plan('summarize this article then make 5 hashtags from it: Solar panels are getting cheaper every year');
  assert.equal(chain.status, 'planned', JSON.stringify(chain));
  assert.deepEqual(
    chain.chain?.map((s) => s.operationId),
    ['aiModels.textAi', 'textUtilities.convertToHashtags'],
  );
  assert.equal(chain.chain?.[0]?.extractedInput?.text?.value, 'Solar panels are getting cheaper every year');
  assert.deepEqual(chain.chain?.[0]?.missingInputs, []);
  assert.match(chain.chain?.[1]?.fedBy ?? '', /step 1/);
});

test('jobs no tool does are "unsupported", never a near miss', () => {
  for (const goal of ['combine these three pdfs into one', 'turn my dxf floor plan into a png', 'password protect the quarterly report pdf']) {
    const p = plan(goal);
    assert.equal(p.status, 'unsupported', `${goal} -> ${p.status} ${p.target?.id}`);
    assert.equal(p.wouldExecute, false);
  }
});

test('messaging someone is "unsupported"; a text from or for them is still worked on', () => {
  assertUnsupported([
    "text 'running late' to my boss",
    "whatsapp my mom that I'm on the way",
    'please message our clients about the outage',
    'sms my landlord that rent is late',
  ]);
  for (const goal of ['count the words in this text my boss sent: hello there team', 'make this text sound more polite for my boss: i need the report now'])
    assert.notEqual(plan(goal).status, 'unsupported', goal);
});

test("a calculation's figures that the pick takes none of make no pick: no tool here asks for a text to work them out", () => {
  // No tool works out a payoff time or a percentage change; "credit card" names the personal-data scrubber and "change" the diff.
  for (const goal of ['how long to pay off 12000 credit card at 19.9% paying 400 a month', 'percent change from 80 to 92']) {
    const p = plan(goal);
    assert.ok(p.status === 'suggest' || p.status === 'unsupported', `${goal} -> ${p.status} ${p.target?.id}`);
  }
  // The scrubber is still asked for a text, and figures in the text pasted after a colon are that text's.
  assert.equal(plan('scrub the credit card numbers from my notes').target?.id, 'textIntelligence.piiScrub');
  assert.equal(plan('is my title any good: I TRIED LIVING ON $1 FOR 7 DAYS').target?.id, 'youtubeTools.youtubeTitleOptimizer');
});

test('CSS colours in functional notation (CSS Color 4) and a second colour fill the colour converter', () => {
  assert.deepEqual(plan('convert rgb(255, 0, 0) to hex').input, { color: 'rgb(255, 0, 0)' });
  assert.deepEqual(plan('what is hsl(210, 50%, 40%) in hex').input, { color: 'hsl(210, 50%, 40%)' });
  assert.deepEqual(plan('contrast of rgb(0,0,0) on #ffffff').input, { color: 'rgb(0,0,0)', contrastWith: '#ffffff' });
});

test("an HMAC's key is its secret, and the text ends where the key is named", () => {
  assert.deepEqual(plan("hmac sha256 of 'msg' with key 'secret1'").input, { text: 'msg', secret: 'secret1', algorithm: 'sha256' });
  assert.deepEqual(plan("hmac-sha256 of the payload with key 'whsec_123'").input, { secret: 'whsec_123' });
  assert.deepEqual(plan('hmac-sha256 of hello using secret abc123').input, { secret: 'abc123', text: 'hello' });
});

test('"password with 20 characters" asks for a password of that length: its size is a value, not a word the scope model may refuse', () => {
  for (const [goal, length] of [
    ['password with 20 characters', 20],
    ['a password of 16 chars', 16],
  ] as const)
    assert.deepEqual([plan(goal).target?.id, plan(goal).input], ['securityApis.securePasswordGenerator', { length }], goal);
});

test('a request that says a keyword of the tool whole, with its text quoted, runs: language detection', () => {
  const p = plan("detect the language of 'bonjour tout le monde'");
  assert.equal(p.target?.id, 'aiModels.textAi');
  assert.deepEqual(p.input, { text: 'bonjour tout le monde', task: 'language' });
  assert.equal(plan("post this tweet now: we're live!").status, 'unsupported');
});

test('a pasted regular expression is the pattern, and the size of a text is no text', () => {
  assert.deepEqual(plan('what does this regex do: ^\\d{3}-\\d{4}$').input, { pattern: '^\\d{3}-\\d{4}$' });
  assert.deepEqual(plan('estimate reading time for 1500 words').input, {});
  assert.deepEqual(plan('word count of: one two three').input, { text: 'one two three' });
});

test('the text after a colon that names a title, subject or headline fills that field', () => {
  assert.deepEqual(plan('optimize my youtube title: how i cook rice').input, { title: 'how i cook rice' });
  assert.deepEqual(plan('rewrite this headline: 10 ways to save money').input, { headline: '10 ways to save money' });
});

test('percent-encoded text (RFC 3986 escapes) is what the URL decoder decodes', () => {
  assert.deepEqual(plan('decode %E2%9C%93').input, { text: '%E2%9C%93', mode: 'decode' });
  assert.deepEqual(plan('url decode caf%C3%A9%20latte please').input, { text: 'caf%C3%A9%20latte', mode: 'decode' });
});

test('a workflow given a misnamed field answers need_input naming the field meant, and runs nothing', async () => {
  let invoked = 0;
  const caller = { accountId: 'a', invoker: { invoke: async () => ((invoked += 1), { result: {}, warnings: [] }) } };
  const answer = await agent.runWorkflow({ workflowId: 'growth-unit-economics-job', input: { spend: 1000, revenue: 4000, clicks: 500 } }, caller);
  assert.equal(answer.status, 'need_input', JSON.stringify(answer));
  assert.deepEqual((answer as { missing: string[] }).missing, ['cost']);
  assert.match((answer as { hint: string }).hint, /"spend" \(did you mean "cost"\?\)/);
  assert.equal(invoked, 0, 'no step ran, nothing was billed');
});

test('direction and operation: mistyped format names, "to text", generator vs checker twins', () => {
  // Goals written for this test (not from the evaluation sets): each names its operation plainly.
  assert.equal(plan('conevrt my pdf to wrod please').target?.id, 'documents.pdfToDocx', 'a swapped-letter "wrod" is Word');
  assert.equal(plan('mobi ebook to text').target?.id, 'ebook.mobiToTxt', '"to text" is plain text');
  assert.equal(plan('strip the markdown formatting from notes.md, plain text only').target?.id, 'documents.mdToTxt');
  assert.equal(plan('how strong is the password hunter2!').target?.id, 'securityApis.passwordStrengthChecker');
  assert.equal(plan('make me a fresh password, 20 characters').target?.id, 'securityApis.securePasswordGenerator');
});

test('have and want: the format wanted is the target, the one there is the source', () => {
  // Goals written for this test (not from the evaluation sets): the direction is said by who wants which format.
  assert.equal(plan('the uploader only accepts webp, what I have is a jpg').target?.id, 'convertors.toWebp');
  assert.equal(plan('my e-reader reads epub and the book is a .mobi').target?.id, 'ebook.mobiToEpub');
  assert.equal(plan('they asked for a bz2, not a gz').target?.id, 'archive.gzToBz2');
  assert.equal(plan('I have the records as json and the old system needs xml').target?.id, 'web.jsonToXml');
});

test('more values: dimensions, ISO dates, counts and lengths, money verbs, lakh', () => {
  const size = plan('is 1200x628 right for a facebook link image');
  assert.equal(size.target?.id, 'marketingApis.socialImageSizeValidator');
  assert.equal(size.input.width, 1200);
  assert.equal(size.input.height, 628);
  assert.equal(plan('need 7 uuids').input.count, 7);
  assert.equal(plan('generate a password of 32 characters').input.length, 32);
  const roas = plan('we spent 1500 on ads and made 6000 in sales, roas?');
  assert.equal(roas.target?.id, 'marketingApis.roasCalculator');
  assert.deepEqual([roas.input.cost, roas.input.revenue], [1500, 6000]);
  // 1 lakh = 100,000 (Indian numbering).
  assert.equal(plan('emi on a 40 lakh loan at 9% for 15 years').input.principal, 4_000_000);
  assert.equal(plan('invoice from 2026-04-30 with net 15 terms, due when?').input.invoiceDate, '2026-04-30');
});

test('an archive format used as the verb or the means of packing is the target; a tarball is a tar', () => {
  // Goals written for this test: "gzip X" packs X into gzip, whatever the words around it.
  assert.equal(plan('gzip the logs.tar from last night').target?.id, 'archive.tarToGz');
  assert.equal(plan('bzip2 compress my old tarball').target?.id, 'archive.tarToBz2');
  assert.equal(plan('compress site.tar with gzip please').target?.id, 'archive.tarToGz');
  assert.equal(plan('turn the 7z into a tarball').target?.id, 'archive.7zToTar');
});

test('a file named by two extensions is read by its last: a .tar.xz is no tar the catalog converts', () => {
  const p = plan('convert photos.tar.xz to a zip');
  assert.equal(p.status, 'unsupported', `${p.status} ${p.target?.id}`);
});

test('context that sounds out of scope does not refuse a job the goal states outright', () => {
  // "print" and "weather" are words of jobs no tool does; the conversion and the quantity are what is asked.
  assert.equal(plan('the print shop needs flyer.png as a tiff').target?.id, 'convertors.toTiff');
  assert.equal(plan('convert 20 °C to Fahrenheit for the weather report').target?.id, 'unitConversions.temperatureConverter');
});

test('a two-word format name is one name: "old excel" is the legacy format, not "excel" after it', () => {
  assert.equal(plan('old excel workbook from the archive to csv please').target?.id, 'office.xlsToCsv');
  assert.equal(plan('legacy powerpoint deck as a pdf').target?.id, 'office.pptToPdf');
});

test('a format something was sent or came "as" is the one there is, not the target', () => {
  assert.equal(plan('the bank sends my statements as xml and I want a csv').target?.id, 'web.xmlToCsv');
  assert.equal(plan('our printer came with a manual as epub, I would rather have a pdf').target?.id, 'ebook.epubToPdf');
});

test('"xls2pdf" is the command-line spelling of "xls to pdf"; words like "b2b" are left alone', () => {
  // Goals written for this test, in the `<from>2<to>` naming of command-line converters.
  assert.equal(spelledOut('b2b e2e h2o mp3 base64 pdf2docx 7z2zip epub2azw3'), 'b2b e2e h2o mp3 base64 pdf to docx 7z to zip epub to azw3');
  assert.equal(plan('docx2pdf minutes_june.docx').target?.id, 'documents.docxToPdf');
  assert.equal(plan('7z2zip backups.7z').target?.id, 'archive.7zToZip');
  assert.ok(['web.mdToHtml', 'documents.mdToHtml'].includes(plan('md2html for the changelog').target?.id ?? ''));
});

test('a conversion the goal states is not refused because its context reads like a job no tool does', () => {
  // "signed contract" reads like e-signing, which no tool does; converting it between two formats is a tool's job.
  assert.equal(plan('convert the signed contract from pdf to docx').target?.id, 'documents.pdfToDocx');
  assert.equal(plan('run pdf2docx on the signed contract').target?.id, 'documents.pdfToDocx');
});

test('"flip … so it reads" is about text: image editing needs an image, or "it" as what is edited', () => {
  assert.equal(plan('flip my tagline backwards so it reads right to left: hello world').target?.id, 'textUtilities.reverseText');
  assertUnsupported(['rotate it 90 degrees', 'crop this photo to a square']);
});

test('words of jobs no tool does, used in another sense, do not refuse the job asked', () => {
  // "call a validator" is a program's call, not a phone call; "how many minutes … out loud" a reading time, not speech;
  // an SVG exported from Figma is an SVG. Goals written for this test.
  assert.equal(plan('I\'ll call a validator on this json to check it parses: {"id": 7}').target?.id, 'developerApis.jsonValidator');
  assert.equal(plan('how many minutes will it take to read this essay out loud').target?.id, 'textUtilities.textStats');
  assert.equal(plan('the svg exported from Figma is bloated, minify it').target?.id, 'convertors.compressSvg');
  assertUnsupported([
    'call my dentist and move my appointment',
    'read this poem aloud for me',
    'convert my figma design to html',
    'edit the layers in photoshop',
  ]);
});

test('code from JSON for a language no generator writes is "unsupported"; the ones there are still run', () => {
  assertUnsupported(['turn this json into swift structs: {"id": 1}', 'json to c#', 'dart model classes for this api response']);
  assert.equal(plan('go struct for this json please: {"id": 1}').target?.id, 'developerApis.jsonToGoStruct');
  assert.equal(plan('my java backend sends this json, give me typescript types: {"id": 1}').target?.id, 'developerApis.jsonToTypescript');
});

test('date arithmetic is "unsupported"; days until an invoice is due are the due-date calculator\'s', () => {
  assertUnsupported(['how many days are there between 3 May and 20 August', 'how old is someone born on 1 March 1985']);
  assert.equal(plan('how many days until my invoice dated 2024-06-01 on net 30 terms is due').target?.id, 'calculators.paymentDueDateCalculator');
});

test('"spell it backwards" reverses the text; it is neither spelling a number nor counting', () => {
  assert.equal(plan('can you write my name backwards: Ada Lovelace').target?.id, 'textUtilities.reverseText');
  assert.equal(plan("spell 'stressed' backwards").target?.id, 'textUtilities.reverseText');
});

test('format and number names: TSV is a sheet as text, FictionBook is FB2, "as digits" reads number words', () => {
  assert.equal(plan('export the old .xls price list as tsv').target?.id, 'office.xlsToTxt');
  assert.equal(plan('make a FictionBook copy of novel.epub').target?.id, 'ebook.epubToFb2');
  assert.equal(plan("'four hundred and twelve' as digits").target?.id, 'textUtilities.wordsToNumber');
  assert.equal(plan('convert 5 GB to MB').target?.id, 'unitConversions.digitalConverter');
});

test('"the cron line for …" asks for one to be made; a cron line given is read', () => {
  assert.equal(plan('cron line for every sunday at midnight').target?.id, 'developerApis.cronExpressionGenerator');
  assert.equal(plan("what does the cron line '30 7 * * 1-5' mean").target?.id, 'developerApis.cronExpressionParser');
});

test('goals in other languages: the common words of the tool families are read in English too', () => {
  // Goals written for this test (Spanish, German, Dutch, Polish, French); the English ones keep their picks.
  assert.deepEqual(englishOf('Entferne alle Leerzeichen aus diesem Text'), ['remove', 'spaces']);
  assert.deepEqual(englishOf('remove the spaces from this text'), []);
  assert.equal(plan('cuenta las palabras de este texto: hola mundo').target?.id, 'textUtilities.textStats');
  assert.equal(plan('entferne alle Leerzeichen aus diesem Text: a b c').target?.id, 'textUtilities.removeSpaces');
  assert.equal(plan('genereer een sterk wachtwoord').target?.id, 'securityApis.securePasswordGenerator');
  assert.equal(plan('calculer la remise de 15 % sur 80 €').target?.id, 'calculators.discountCalculator');
  assert.ok(
    ['securityApis.securityHeadersAnalyzer', 'security-headers-job'].includes(
      plan('sprawdź nagłówki bezpieczeństwa https://sklep.example.pl').target?.id ?? '',
    ),
  );
});

test('formats said other ways: "p d f" letter by letter, "rich text", "comma separated values", "text from story.mobi"', () => {
  assert.equal(spelledOut('turn it into a p d f, not an a b c list, c p c'), 'turn it into a pdf, not an a b c list, cpc');
  assert.equal(plan('turn my excel spreadsheet into a p d f').target?.id, 'office.xlsxToPdf');
  assert.equal(plan('plain text to rich text please').target?.id, 'documents.txtToRtf');
  assert.equal(plan('export the q3.xlsx as comma separated values').target?.id, 'office.xlsxToCsv');
  assert.equal(conversionIntentOf('plain text from story.mobi')?.from, 'mobi');
  // And a negation: interest that is not compounded is simple interest.
  assert.equal(plan('interest that is not compounded on 1000 at 5% for 3 years').target?.id, 'calculators.simpleInterestCalculator');
});

test('changing the user\'s own server, site or store is "unsupported"; checking it is not', () => {
  assertUnsupported(['enable gzip compression on my nginx', 'add a canonical tag to my wordpress pages', 'update my dns to point at the new host']);
  assert.equal(plan('check the security headers on our server https://x.example').target?.id, 'securityApis.securityHeadersAnalyzer');
  assert.equal(plan('add 20% vat to 150').target?.id, 'calculators.vatCalculator');
});

test('network probes are "unsupported"; a site that is up or down is the status checker\'s', () => {
  assertUnsupported([
    'ping 1.1.1.1 and tell me the latency',
    'whois lookup for acme-widgets.example',
    'where is ip 203.0.113.9 located',
    'stress test my api with 500 concurrent users',
  ]);
  assert.equal(plan('is https://shop.example up or down right now?').target?.id, 'seoApis.httpStatusChecker');
});

test('more ways of asking: a hashtag generator, cost per signup, "is \'…\' a good subject line", tl;dr, a bcrypt hash, "als CSV"', () => {
  assert.equal(plan('hashtag generator for a post about sourdough').target?.id, 'textUtilities.convertToHashtags');
  assert.equal(plan('we paid 900 for 30 signups, what is the cost per signup').target?.id, 'marketingApis.cpaCalculator');
  assert.equal(plan("is 'Your order has shipped' a good subject line").target?.id, 'marketingApis.emailSubjectLineTester');
  assert.ok(['textIntelligence.snippetMaker', 'aiModels.textAi'].includes(plan('tl;dr this: the meeting covered budgets and hiring plans').target?.id ?? ''));
  assert.equal(
    plan('is hunter2 the password behind $2b$12$KIXQJf8pYb1mKVdPDdR5KuQnM9bUXqgHTxqRvMGgWxmZ4Z9Q5hJ8a').target?.id,
    'securityApis.bcryptHashGenerator',
  );
  assert.equal(plan('exportiere die Tabelle (xlsx) als CSV').target?.id, 'office.xlsxToCsv');
  assert.equal(plan("will google cut off my title 'Ten Ways to Brew Better Coffee at Home Without Any Fancy Gear'").target?.id, 'seoApis.serpSnippetPreview');
});

test('pasted kinds: SQL, an ISO 8601 date-time and a running pace name their tools; "ideas" for a subject make variants', () => {
  assert.equal(plan('pretty print this query: select id, name from users where active = 1 order by name').target?.id, 'developerApis.sqlFormatter');
  assert.equal(plan('what time is 2026-03-10T09:30:00Z in Sydney').target?.id, 'developerApis.timestampConverter');
  const pace = plan('my long run was 6:05 per km, what is that per mile');
  assert.equal(pace.target?.id, 'unitConversions.paceConverter');
  assert.deepEqual(pace.input, { value: '6:05', from: 'min/km', to: 'min/mi' });
  assert.equal(plan("give me a few fresh ideas for the subject 'Spring sale starts now'").target?.id, 'marketingApis.aiEmailSubjectVariants');
});

test('a file name right after a format is the thing to convert, not a second name of that format', () => {
  assert.deepEqual(conversionIntentOf('mobi to epub novel.mobi'), { from: 'mobi', to: 'epub' });
  assert.deepEqual(conversionIntentOf('to azw3 novel.epub'), { from: 'epub', to: 'azw' });
});

test('running code, detecting AI text, fetching video comments, IBAN and VAT-number checks are "unsupported"; an IBAN\'s spaces are text', () => {
  assertUnsupported([
    'run this curl command for me: curl https://api.example.com/v2/items',
    'compile my rust code',
    'format my python with black',
    'was this cover letter written by ChatGPT?',
    'pull the comments under this youtube video https://youtu.be/abc123',
    'validate this IBAN: GB33 BUKB 2020 1555 5555 55',
    'check this VAT number is registered: DE123456789',
    'colorize my old family photo',
  ]);
  assert.equal(plan('strip the spaces out of this IBAN: GB33 BUKB 2020 1555 5555 55').target?.id, 'textUtilities.removeSpaces');
});

test('random numbers, one-time codes, number bases, Apple iWork files, page screenshots and SQL injection are "unsupported"', () => {
  assertUnsupported([
    'roll two dice',
    "what's my authenticator code for this secret",
    'convert 11111111 binary to decimal',
    'open keynote slides and export them',
    'grab a screenshot of https://example.com',
    'check our site for sql injection',
  ]);
  // A pentest report is context: checking the headers it names is a tool's job.
  assert.notEqual(plan('a pentest flagged missing HSTS on https://x.example, check the headers').status, 'unsupported');
});

test('a target after its marker and an article with one describing word ("as a crisp png"), "for" the least sure marker', () => {
  // Goals written for this test.
  assert.equal(plan('save chart.svg as a crisp png for the pitch deck').target?.id, 'convertors.toPng');
  assert.equal(plan('I need the invoice pdf as an editable docx').target?.id, 'documents.pdfToDocx');
  assert.equal(plan('a printable pdf of the old .xls roster').target?.id, 'office.xlsToPdf');
  assert.equal(plan('put my epub on an old kindle as mobi').target?.id, 'ebook.epubToMobi');
  // "is saved as .rtf" describes the file there is; "insists on" wants, like "wants".
  assert.equal(plan('my statement is saved as .rtf, the court wants pdf').target?.id, 'documents.rtfToPdf');
  assert.equal(plan('the client insists on rar, repack my 7z please').target?.id, 'archive.7zToRar');
  // A kind of document a word after its format ("the .odp seminar slides") is that format, not a second one.
  assert.ok(['office.odpToTxt', 'extract.extract'].includes(plan('text only from the .odp seminar slides').target?.id ?? ''));
  assert.ok(['office.odtToTxt', 'extract.extract'].includes(plan('plain text from this OpenDocument file (odt) please').target?.id ?? ''));
});

test('a translator, a print shop, sending it ourselves and share previews are not jobs no tool does', () => {
  assert.equal(plan('our translator sent the captions as .srt, convert them to webvtt').target?.id, 'youtubeTools.youtubeCaptionFormatter');
  assert.equal(plan('the print shop wants my flyer as a tiff').target?.id, 'convertors.toTiff');
  for (const goal of [
    'before we send this invoice to the client, check it has every field the vat rules require',
    'how do our share previews look on facebook for this page',
  ])
    assert.notEqual(plan(goal).status, 'unsupported', goal);
});

test('scraping shop data, images out of a PDF, a video link\'s transcript and JSON to TOML are "unsupported"', () => {
  assertUnsupported([
    'scrape the prices of every product on this shop page',
    'extract all the images from this pdf',
    'here is a youtube link, fetch its transcript',
    'turn this json config into toml',
  ]);
});

test('a time of day in another zone and the weekday of a date are timestamp conversions; a URL names a well-known file', () => {
  assert.equal(plan('what is 9:30am London time in Sydney').target?.id, 'developerApis.timestampConverter');
  assert.equal(plan('which day of the week was 1 March 2000').target?.id, 'developerApis.timestampConverter');
  assert.equal(plan('cron for every weekday at 7:30').target?.id, 'developerApis.cronExpressionGenerator');
  assert.equal(plan('look over https://shop.example/robots.txt').target?.id, 'seoApis.robotsTxtChecker');
  assert.equal(plan('validate https://a.example/sitemap.xml for errors').target?.id, 'seoApis.sitemapXmlValidator');
  assert.equal(plan('"four hundred and twelve" in plain numbers').target?.id, 'textUtilities.wordsToNumber');
});

test('a quantity and another unit of its converter named anywhere ("2000 kcal a day, labels in kJ") pick that converter', () => {
  // Goals written for this test; "$6 each … gross margin" are words, not units of the count converter.
  assert.equal(plan('my plan says 1800 kcal a day but the packets list kJ').target?.id, 'unitConversions.energyConverter');
  assert.equal(plan('5 kilometres is how many miles').target?.id, 'unitConversions.lengthConverter');
  // Of the converters knowing C (coulomb, Celsius), the one that also knows the other unit named.
  assert.equal(plan('the thermostat shows 21 C, my friend only thinks in F').target?.id, 'unitConversions.temperatureConverter');
  assert.notEqual(plan('candles cost me $6 each, I want a 40% gross margin: what price?').target?.id, 'unitConversions.eachConverter');
});

test('a conversion between two formats keeps the direction the goal states, and a Kindle beside two formats is the device', () => {
  assert.equal(plan('the agency only opens .xls files and I have an .xlsx').target?.id, 'office.xlsxToXls');
  assert.equal(plan('my kindle only reads mobi and this novel is an epub').target?.id, 'ebook.epubToMobi');
  // "as plain .txt": what there is; "make this messy html well-formed xhtml": the html is what is made better.
  assert.equal(conversionIntentOf('the boss edits in word but I saved the notes as plain .txt')?.from, 'txt');
  assert.equal(conversionIntentOf('make this messy html well-formed xhtml for the xml parser')?.from, 'html');
});

test('a domain after "into" is no file type, and a rate given in the goal is no live figure', () => {
  assert.notEqual(plan('can scripts from a hacked cdn get into shop.example.com? check subresource integrity').status, 'unsupported');
  const converted = plan('convert 300 EUR to USD, current rate is 1.08');
  assert.equal(converted.target?.id, 'calculators.currencyConverter');
  assert.equal(converted.input.rate, 1.08);
  assert.equal(plan("what's today's exchange rate for usd to eur").status, 'unsupported');
});

test('a quantity converted between units of two different converters is "unsupported"; names of several words are one unit', () => {
  // Goals written for this test: a volume into a mass, a length into a duration.
  assertUnsupported(['convert 3 cups of sugar into grams', 'how many hours is 12 km']);
  assert.equal(plan('300 lux to foot candles').target?.id, 'unitConversions.illuminanceConverter');
  assert.equal(plan('12 knots to metres per second').target?.id, 'unitConversions.speedConverter');
});

test('a unit the chosen converter refuses and no converter knows, or a unit of another converter, is "unsupported"; spellings a converter resolves are its own', () => {
  // Goals written for this test. Cubits, furlongs and parsecs are in no converter's table (src/tools/unit-conversions).
  assertUnsupported(['convert 3 cubits to cm', 'how far is 2 furlongs in metres', '10 parsecs to km', 'how many light years is 100 km']);
  // Spellings the converters resolve through their aliases, not their symbol lists: gallons per minute, kilos.
  assert.equal(plan('convert 3 gpm to lpm').target?.id, 'unitConversions.volumeFlowRateConverter');
  assert.equal(plan('14 stone in kilos').target?.id, 'unitConversions.massConverter');
  // A word after "in" that is no unit, with the converter's other unit named later, is not the unit asked for.
  assert.equal(plan('it is 40 C in Lisbon today, what is that in fahrenheit').target?.id, 'unitConversions.temperatureConverter');
  assert.equal(plan('how many US cups is 500 ml of stock').target?.id, 'unitConversions.volumeConverter');
  // Without "to": the one other unit named in full is the one asked for; of another converter, no tool converts it.
  assert.equal(plan('the cake needs 2 cups of butter and my kitchen scale only shows grams').status, 'unsupported');
  assert.equal(plan('our flat is 70 m² and the buyer thinks in square feet').target?.id, 'unitConversions.areaConverter');
  assert.equal(plan('the lamp gives 400 lux on the desk, the US spec sheet wants foot-candles').target?.id, 'unitConversions.illuminanceConverter');
});

test('which tax rate applies is a lookup no tool does; a goal that gives the rate is a calculation', () => {
  // Goals written for this test.
  assertUnsupported([
    'which VAT rate applies to childrens books in Ireland',
    'what is the sales tax rate in Austin Texas',
    'GST rate kya hai for mobile phones',
  ]);
  assert.equal(plan('what is the VAT on 80 euros at 21 percent').target?.id, 'calculators.vatCalculator');
  assert.equal(plan('add 12% GST to 4,500 rupees').target?.id, 'calculators.gstCalculator');
});

test('a choice the tool does not offer, named with its value ("uuid version 6"), is "unsupported"; one it offers is filled', () => {
  // Goals written for this test: the UUID generator's `version` takes v4, v7, v5, v3, nil and max.
  assert.equal(plan('generate a uuid version 6 for my table keys').status, 'unsupported');
  const seven = plan('I need a uuid version 7 for my table keys');
  assert.equal(seven.target?.id, 'developerApis.uuidGenerator');
  assert.equal(seven.input?.version, 'v7');
  // A code of another family named as what the hash generator's algorithms are; its own codes still pick it.
  assert.equal(plan("adler32 checksum of 'abc'").status, 'unsupported');
  assert.equal(plan("md5 checksum of 'abc'").target?.id, 'securityApis.hashGenerator');
});

test('in a short "<operation> of <words>" goal the words are the data, so the goal is clear without quotes', () => {
  // Goals written for this test.
  const hashed = plan('sha512 of correct horse');
  assert.equal(hashed.status, 'planned');
  assert.deepEqual(hashed.input, { algorithm: 'sha512', text: 'correct horse' });
  assert.equal(plan('sha256 of hello').status, 'planned');
});

test('advice, statistics, printed orders, posting to accounts, paper sizes and languages a tool lacks are "unsupported"', () => {
  // Goals written for this test.
  assertUnsupported([
    'is it legal for my employer to withhold my last paycheck',
    'what is the ibuprofen dose for a 30 kg kid',
    'should I invest my bonus in bitcoin',
    'median of 3 9 4 12 7',
    'order 500 business cards with our logo and have them delivered',
    'post this caption on my insta and facebook pages tonight',
    'make one pdf of these scans on A1 paper',
    'a v2 uuid please',
    'write 1,999 in german words',
  ]);
  // What the tools do offer still gets them: an A5 page, an English number, a v4 UUID.
  assert.equal(plan('make one pdf of these scans on A5 paper').target?.id, 'convertors.imageToPdf');
  assert.equal(plan('write 1,999 in words for the cheque').target?.id, 'textUtilities.numberToWords');
  assert.equal(plan('a v4 uuid please').target?.id, 'developerApis.uuidGenerator');
});

test('formats and commands as a voice or a terminal says them: "seven zip", "tar ball", "e pub", "moby", "sort -u", "svgo"', () => {
  // Goals written for this test.
  for (const [goal, id] of [
    ['turn the seven zip backup into a zip', 'archive.7zToZip'],
    ['make a tar ball out of this rar', 'archive.rarToTar'],
    ['unrar the download into a zip', 'archive.rarToZip'],
    ['my e pub novel as moby for the old kindle', 'ebook.epubToMobi'],
    ['sort -u emails.txt', 'textUtilities.sortLines'],
    ['svgo this logo', 'convertors.compressSvg'],
    ['ten strong pass words please', 'securityApis.securePasswordGenerator'],
  ] as const)
    assert.equal(plan(goal).target?.id, id, goal);
});

test('what a goal describes, said another way: one giant line, extra spaces, N times, plain http, arms in a sentence, traffic per arm', () => {
  // Goals written for this test.
  for (const [goal, id] of [
    ['widget.js is one long line now, make it readable again', 'developerApis.jsFormatter'],
    ['the minified code in vendor.js, make it readable', 'developerApis.jsFormatter'],
    ['the export has double spaces everywhere, bring it down to single spaces', 'textUtilities.removeSpaces'],
    ['write "I must not run in the hall" 20 times', 'textUtilities.repeatText'],
    ['fonts on https://cafe.example are loaded over plain http and the padlock complains', 'seoApis.mixedContentChecker'],
    ['A had 80 signups out of 2000, B had 104 of 2000, is B really better', 'marketingApis.abTestSignificanceCalculator'],
    ['we convert at 4 percent and hope for a 10% lift, how much traffic per variant do we need', 'marketingApis.abTestSampleSizeCalculator'],
    ['reverse the letters of lemons', 'textUtilities.reverseText'],
    ['przekonwertuj ten plik PDF na Worda', 'documents.pdfToDocx'],
  ] as const)
    assert.equal(plan(goal).target?.id, id, goal);
});

test('formats as an ear writes them ("jason", "yamel", "cvs"), a colon ends a name, and "write a short description" is new text', () => {
  // Goals written for this test.
  assert.equal(plan('turn this jason into yamel: {"id": 7}').target?.id, 'developerApis.jsonToYaml');
  assert.ok(['web.jsonToCsv', 'convertors.json2Csv'].includes(plan('jason to cvs please').target?.id ?? ''));
  assert.equal(plan('write a short bio for a pottery teacher').target?.id, 'aiModels.textAi');
  assert.equal(plan('write a meta description for my bakery page').target?.id, 'textIntelligence.snippetMaker');
});

test('an image into a PDF, "gunzip", "on one line", "in random order" and "404 links" name their tools', () => {
  // Goals written for this test.
  assert.equal(plan('my visa photo is a jpg but the portal wants a pdf').target?.id, 'convertors.imageToPdf');
  assert.equal(plan('gunzip backup.tar.gz to a plain tar').target?.id, 'archive.gzToTar');
  assert.equal(plan('put this mailing address on one line: 1 Main St\nSpringfield').target?.id, 'textUtilities.removeLineBreaks');
  assert.equal(plan('list these players in random order: ann, bob, cy').target?.id, 'textUtilities.sortLines');
  const broken = plan('any 404 links on https://club.example ?');
  assert.equal(broken.target?.id, 'seoApis.brokenLinkChecker');
  assert.equal(broken.input.maxLinks, undefined, 'a status code named is no count of links');
});

test('ciphers, inflation, churn, shifting subtitles, finding influencers and compound units no converter knows are "unsupported"', () => {
  // Goals written for this test.
  assertUnsupported([
    'rot13 this: secret plans',
    'write SOS in morse code',
    'what is 50 dollars from 1985 worth today with inflation',
    'our churn rate from 400 customers losing 12',
    'delay my captions by 3 seconds',
    'find tiktok influencers for my skincare brand',
    'convert 5 mg/dl to mmol/l',
  ]);
  // Leetspeak is a rewrite the AI text tool can do: not refused.
  assert.notEqual(plan('write my bio in leetspeak').status, 'unsupported');
  assert.equal(plan('60 km/h in mph').target?.id, 'unitConversions.speedConverter');
});

test('a goal naming a tool by every word of its title is never refused as out of scope', () => {
  // Goals written for this test, in the shape of requests the scope model has seen refused ("… for me").
  assert.equal(plan('reverse a text for me').target?.id, 'textUtilities.reverseText');
  assert.equal(plan('sort lines for me please').target?.id, 'textUtilities.sortLines');
});

test('"unminify" asks for a formatter, not a minifier', () => {
  // Goals written for this test.
  assert.equal(plan('please unminify the js in vendor.min.js').target?.id, 'developerApis.jsFormatter');
  assert.equal(plan('unminify my stylesheet so I can read it').target?.id, 'developerApis.cssFormatter');
});

test('unpacking a .zip is extracting it; shrinking an SVG is the SVG optimiser', () => {
  // Goals written for this test.
  assert.equal(plan('I got photos.zip, unpack it').target?.id, 'convertors.zipExtract');
  assert.equal(plan('the svg is 400kb, slim it down').target?.id, 'convertors.compressSvg');
});

test('letters a voice spells ("pee dee eff", "you are ell", "shaw two fifty six") are the word they spell; English stays English', () => {
  // Goals written for this test.
  assert.equal(spelledOut('pee dee eff to dot docks'), 'pdf to dot docks');
  assert.equal(spelledOut('see ess vee to jason'), 'csv to jason');
  assert.equal(spelledOut('I see you are busy'), 'I see you are busy');
  assert.equal(plan('pee dee eff to dot docks please').target?.id, 'documents.pdfToDocx');
  assert.equal(plan('ex el ess ex into jason').target?.id, 'office.xlsxToJson');
  assert.equal(plan('you are ell decode this: a%20b').target?.id, 'developerApis.urlEncoderDecoder');
  assert.equal(plan('shaw two fifty six of the word banana').target?.id, 'securityApis.hashGenerator');
});

test('archive names: a gzip tarball is a .tar.gz, a .tbz2 a .tar.bz2', () => {
  // Goals written for this test.
  assert.equal(plan('pack this .rar as a gzip tarball').target?.id, 'archive.rarToGz');
  assert.equal(plan('change my .tbz2 into a .tgz').target?.id, 'archive.bz2ToGz');
});

test('which format there is and which is wanted: refusals, purchases, "please", "has to be", "I\'ve got", the bare text', () => {
  // Goals written for this test.
  assert.equal(plan("the old e-reader won't take EPUB, so make the novel a .mobi").target?.id, 'ebook.epubToMobi');
  assert.equal(plan('I purchased it as AZW3, epub please').target?.id, 'ebook.azwToEpub');
  assert.equal(plan('the logo.svg has to be a PNG for the brochure').target?.id, 'convertors.toPng');
  assert.deepEqual(conversionIntentOf('my editor can only open word files, I have the draft as plain .txt'), { from: 'txt', to: 'docx' });
  assert.deepEqual(conversionIntentOf("what I need is a .pptx; I've got an .odp"), { from: 'odp', to: 'pptx' });
  // A kind of document beside the precise format of its family is that format; a file name may begin with a format's.
  assert.deepEqual(conversionIntentOf('just the text in the slides of my old .ppt'), { from: 'ppt', to: 'txt' });
  assert.deepEqual(conversionIntentOf('export my spreadsheet.csv as an .ods file'), { from: 'csv', to: 'ods' });
  assert.equal(plan('the lawyer sent an .RTF, I only want the bare words').target?.id, 'documents.rtfToTxt');
  assert.equal(plan('saved the recipe page as .html; I want plain text without the markup').target?.id, 'documents.htmlToTxt');
  // Making a format no tool makes from the one there is: "no tool fits".
  assert.equal(plan('make an EPUB out of my thesis (it is a .docx)').status, 'unsupported');
  // Unpacking names what there is; "give me" or "send me" at the start of a request asks for the other.
  assert.deepEqual(conversionIntentOf('unrar the backup and give me a zip'), { from: 'rar', to: 'zip' });
  assert.deepEqual(conversionIntentOf('please send me a pdf of notes.docx'), { from: 'docx', to: 'pdf' });
  assert.deepEqual(conversionIntentOf('the bank sends me a pdf, I need a csv'), { from: 'pdf', to: 'csv' });
});

test('a "because" clause after what is wrong is the thing to look into; after a request, only its reason', () => {
  // Goals written for this test.
  assert.equal(plan('our checkout looks broken because some images come over plain http on https://shop.example').target?.id, 'seoApis.mixedContentChecker');
  assert.equal(plan('make the text lowercase because our system rejects capitals').target?.id, 'textUtilities.textCaseConverter');
});

test('mailboxes, hashes, JSON Schema, HTML minifying, joined tables, EXIF edits, number bases and the like are "unsupported"', () => {
  // Goals written for this test.
  assertUnsupported([
    'is the address bob@example.org real or will it bounce',
    'crack this md5 hash back to the password: 098f6bcd4621d373cade4e832627b4f6',
    'validate my payload against our JSON Schema and list violations',
    'minify this html page for me',
    'merge the two exported CSV files, matched up on the id column',
    'change the GPS location in the EXIF of my photo',
    '42 in binary please',
    'import this csv into my Google Sheet',
    'solve 3x + 5 = 20',
    'convert this ruby script to python',
    'pick the dominant colours out of my banner.png',
    'explain what this regex does: ^\\d+$',
    'file my VAT return for the quarter',
    'make my pdf accessible for screen readers with tags',
    'traduza este texto para o espanhol: obrigado',
    'invert the colours of this photo',
    'what is the pound to yen rate right now',
    'how many miles is 3 light years',
    'mach 1.5 in mph',
    'my car does 40 mpg, what is that in l/100km',
    'save the contract as a .doc for my old laptop',
  ]);
  // Calling a test's winner is no phone call; images combined into a PDF are no PDF merge.
  assert.equal(plan('control 150/5000 and variant 190/5000, can I call the winner').target?.id, 'marketingApis.abTestSignificanceCalculator');
  assert.equal(outOfScope('combine my three receipt photos into one pdf'), undefined);
});

test('what a goal describes names the tool: hours worked, hard-wrapped lines, a cost and a price, A/B arms, DNS records', () => {
  // Goals written for this test.
  for (const [goal, id] of [
    ['worked Tue 09:00-12:30 and Thu 13:00-17:15 at 50/h, make the invoice', 'calculators.timesheetInvoiceCalculator'],
    ['every line of this poem is hard-wrapped, make it flowing paragraphs', 'textUtilities.removeLineBreaks'],
    ['bought a chair for 15 and sold it for 40, what is my markup', 'calculators.markupCalculator'],
    ['each mug costs me 6 to make and I sell it for 20 - how many mugs to cover rent of 900', 'calculators.breakEvenCalculator'],
    ['spent 500 on instagram ads and made 2100 in sales, was it worth it', 'marketingApis.roasCalculator'],
    ['variant 210/4000 vs control 180/4100, is that significant?', 'marketingApis.abTestSignificanceCalculator'],
    ['A: 8,000 visitors, 240 signups. B: 8,100 visitors, 290 signups. real difference?', 'marketingApis.abTestSignificanceCalculator'],
    ['which nameservers and MX records does example.net use', 'securityApis.dnsLookup'],
    ['turn this sample payload into a zod validator', 'developerApis.jsonToZod'],
    ['which campaign and medium are in this link https://shop.example/?utm_source=nl&utm_medium=email&utm_campaign=june', 'marketingApis.utmParser'],
    ['curl -I https://api.example.org please', 'developerApis.httpHeadersChecker'],
    ['the dress is marked 30% off 120, what do I pay', 'calculators.discountCalculator'],
    ['uuidgen, 5 of them', 'developerApis.uuidGenerator'],
    ['padlock says not fully secure on https://shop.example, find what loads insecurely', 'seoApis.mixedContentChecker'],
    ['remove the gaps between the digits of this card number: 4111 1111 1111 1111', 'textUtilities.removeSpaces'],
    ['this won\'t parse, what\'s wrong: {"a": 1,}', 'developerApis.jsonValidator'],
    ['give me the cron line for every sunday at 4 am', 'developerApis.cronExpressionGenerator'],
    ['make the javascript bundle smaller for production', 'developerApis.jsMinifier'],
    ["would 'Winter2025' survive a brute force attack", 'securityApis.passwordStrengthChecker'],
  ] as const)
    assert.equal(plan(goal).target?.id, id, goal);
});

test('an amount and a rate complete the GST calculator, not the tax invoice that needs line items', () => {
  // A goal written for this test.
  const gst = plan('1,200 plus 18% GST, split it CGST and SGST');
  assert.equal(gst.target?.id, 'calculators.gstCalculator');
  assert.equal(gst.input.amount, 1200);
});

test("summarising is the AI text tool's job, a document's when one is attached, and the snippet maker's for a meta description", () => {
  // Goals written for this test.
  assert.equal(plan('summarise these board minutes in three bullet points').target?.id, 'aiModels.textAi');
  assert.equal(plan('summarize the attached annual_report.pdf').target?.id, 'aiModels.fileInsights');
  assert.equal(plan('write a meta description summarising my bakery page').target?.id, 'textIntelligence.snippetMaker');
});

test('how goals are worded around the ask: a tool named first, a title without its kind noun, split and mistyped names, other languages, support tickets', () => {
  // Goals written for this test.
  for (const [goal, id] of [
    ['with the JSON to YAML tool, convert my XML to JSON', 'web.xmlToJson'],
    ['find every broken link on my portfolio', 'seoApis.brokenLinkChecker'],
    ['power point to pdf', 'office.pptxToPdf'],
    ['test my regx ^a+$ against aaa', 'developerApis.regexTester'],
    ['contare le parole di questo testo: ciao a tutti', 'textUtilities.textStats'],
    ['Support ticket: "I paid 120 including 20% VAT and need the net amount for my books"', 'calculators.vatCalculator'],
  ] as const)
    assert.equal(plan(goal).target?.id, id, goal);
});

test('another of the kinds a tool names (ad platform, caption format, SQL dialect, password hash, personal data, barcode), or another language than its own, is "unsupported"', () => {
  // Goals written for this test: each refused one beside one the same tool does.
  for (const [refused, done, id] of [
    ['count my Pinterest ad headline against the limit', 'count my LinkedIn ad headline against the limit', 'marketingApis.adsCopyCounter'],
    ['turn this TTML caption file into srt', 'turn this vtt caption file into srt', 'youtubeTools.youtubeCaptionFormatter'],
    ['is this Teradata query valid: SEL * FROM t', 'is this Snowflake query valid: select 1 from t', 'developerApis.sqlValidator'],
    ['store this password as a PBKDF2 hash: hunter2', 'store this password as an argon2 hash: hunter2', 'securityApis.bcryptHashGenerator'],
    ['mask the driving licence numbers in this text: D123-456', 'mask the phone numbers in this text: call +1 415 555 0100', 'textIntelligence.piiScrub'],
    ['write 77 in Spanish words', 'write 77 in words', 'textUtilities.numberToWords'],
    ['20 random French words for a game', '20 random words for a game', 'textUtilities.randomWordGenerator'],
  ] as const) {
    assert.equal(plan(refused).status, 'unsupported', refused);
    assert.equal(plan(done).target?.id, id, done);
  }
  assert.equal(plan('make a UPC-A barcode for 036000291452').status, 'unsupported');
  assert.equal(plan('lorem ipsum in Chinese characters, two paragraphs').status, 'unsupported');
});

test('a formula over quantities in the units of several converters is no conversion', () => {
  // Goals written for this test.
  assert.equal(plan('1500 W heater on 120 V, how many amps').status, 'unsupported');
  assert.equal(plan('40 US gallons to litres').target?.id, 'unitConversions.volumeConverter');
  assert.equal(plan('wie viel Fahrenheit sind 38 Grad Celsius').target?.id, 'unitConversions.temperatureConverter');
  assert.equal(plan('25 metres per second in km/h').target?.id, 'unitConversions.speedConverter');
});

test('protected archives, DRM, animations, DPI, reading QR codes, other systems, maps, colour books and the like are "unsupported"', () => {
  // Goals written for this test.
  assertUnsupported([
    'what was the official EUR/USD reference rate on 3 March',
    'how much traffic does competitor.example get each month',
    'what is 20 miles per gallon in km per litre',
    'the transformer is 100 kVA at a power factor of 0.9, what is the real power',
    'export this docx for the tender portal as Word 97-2003',
    'find case law about tenant deposits in Ohio',
    'Bayesian analysis of my A/B result please',
    'what sample size do I need for a survey with a 5% margin of error',
    'lower every price in my WooCommerce store by 5%',
    "set parental controls on my daughter's laptop",
    'a mortgage of 200k with a balloon payment after 5 years, monthly cost?',
    'compile style.sass to css',
    'look through the commit history for leaked keys',
    '7z these files with a password',
    'strip the DRM from this ebook',
    'turn these 24 frames into an animated gif',
    'change the photo to 300 dpi',
    'decode the QR on this flyer scan',
    'sync these invoices into Xero',
    'request indexing of my new blog post',
    'crawl my entire website and list every page title',
    'which of my videos got the most views this month',
    'convert lat/long 48.85, 2.35 to UTM',
    'match #ff6600 to the nearest Pantone',
  ]);
});

test('what a goal describes names the tool: triple spaces, A to Z order, easy to crack, a single long line to indent, words added or removed, a site that will not load, a source and a medium', () => {
  // Goals written for this test.
  for (const [goal, id] of [
    ['the export has triple spaces between words, leave single spaces', 'textUtilities.removeSpaces'],
    ['list these cities in A to Z order: Oslo, Bern, Rome', 'textUtilities.sortWords'],
    ['is P@ssw0rd2024 easy to crack?', 'securityApis.passwordStrengthChecker'],
    ['this css file is a single 9,000-character line, indent it', 'developerApis.cssFormatter'],
    ['here are two versions of my cover letter, which words were added or removed', 'textUtilities.compareTexts'],
    ["mysite.example won't load on my phone, check it", 'seoApis.httpStatusChecker'],
    ['build a link to https://shop.example with source instagram, medium social', 'marketingApis.utmBuilder'],
  ] as const)
    assert.equal(plan(goal).target?.id, id, goal);
  // A version written onto the name, or as a short code, fills the choice; a number before the thing made is a count.
  for (const [goal, input] of [
    ['give me 5 uuidv4 ids', { version: 'v4', count: 5 }],
    ['generate 3 uuid v7', { version: 'v7', count: 3 }],
  ] as const) {
    const uuids = plan(goal);
    assert.equal(uuids.target?.id, 'developerApis.uuidGenerator', goal);
    assert.deepEqual(uuids.input, input, goal);
  }
  assert.equal(plan('10 strong passwords').input.count, 10);
});

test('goals in Czech, romanised Chinese and Russian read their tool words in English too', () => {
  // Goals written for this test.
  for (const [goal, id] of [
    ['qing bang wo geshihua zhege json: {"a":1}', 'developerApis.jsonFormatter'],
    ['spocitej DPH 21 % z ceny 5000 Kč', 'calculators.vatCalculator'],
    ['Vypočítej hodinovku: plat 60 000 Kč měsíčně', 'calculators.salaryToHourlyConverter'],
  ] as const)
    assert.equal(plan(goal).target?.id, id, goal);
  assert.deepEqual(englishOf('szhat kartinku'), ['compress smaller', 'image']);
});

test('regex and cron flavours, picture formats of a QR code and password hashes a tool does not name are "unsupported"', () => {
  // Goals written for this test: each refused one beside one the same tool does.
  for (const [refused, done, id] of [
    ['test the regex ^(?P<id>\\d+)$ against 42 with Python re', 'test the regex ^(?<id>\\d+)$ against 42', 'developerApis.regexTester'],
    ['a Quartz cron for every weekday at 9', 'a cron for every weekday at 9', 'developerApis.cronExpressionGenerator'],
    [
      'a QR code for https://shop.example in EPS for the sign maker',
      'a QR code for https://shop.example in SVG for the sign maker',
      'marketingApis.qrCodeGenerator',
    ],
  ] as const) {
    assert.equal(plan(refused).status, 'unsupported', refused);
    assert.equal(plan(done).target?.id, id, done);
  }
  assert.equal(plan('HMAC key from my password with scrypt').status, 'unsupported');
});

test('dynamic QR codes, NPV, wind and shoe sizes, other systems, search positions, copies on the web, scanned pages and GraphQL are "unsupported"', () => {
  // Goals written for this test.
  assertUnsupported([
    'a dynamic QR code for the menu that I can repoint later',
    'NPV of -10k, 4k, 4k, 4k at 8%',
    'what Beaufort number is 40 km/h of wind',
    'EU shoe size 42 in US sizes',
    'connect to my MySQL server and run the backup',
    'pull every photo from my iCloud account into a zip',
    'update all the image links across my WordPress site',
    'where do we rank for "vegan bakery leeds"',
    'find who is copying my blog posts',
    'the contract PDF is only photos of pages, get the names out of it',
    'the invoice pdf wants a password each time, remove it for me',
    'prettify this GraphQL schema',
  ]);
  // Wished for after what there is: "the PDF has tables; I want them as an Excel workbook" converts pdf to xlsx.
  assert.deepEqual(conversionIntentOf('the report PDF has charts; we want them as a PowerPoint deck'), { from: 'pdf', to: 'pptx' });
});

test('a call written as JSON asks for what it names; "make it a PDF", "uses Excel" and "is my shop down" say what is wanted', () => {
  // Goals written for this test.
  for (const [goal, id] of [
    ['{"action": "word_count", "text": "a b c"}', 'textUtilities.textStats'],
    ['{"tool": "convert", "from": "docx", "to": "pdf"}', 'documents.docxToPdf'],
    ['a print-at-home PDF of my epub', 'ebook.epubToPdf'],
    ['is my shop down? shop.example', 'seoApis.httpStatusChecker'],
    ['my accountant uses Excel; the ledger is an .ods', 'office.odsToXlsx'],
    ['make a UTM link for our poster campaign', 'marketingApis.utmBuilder'],
    ['the editor wants the odt reviewed: make it a PDF', 'office.odtToPdf'],
  ] as const)
    assert.equal(plan(goal).target?.id, id, goal);
  // A number after a choice field's name is a choice only when the choices are written with digits ("version 7").
  assert.equal(refusedChoice(catalog.get('calculators.gstCalculator')!, 'split 18% GST'), undefined);
});

test('fancy Unicode letters, sorting by length, blocklists, scheduled reports, KFX books and .ico icons are "unsupported"', () => {
  // Goals written for this test.
  assertUnsupported([
    'turn my name into fancy cursive letters',
    'sort these words by length',
    'is 203.0.113.9 on any blacklist',
    'email me a weekly report of broken links on my site',
    'convert book.kfx to epub',
    'make a favicon .ico from logo.png',
  ]);
});

test('values written other ways: currencies by name or symbol (ISO 4217), thousands separators, Unix time, zones by city (IANA), base64, a URL to encode, "incl. VAT"', () => {
  const pounds = plan('what is £1,200 in euros if the bank gives 1.16');
  assert.equal(pounds.target?.id, 'calculators.currencyConverter');
  assert.deepEqual([pounds.input.amount, pounds.input.from, pounds.input.to], [1200, 'GBP', 'EUR']);
  const yen = plan('how many yen do I get for 300 Canadian dollars at 110.5');
  assert.deepEqual([yen.input.amount, yen.input.from, yen.input.to], [300, 'CAD', 'JPY'], 'the currency with the amount is the one converted from');

  const energy = plan('the meter read 2,350 kWh this year, convert to megajoules');
  assert.equal(energy.input.value, 2350, '"2,350" has a thousands separator, not a decimal comma');

  const epoch = plan('what date is the unix timestamp 1600000000 in Tokyo');
  assert.equal(epoch.target?.id, 'developerApis.timestampConverter');
  assert.equal(epoch.input.value, 1600000000);
  assert.equal(epoch.input.timeZone, 'Asia/Tokyo');
  assert.equal(plan('1600000000000 ms as a date in Los Angeles time').input.timeZone, 'America/Los_Angeles');
  assert.equal(plan('when does */15 9-17 * * 1-5 run next in America/Chicago').input.timeZone, 'America/Chicago');

  const b64 = plan('decode VGhlIHF1aWNrIGJyb3du please');
  assert.equal(b64.target?.id, 'developerApis.base64EncoderDecoder');
  assert.deepEqual([b64.input.text, b64.input.mode], ['VGhlIHF1aWNrIGJyb3du', 'decode']);
  assert.equal(plan('b64 -d VGhlIHF1aWNrIGJyb3du').input.mode, 'decode');

  const qr = plan('QR code for our wifi page https://cafe.example.org/wifi');
  assert.equal(qr.target?.id, 'marketingApis.qrCodeGenerator');
  assert.equal(qr.input.text, 'https://cafe.example.org/wifi', 'the QR text field takes "The URL or text to encode"');

  assert.equal(plan('sha1 of the word pineapple').input.text, 'pineapple');
  const vat = plan('the receipt says 59.50 EUR incl. 19% VAT, how much of it is tax');
  assert.equal(vat.input.mode, 'inclusive');
  assert.equal(vat.input.currency, 'EUR');
  assert.equal(plan('spell out 2,405.10 Swiss francs in words for the contract').input.currency, 'CHF');
});

test('a conversion no one tool does plans as two conversions through CSV, JSON, HTML or EPUB; none through a PDF', () => {
  const steps = (goal: string): string[] => (plan(goal).steps as Array<{ operationId: string }>).map((s) => s.operationId);
  assert.deepEqual(steps('docx to markdown please'), ['documents.docxToHtml', 'documents.htmlToMd']);
  assert.deepEqual(steps('convert my novel.fb2 to azw3 for the kindle'), ['ebook.fb2ToEpub', 'ebook.epubToAzw']);
  assert.deepEqual(steps('need the spreadsheet.xlsx as xml'), ['office.xlsxToCsv', 'web.csvToXml']);
  assert.equal(plan('docx to markdown please').target?.id, 'documents.docxToHtml', 'the chain is named by its first step');
  // ODT to RTF would go through a PDF (ODT to PDF, PDF to RTF): what comes back out of a PDF is its text, not the document.
  assert.equal(plan('odt to rtf').status, 'unsupported');
});

test('accounts elsewhere, payments, filings, trade formulas, live figures, raw photos, tracked changes, servers, PDF compression and more files than a tool takes are "unsupported"', () => {
  assertUnsupported([
    'summarise the tickets sitting in our Zendesk Suite account',
    'send 120 dollars to my sister from my bank',
    'file our VAT return for the second quarter',
    'straight-line depreciation of a 9,000 laptop fleet over 3 years',
    'what cap rate does a 600,000 fourplex at 48,000 net income give',
    'which resistor for a blue LED on 3.3 V',
    "today's average 15-year mortgage rate in Texas",
    'show a scroll heatmap of our pricing page',
    'convert these NEF raw files from my Nikon to jpg',
    'give me the contract comparison as a Word file with tracked changes',
    'restart the web servers in production',
    'make this 30 MB pdf smaller for the email',
    'md5 of the 8 GB backup archive on my NAS',
    'put my 60 holiday photos into one PDF album',
  ]);
  // A desktop search preview asked for the phone's; the same tool for the desktop result runs.
  assert.equal(plan('how will my page title look in mobile search results https://shop.example.com').status, 'unsupported');
  assert.equal(plan('how will my page title look in google search results https://shop.example.com').target?.id, 'seoApis.serpSnippetPreview');
  // "when we share it on LinkedIn" says when the problem shows, not what to do; ten photos are within the tool's twenty.
  assert.equal(plan('when we share our page on LinkedIn the preview image is missing, check the og tags').status !== 'unsupported', true);
  assert.equal(plan('put my 10 holiday photos into one PDF album').target?.id, 'convertors.imageToPdf');
  assert.equal(plan('monthly repayment on a 250,000 home loan at 5.2% over 25 years').target?.id, 'calculators.emiCalculator');
});

test('a two-step conversion of something no tool does (a book with DRM) is "unsupported", not a chain', () => {
  assert.equal(plan('convert this DRM protected mobi to docx').status, 'unsupported');
  assert.equal(plan('convert this mobi to docx').target?.id, 'ebook.mobiToHtml');
});

test('chat and voice ways of asking: an @mention, "example dot com", "what\'s wrong with this", "how fast could someone guess it", hops, "not fully secure", "open in a browser", "square footage", Russian in Cyrillic', () => {
  assert.equal(plan('@marketing-ops can someone check whether robots.txt on shop.example.org blocks Bingbot').target?.id, 'seoApis.robotsTxtChecker');
  const spoken = plan('is shop dot example dot com down or is it my wifi');
  assert.equal(spoken.target?.id, 'seoApis.httpStatusChecker');
  assert.equal(plan('is acme dot com down right now').input.url, 'acme.com');
  assert.equal(plan('deploy failed with a parse error: {"retries": 3,, "debug": true} what\'s wrong with this json').target?.id, 'developerApis.jsonValidator');
  assert.equal(plan('my dad uses Fluffy1955 as his password, how quickly could a hacker guess it').target?.id, 'securityApis.passwordStrengthChecker');
  assert.equal(plan('trace each hop from http://old.example.net/pricing and show the status codes').target?.id, 'seoApis.redirectChainAnalyzer');
  assert.equal(plan('firefox says the checkout is not secure even though the site is on https').target?.id, 'seoApis.mixedContentChecker');
  assert.equal(plan('turn the orders JSON into a table the team can open in a browser').target?.id, 'web.jsonToHtml');
  assert.equal(plan('the flat is 74 m², what is the square footage').target?.id, 'unitConversions.areaConverter');
  assert.equal(plan('Переведи этот текст в заглавные буквы: привет мир').target?.id, 'textUtilities.textCaseConverter');
});

test('Roman numerals, shipping weights, PowerShell, punycode, XSLT, describing a photo, backlinks, a Kindle by mail, local services, repairs and instruments are "unsupported"', () => {
  assertUnsupported([
    'write 2024 in Roman numerals for the cornerstone',
    'volumetric weight of a 50x30x30 box for DHL Express',
    'turn this curl call into a PowerShell one-liner',
    'what is the punycode of café-bücher.de',
    'apply my XSLT to this product feed',
    'describe what is in this photo so I can use it as alt text',
    'how many backlinks does rival-shop.com have',
    'find me a good dog groomer near Bristol',
    'my laptop screen is cracked, can you repair it',
    'tune my ukulele please',
    'sort these names by how long each one is',
    'Random Hindi shabd for a word game, 15 of them',
  ]);
  // The words of those jobs in a job a tool does: an XSLT that chokes on tag soup wants valid XHTML; a file called keynote.pptx is PowerPoint.
  assert.equal(plan('our XSLT step fails on this tag-soup page, convert the html to well-formed xml').status !== 'unsupported', true);
  assert.equal(plan('pull the text out of keynote.pptx').status !== 'unsupported', true);
});

test('more ways of asking: big capital letters, written out in words for a cheque, edits versus a revision, "Unexpected token", revenue per thousand, a screening robot, a blank home-screen tile, an anchored pattern, a file emailed as PDF', () => {
  assert.equal(plan('please put the poster heading in big capital letters: summer fete').target?.id, 'textUtilities.textCaseConverter');
  assert.equal(plan('need 2310.75 euros written out in words for the invoice').target?.id, 'textUtilities.numberToWords');
  assert.equal(plan('show the edits versus revision 3 of the policy text').target?.id, 'textUtilities.compareTexts');
  assert.equal(plan('the app crashes with Unexpected token ] in JSON at position 88, where is the error').target?.id, 'developerApis.jsonValidator');
  assert.equal(plan('my channel got 120 dollars for 60,000 views, what is the revenue per thousand').target?.id, 'youtubeTools.youtubeRpmCalculator');
  assert.equal(plan('will a screening robot reject my CV for this job ad? both pasted below').target?.id, 'textIntelligence.atsGap');
  const icons = plan('on Android the home screen shortcut to our site shows a blank icon');
  assert.ok(['seoApis.siteIconsChecker', 'site-icons-audit-job'].includes(icons.target?.id ?? ''), JSON.stringify(icons.target));
  assert.equal(plan('does ^[A-Z]{2}\\d{4}$ match AB1234 and A12345').target?.id, 'developerApis.regexTester');
  assert.equal(plan('the bank emailed my statement as PDF and I want it as plain text').target?.id, 'documents.pdfToTxt');
});

test('a goal written in another language bears twice as many words the catalog does not know (its own words); a job no tool does stays refused', () => {
  const password = plan('Buat password kuat 16 karakter tanpa simbol untuk akun kantor saya');
  assert.equal(password.target?.id, 'securityApis.securePasswordGenerator');
  assert.equal(password.input.length, 16, '"16 karakter" is a length, as "18 tekens" and "20 Zeichen" are');
  assert.equal(plan('Maak een sterk wachtwoord van 18 tekens').input.length, 18);
  assert.equal(plan('Bitte buche mir einen Tisch im Restaurant für heute Abend').status, 'unsupported');
});

test('values named by their field one after another ("source newsletter, medium email"), a password as people write one, "wide by … tall", a count a word or two before its noun', () => {
  const utm = plan('tag https://shop.example.org/spring for the mailing: source newsletter, medium email, campaign spring_sale');
  // (The campaign tracking workflow builds the same link and takes the same fields.)
  assert.ok(['marketingApis.utmBuilder', 'campaign-tracking-setup-job'].includes(utm.target?.id ?? ''), JSON.stringify(utm.target));
  assert.deepEqual([utm.input.source, utm.input.medium, utm.input.campaign], ['newsletter', 'email', 'spring_sale']);
  assert.equal(plan('is Tr0ub4dor&3 a decent password or will it get cracked').input.password, 'Tr0ub4dor&3');
  const size = plan('the banner is 1500 wide by 500 tall, is that right for an X header');
  assert.deepEqual([size.input.width, size.input.height], [1500, 500]);
  assert.equal(plan('5 time-ordered UUIDs (v7) for the fixtures').input.count, 5);
});

test('a conversion asked in another language: compounds ("PDF-Datei", "Word-filen"), Turkish case endings ("Word\'e", "Excel\'den"), "in ein", "naar een", "till", "para"', () => {
  const cases: Array<[goal: string, from: string, to: string]> = [
    ['Konvertiere die PDF-Datei bitte in eine Word-Datei', 'pdf', 'docx'],
    ["Bu Excel'den CSV'ye aktarır mısın", 'xlsx', 'csv'],
    ["şu PDF'yi Word'e çevir", 'pdf', 'docx'],
    ['Zet de notulen om naar een PDF-bestand, ze staan in Word', 'docx', 'pdf'],
    ['Spara Excel-filen till CSV', 'xlsx', 'csv'],
    ['Converta o arquivo Markdown para HTML', 'md', 'html'],
  ];
  for (const [goal, from, to] of cases) assert.deepEqual(conversionIntentOf(goal), { from, to }, goal);
  assert.equal(plan('Konvertiere die PDF-Datei bitte in eine Word-Datei').target?.id, 'documents.pdfToDocx');
  // English words after a hyphen or an apostrophe are no case ending: "json-ld" is structured data, "pdf's" a possessive.
  assert.equal(conversionIntentOf("the pdf's fonts"), undefined);
});

test('"compress this photo" names Compress image (a photo is an image); a file named in another language is a file ("comprimi questa immagine")', () => {
  for (const goal of ['compress this photo', 'compress my pictures before I upload them', 'comprimi questa immagine', 'kecilkan foto ini'])
    assert.equal(plan(goal).target?.id, 'convertors.compressImage', goal);
});

test('"on-page SEO" is the analysis of what is on the page, not the audit that also measures its speed (unless speed is asked for)', () => {
  assert.equal(plan("how's the on-page seo of https://florist.example/weddings").target?.id, 'seoTools.analyze');
  assert.equal(plan('single page seo check for https://florist.example please').target?.id, 'seoTools.analyze');
  assert.equal(plan('on-page seo and load speed of https://florist.example in one score').target?.id, 'full-seo-audit');
});

test('beside a marker of another language, "to" is that language\'s word ("kane afto to xlsx se csv", "zamień to docx na pdf")', () => {
  assert.deepEqual(conversionIntentOf('kane afto to xlsx se csv'), { from: 'xlsx', to: 'csv' });
  assert.deepEqual(conversionIntentOf('zamień to docx na pdf'), { from: 'docx', to: 'pdf' });
  assert.deepEqual(conversionIntentOf('convert the docx to pdf'), { from: 'docx', to: 'pdf' });
});

test('the same job for the format the goal names: "pretty print" of XML or SQL is not the JSON formatter\'s', () => {
  // (A config is also what the format-and-transform workflow is for: it formats the XML it is given.)
  assert.ok(['developerApis.xmlFormatter', 'dev-format-transform-job'].includes(plan('pretty print the xml config, indent 4').target?.id ?? ''));
  assert.equal(plan('pretty print my xml settings with tab indent').target?.id, 'developerApis.xmlFormatter');
  assert.equal(plan('pretty-print the sql query with 4 space indent').target?.id, 'developerApis.sqlFormatter');
  assert.equal(plan('pretty print this json with 2 spaces').target?.id, 'developerApis.jsonFormatter');
});

test("a part that names an input of another part's tool still asks for its own tool unless it holds a value: subject line and spam words are the e-mail QA workflow", () => {
  assert.equal(plan('grade the subject line and scan the body for spammy words').target?.id, 'email-campaign-qa-job');
  // ("got 1250 clicks" only hands the CPC calculator its clicks.)
  assert.equal(plan('cost per click if i spent 500 and got 1250 clicks').target?.id, 'marketingApis.cpcCalculator');
});

test('units named in other languages are the converters\' units ("12 Fuß in Metern", "3 hektary", "30 cm" in "tum", "26 miglia")', () => {
  const feet = plan('Wie viel sind 12 Fuß in Metern?');
  assert.equal(feet.target?.id, 'unitConversions.lengthConverter');
  assert.deepEqual([feet.input.value, feet.input.from, feet.input.to], [12, 'feet', 'meters']);
  assert.equal(plan('kolik akrů je 3 hektary?').target?.id, 'unitConversions.areaConverter');
  assert.equal(plan('Hur många tum är 30 cm?').target?.id, 'unitConversions.lengthConverter');
  assert.equal(plan('Quanti chilometri sono 26 miglia?').input.from, 'miles');
});

test('"summarise" in other languages asks the AI text tool for a summary ("Riassumi questo articolo", "Sammanfatta texten", "Tiivistä tämä teksti")', () => {
  assert.equal(plan('Riassumi questo articolo in tre frasi: testo qui').target?.id, 'aiModels.textAi');
  assert.equal(plan('Sammanfatta texten i tre meningar: texten nedan').target?.id, 'aiModels.textAi');
  assert.equal(plan('Tiivistä tämä teksti kolmeen lauseeseen: teksti alla').target?.id, 'aiModels.textAi');
});

test('the request after a colon, a pronoun read as the goal\'s format ("is it valid JSON, indent it, then a Zod schema"); "I translated", "legal JSON" and "didn\'t track changes" are no refusals', () => {
  assert.equal(plan('config review: is it valid JSON, indent it nicely, then derive a Zod schema').target?.id, 'dev-json-pipeline-job');
  assert.equal(plan('turn my yaml into json and then pretty print it').target?.id, 'developerApis.yamlToJson', 'the first step of a chain');
  assert.equal(
    plan('the paragraph I translated came back edited by the client, which words changed between mine and theirs?').target?.id,
    'textUtilities.compareTexts',
  );
  assert.equal(plan('is it legal JSON? {"a": 1}').target?.id, 'developerApis.jsonValidator');
  assert.equal(outOfScope("they didn't track changes, so what did they change between the two versions?"), undefined);
  assert.ok(outOfScope('accept all tracked changes in contract.docx'));
  assert.ok(outOfScope('translate this paragraph into German'));
});

test('the one image format a goal has ("these .heic photos won\'t open") is its source: JPG, which every program opens, not the converter to HEIC', () => {
  assert.equal(plan("my laptop can't open these .heic photos").target?.id, 'convertors.toJpg');
  assert.equal(plan("windows won't open heic files").target?.id, 'convertors.toJpg');
  assert.equal(plan('convert this photo to heic').target?.id, 'convertors.toHeic');
  assert.equal(plan('I need a heic version of this photo').target?.id, 'convertors.toHeic');
});

test('the words of more languages: Greek (in its letters or romanised), Chinese and Japanese written without spaces, Vietnamese words of two syllables, Polish, Czech, Turkish and romanised Russian', () => {
  const certificate = plan('elegxe to pistopoiitiko SSL gia to example.gr');
  assert.equal(certificate.target?.id, 'securityApis.sslTlsCertificateChecker');
  assert.deepEqual(englishOf('έλεγξε το πιστοποιητικό'), ['check', 'certificate']);
  assert.equal(plan('帮我压缩这张图片').target?.id, 'convertors.compressImage');
  assert.equal(plan('このテキストの単語を数えて').target?.id, 'textUtilities.textStats');
  assert.equal(plan('kiểm tra mật khẩu này có mạnh không: Hoa2024').target?.id, 'securityApis.passwordStrengthChecker');
  assert.equal(plan('zrób kod QR do https://sklep.example.pl').target?.id, 'marketingApis.qrCodeGenerator');
  assert.equal(plan('Kolik slov má tahle esej?').target?.id, 'textUtilities.textStats');
  assert.equal(plan('Bu PDF dosyasından metni çıkar').target?.id, 'extract.extract');
  const mass = plan('skolko funtov v 72 kilogrammah?');
  assert.equal(mass.target?.id, 'unitConversions.massConverter');
  assert.deepEqual([mass.input.value, mass.input.from], [72, 'kilograms']);
});

test('a job no tool does is refused in another language as in English: merging PDFs ("unisci questi pdf"), not combining photos into one', () => {
  assertUnsupported(['unisci questi tre pdf in un unico file', 'junte estes dois pdfs num só']);
  assert.equal(plan('połącz te zdjęcia w jeden plik PDF').target?.id, 'convertors.imageToPdf');
});

test('after a step that makes something, a pronoun is that thing ("create a test JWT …, then decode it": the JWT, not Base64); why a step is asked ("so we can see …") is no step', () => {
  assert.equal(plan('create a test JWT from these claims and my secret, then decode it').target?.id, 'dev-auth-debug-job');
  assert.equal(
    plan('sign a throwaway token with our claims and the shared secret, then decode it so we can see what the header looks like').target?.id,
    'dev-auth-debug-job',
  );
  const cron = plan('generate a cron expression for weekdays at 7:30, then explain it in plain words');
  assert.deepEqual(
    cron.chain?.map((s) => s.operationId),
    ['developerApis.cronExpressionGenerator', 'developerApis.cronExpressionParser'],
  );
});

test('a request of a verb and the tool\'s name, with the values after a colon or quoted, runs ("calculate vat: 100 at 20%", "reverse \'abc def\'"); "post this tweet now: …" stays refused', () => {
  for (const [goal, id] of [
    ['calculate vat: 100 at 20%', 'calculators.vatCalculator'],
    ['calculate discount: 80 with 25% off', 'calculators.discountCalculator'],
    ['calculate ctr: 230 clicks for 15,000 impressions', 'marketingApis.ctrCalculator'],
    ['calculate roas: spent 500, revenue 2000', 'marketingApis.roasCalculator'],
  ] as const) {
    const planned = plan(goal);
    assert.equal(planned.status, 'planned', goal);
    assert.equal(planned.target?.id, id, goal);
  }
  assert.equal(plan("post this tweet now: we're live!").status, 'unsupported');
  // (A word of the tool's title opens it, the text to work on quoted.)
  assert.equal(plan("reverse 'abc def'").target?.id, 'textUtilities.reverseText');
});

test('one word that names a tool is not enough when it explains a third of the goal or less: "mark the year 8 mock papers in the pile on my desk" is no markup', () => {
  const marking = plan('mark the year 8 mock papers in the pile on my desk');
  assert.ok(marking.status === 'suggest' || marking.status === 'unsupported', marking.status);
  assert.equal(plan('what is the markup if it cost 40 and sells for 65').target?.id, 'calculators.markupCalculator');
});

test('a step of a chain is the conversion in its last clause ("there is no direct converter, so go PDF to HTML first, then …"); "decode and inspect the output" of a JWT just signed is the auth-debugging workflow', () => {
  const markdown = plan('the handbook has to become Markdown and there is no direct converter, so go PDF to HTML first, then HTML to Markdown');
  // (Either HTML-to-Markdown twin is the second step: web.htmlToMd and documents.htmlToMd do the same job.)
  const [first, second] = markdown.chain?.map((s) => s.operationId) ?? [];
  assert.equal(first, 'documents.pdfToHtml');
  assert.ok(second === 'documents.htmlToMd' || second === 'web.htmlToMd', String(second));
  assert.equal(plan('smoke test for login: sign a JWT with these claims and my secret, then decode and inspect the output').target?.id, 'dev-auth-debug-job');
});

test('"my launch post" is a post, not posting it; "will LinkedIn crop it?" asks what a network does, not to crop; posting and cropping stay refused', () => {
  assert.notEqual(plan('will my launch post fit on linkedin without being truncated?').status, 'unsupported');
  assert.equal(plan('my banner is 1584 by 396 pixels, will linkedin crop it on a phone?').target?.id, 'marketingApis.socialImageSizeValidator');
  assertUnsupported(['post my photo on instagram', 'crop this photo to a square']);
});

test('"second-hand" is used, not a unit of time; "borrowing … at 8% APR" is a loan; "dezip" unzips', () => {
  assert.equal(
    plan('looking at a second-hand hatchback: borrowing 9000 at 8% APR over 3 years, what would I pay each month').target?.id,
    'calculators.emiCalculator',
  );
  assert.equal(plan('dezip photos-2024.zip please').target?.id, 'convertors.zipExtract');
  assert.equal(plan('convert 90 seconds to minutes').target?.id, 'unitConversions.timeConverter');
});

test('a Base64 text pasted with its padding is decoded; "80% power" and "how much traffic does each version need" size an A/B test; "old page / new page" visitors and "winner or just luck" test one', () => {
  assert.equal(plan('what does VGhlIGNha2UgaXMgcmVhZHk= say in plain text').target?.id, 'developerApis.base64EncoderDecoder');
  assert.equal(
    plan('signup converts at 5%; to catch a one-point lift with 80% power, how much traffic does each version need').target?.id,
    'marketingApis.abTestSampleSizeCalculator',
  );
  assert.equal(
    plan('original checkout: 5,200 visitors 260 orders, redesigned checkout: 5,050 visitors 301 orders, is it a winner or just luck?').target?.id,
    'marketingApis.abTestSignificanceCalculator',
  );
});

test('"the %-escaped version" is URL encoding; Greek ΦΠΑ (FPA) is VAT, Japanese 華氏 Fahrenheit, Swahili "maili" and "kilomita" miles and kilometres; a PDF a supplier "emails" is the source', () => {
  assert.equal(plan('what is the %-escaped version of café crème for a link').target?.id, 'developerApis.urlEncoderDecoder');
  assert.equal(plan('Ypologise to FPA 13% pano se 80 evro').target?.id, 'calculators.vatCalculator');
  assert.equal(plan('20度は華氏で何度ですか').target?.id, 'unitConversions.temperatureConverter');
  assert.equal(plan('badilisha maili 10 kuwa kilomita').target?.id, 'unitConversions.lengthConverter');
  assert.equal(plan('the supplier only emails the order form as a PDF; could you turn it into an editable Word .docx?').target?.id, 'documents.pdfToDocx');
});

test('a pasted user-agent string ("Dalvik/2.1.0 (Linux; U; Android 12; …)") is found by discover_tools as one', () => {
  const found = discover(
    catalog,
    'our logs show lots of hits from Dalvik/2.1.0 (Linux; U; Android 12; SM-G991B Build/SP1A.210812.016) - which device is that',
    { limit: 3 },
  );
  assert.equal(found[0]?.item.id, 'developerApis.userAgentParser');
});

test('jobs no tool does: splitting a PDF, moving to a new phone, a banking app, repairs; a format no tool makes ("save the logo as a BMP") is refused, not routed to a near miss', () => {
  assertUnsupported([
    'break the manual apart into separate PDFs, one per section',
    'transfer my photos to the new iphone',
    'log this 45 euro expense in my banking app',
    'fix the leaking boiler in flat 2',
    'backup.zip is corrupted, recover the files inside',
    'save the logo as a BMP for the old cutter',
  ]);
  assert.equal(plan('categorise this expense: 45 euro taxi to the airport').target?.id, 'textIntelligence.expenseCategorizer');
  assert.equal(plan('save the logo as a png').target?.id, 'convertors.toPng');
});

test('"a to z" is alphabetical order and "drop the repeats" removes duplicate lines (not the "[A-Z]" of a pattern); "median" in a list of words is a word, not statistics', () => {
  assert.equal(
    plan('club members are below one per line - put them a to z and drop the repeats, some people joined twice').target?.id,
    'textUtilities.sortLines',
  );
  assert.equal(plan('alphabetize these words for the quiz: apple median zebra kiwi').target?.id, 'textUtilities.sortWords');
  assert.equal(plan('what is the median of 3, 8, 12 and 40').status, 'unsupported');
  assert.equal(plan('does ^[A-Z]{2}\\d{3}$ match AB123? test it').target?.id, 'developerApis.regexTester');
});

test('"the total for an order" is an order of the user\'s customer, not ordering; "before we stop losing money" is a break-even point', () => {
  assert.equal(plan('total for an order: 2 posters at $30 and 3 cards at $4, shipping $6').target?.id, 'calculators.invoiceTotalCalculator');
  assert.equal(
    plan('club fundraiser: fixed costs 600, each mug costs 5 and we sell at 12. how many mugs before we stop losing money').target?.id,
    'calculators.breakEvenCalculator',
  );
  assert.equal(plan('order 500 printed flyers for the fair').status, 'unsupported');
});

test('"z.object schemas" names a zod schema as "z.object()" does', () => {
  assert.match(withPastedKinds('make z.object schemas out of this sample payload'), /zod schema/);
});

test('a number with spaces between its thousands ("15 000 impressions", as French or Swedish write it) is one number', () => {
  const ctr = plan('ctr for 230 clicks and 15 000 impressions');
  assert.deepEqual([ctr.input.clicks, ctr.input.impressions], [230, 15000]);
  assert.equal(plan('Calcule le taux de clics : 230 clics pour 15 000 impressions').input.impressions, 15000);
});

test('a quantity with spaces between its thousands ("1 500 meters", "2 340 minutes") is the whole number', () => {
  const length = plan('convert 1 500 meters to miles');
  assert.deepEqual([length.input.value, length.input.from, length.input.to], [1500, 'meters', 'miles']);
  assert.equal(plan('how many hours is 2 340 minutes').input.value, 2340);
});

test('a number written with dots between its thousands and a decimal comma ("1.299,99 €", "1.250,5 km") is read as it is meant', () => {
  assert.equal(plan('Rabatt 25 % auf 1.299,99 €').input.price, 1299.99);
  assert.equal(plan('1.250,5 km in Meilen').input.value, 1250.5);
  assert.equal(plan('discount 15% on 84.20').input.price, 84.2);
});

test('"degrees" before a temperature scale only says it is a temperature: the scale is the unit', () => {
  assert.deepEqual(plan('convert 30 degrees celsius to fahrenheit').input, { value: 30, from: 'celsius', to: 'fahrenheit' });
  assert.deepEqual(plan("it's 20 degrees fahrenheit, in celsius?").input, { value: 20, from: 'fahrenheit', to: 'celsius' });
  assert.deepEqual(plan('45 degrees to radians').input, { value: 45, from: 'degrees', to: 'radians' });
});

test('a quantity in two units, the larger first ("5 feet 11 inches", "3h 20m", "11 stone 4", "7 lb 8 oz"), is the amount in the smaller one', () => {
  const height = plan('5 feet 11 inches in cm');
  assert.deepEqual([height.input.value, height.input.from, height.input.to], [71, 'inches', 'cm']);
  assert.deepEqual([plan('convert 3h 20m to minutes').input.value, plan('convert 3h 20m to minutes').input.from], [200, 'minutes']);
  assert.deepEqual([plan('he weighs 11 stone 4, in kg').input.value, plan('he weighs 11 stone 4, in kg').input.from], [158, 'pounds']);
  assert.deepEqual([plan('7 lb 8 oz in grams').input.value, plan('7 lb 8 oz in grams').input.from], [120, 'ounces']);
  assert.equal(plan('convert 5 feet to meters').input.value, 5);
});

test('"4k" after "low res" is no temperature: a unit symbol is not the plural of one letter ("res" is no Rankine); "10 kgs to lbs" still converts', () => {
  assert.equal(plan('upscale this low res photo to 4k').status, 'unsupported');
  const mass = plan('convert 10 kgs to lbs');
  assert.deepEqual([mass.target?.id, mass.input.value, mass.input.from, mass.input.to], ['unitConversions.massConverter', 10, 'kg', 'lbs']);
});

test('someone\'s inbox, Dropbox or Google Docs, and another account\'s follower count are "unsupported"; a text pasted from Google Docs is still worked on', () => {
  assertUnsupported([
    'convert this word doc to a google doc',
    'upload this file to my dropbox',
    'sort my gmail inbox by sender',
    'unsubscribe me from all newsletters',
    'how many followers does @nasa have',
  ]);
  assert.equal(plan('copied this from google docs and every line ends with a break, make it one paragraph').target?.id, 'textUtilities.removeLineBreaks');
  assert.equal(plan('engagement rate for 340 likes and 12 comments, how many followers do i need for 5%').target?.id, 'marketingApis.engagementRateCalculator');
});

test('a converter\'s note on spellings ("°C for C") names no unit of it: 40°C with "turn" is no angle', () => {
  assert.deepEqual(
    unitCandidates(catalog.items, 'turn the heater up so the room reaches 40°C').map((item) => item.id),
    [],
  );
  assert.deepEqual(
    unitCandidates(catalog.items, 'oven says 180 C, the recipe uses F').map((item) => item.id),
    ['unitConversions.temperatureConverter'],
  );
});

test('bookings and deposits, paging and telling someone, reports to the council, queries run on a database, password lists, whole-site crawls, search positions, live prices, refunds through a service, thermostats, seed phrases, scam sites, alt text from what a photo shows, inlined CSS and imposed booklets are "unsupported"', () => {
  assertUnsupported([
    'book Sam in for a haircut on friday and take a £20 deposit',
    'page the on-call engineer and tell him that the database is down',
    'report the broken streetlight on Mill Lane to the council',
    'run this against the production database and tell me the count: SELECT count(*) FROM users',
    'try the rockyou wordlist on our staging login and tell me which creds work',
    'crawl all 500 pages of example.com and list every heading',
    "what position is example.com in google for 'plumber leeds'",
    'price of copper today?',
    'refund the last order through stripe',
    'turn the office thermostat down to 19°C',
    'generate a 24-word seed phrase for my wallet',
    'is this site a scam or legit? http://free-prizes.example',
    'write alt text for each picture on https://example.com based on what is in the picture',
    'inline the css of this newsletter html into style attributes',
    'make the programme into a folded booklet, imposed for the printer',
  ]);
  assert.equal(plan('turn icon.png into a base64 data uri to inline in my css').target?.id, 'convertors.toBase64');
  assert.equal(plan('typescript interfaces for this, call the root class Invoice: {"id":1,"total":9.5}').target?.id, 'developerApis.jsonToTypescript');
});

test('a quote may hold an apostrophe ("\'Why Britain\'s Farms Quit\'"), and goes to the field the goal names ("title"); a tool that requires nothing is sure of the numbers the goal gives its options', () => {
  const title = plan("will 'Why Britain's Small Farms Quit' work as a youtube title?");
  assert.equal(title.target?.id, 'youtubeTools.youtubeTitleOptimizer');
  assert.equal(title.input.title, "Why Britain's Small Farms Quit");
  const passwords = plan('30 passwords for the new starters, 12 characters each, and leave out the lookalike ones like l and 1');
  assert.deepEqual(
    [passwords.target?.id, passwords.status, passwords.input.count, passwords.input.length],
    ['securityApis.securePasswordGenerator', 'planned', 30, 12],
  );
});

test('pasted SQL with functions in its columns, JavaScript, and a crawler\'s User-Agent are read as what they are; "loaded over plain http" is mixed content; "what sort of" sorts nothing', () => {
  assert.equal(
    plan('tidy this up for review: select a.id, count(b.id) as n from a join b on a.id = b.a_id group by a.id').target?.id,
    'developerApis.sqlFormatter',
  );
  assert.equal(plan('format this with prettier: const x={a:1,b:[2,3]};export default x').target?.id, 'developerApis.jsFormatter');
  const bot = plan('who is this bot: AhrefsBot/7.0 (+http://ahrefs.com/robot/)');
  assert.deepEqual([bot.target?.id, bot.input.userAgent], ['developerApis.userAgentParser', 'AhrefsBot/7.0 (+http://ahrefs.com/robot/)']);
  assert.equal(plan('are any images on https://shop.example/cart still loaded over plain http').target?.id, 'seoApis.mixedContentChecker');
  assert.notEqual(plan('what sort of things can you do with files').target?.id, 'textUtilities.sortLines');
});

test('"go via epub": the format to go through is neither end of the conversion', () => {
  const via = plan('the e-reader needs azw3 but the book is fb2, maybe go via epub?');
  assert.equal(via.target?.id, 'ebook.fb2ToEpub');
});

test('the words after the ones that name the tool are its text ("base64 encode hello", "uppercase hello world"), not a reference ("reverse this text"), and no reason to pick it ("go ahead with …" is no Go)', () => {
  const encoded = plan('base64 encode hello');
  assert.deepEqual([encoded.target?.id, encoded.status, encoded.input.text], ['developerApis.base64EncoderDecoder', 'planned', 'hello']);
  const upper = plan('uppercase good morning everyone');
  assert.deepEqual([upper.target?.id, upper.input.text], ['textUtilities.textCaseConverter', 'good morning everyone']);
  assert.equal(plan('reverse this text').input.text, undefined);
  assert.ok(!plan('go ahead with the thing from before').wouldExecute);
});

test('a field for a percentage takes no sum written beside its name: "hourly rate for 60000 a year" is no tax rate of 60000', () => {
  const hourly = plan('hourly rate for 60000 a year');
  assert.notEqual(hourly.input.taxRate, 60000);
  assert.equal(plan('vat rate 20 on 150').input.rate, 20);
});

test('"make a zip of these files" packs a ZIP; "how many cups in a liter" converts one liter', () => {
  assert.equal(plan('make a zip of these three files').target?.id, 'convertors.folderToZip');
  assert.deepEqual(plan('how many cups in a liter').input, { value: 1, from: 'liter', to: 'cups' });
  assert.deepEqual(plan('how many feet are in a mile').input, { value: 1, from: 'mile', to: 'feet' });
});

test('two quoted texts to compare are text1 and text2; a text pasted after the question about it is the text', () => {
  const diff = plan("what's the difference between 'the cat sat' and 'the cat sits'");
  assert.deepEqual([diff.target?.id, diff.input.text1, diff.input.text2], ['textUtilities.compareTexts', 'the cat sat', 'the cat sits']);
  const post = plan('i wrote this intro for my blog, is it readable enough? We make soap by hand in small batches from olive oil and goat milk.');
  assert.equal(post.input.text, 'We make soap by hand in small batches from olive oil and goat milk.');
});

test('a choice named in another language is that choice ("a mayúsculas": upper); a length in letters of other alphabets is a length ("20 znaków")', () => {
  assert.deepEqual(plan('pon este título en mayúsculas: ofertas de verano').input, { case: 'upper', text: 'ofertas de verano' });
  assert.equal(plan('wygeneruj hasło 20 znaków').input.length, 20);
});

test('"to" in the goal\'s language names the unit converted to, when the converter takes it ("a kilómetros", "na kilogramy")', () => {
  assert.deepEqual(plan('convierte 10 millas a kilómetros').input, { value: 10, from: 'miles', to: 'kilometers' });
  assert.deepEqual(plan('przelicz 100 funtów na kilogramy').input, { value: 100, from: 'pounds', to: 'kilograms' });
});

test('return on investment and a lifetime value worked out from its parts are "unsupported" (no calculator here has them); return on ad spend is the ROAS calculator, a lifetime value given is the CAC calculator\'s', () => {
  assert.equal(plan('roi if i spent 2000 and earned 5400').status, 'unsupported');
  assert.equal(plan("what's our customer lifetime value if people spend 40 per order, 5 orders a year, for 3 years").status, 'unsupported');
  assert.equal(plan('customer acquisition cost: 5000 marketing spend, 40 new customers, ltv is 300').target?.id, 'marketingApis.cacCalculator');
  assert.equal(plan('roas: spent 2000 on ads, earned 5400').target?.id, 'marketingApis.roasCalculator');
});

test('payment terms ("net 45"), an A/B test as conversions over visitors ("control 120/2400"), and the period of an amount ("25 an hour"; not the one it is converted to, "to hourly") are read', () => {
  assert.equal(plan('when is it due, net 45 from 2026-03-01').input.terms, 'net 45');
  const ab = plan('is it significant? control 120/2400 vs variant 150/2300');
  assert.deepEqual([ab.input.controlConversions, ab.input.controlVisitors, ab.input.variantConversions, ab.input.variantVisitors], [120, 2400, 150, 2300]);
  assert.deepEqual(plan('i make 25 an hour, what is that annually').input, { period: 'hourly', amount: 25 });
  assert.deepEqual(plan('salary 52000 per year to hourly').input, { amount: 52000 });
});

test('a unit after a number and "an" or "per" is what a rate is counted in ("3 hours at 85 an hour"), no unit to convert to', () => {
  assert.notEqual(plan('invoice total: 3 hours at 85 an hour plus 20% vat').target?.id, 'unitConversions.timeConverter');
  assert.equal(plan('oven says 180 C, the recipe uses F').target?.id, 'unitConversions.temperatureConverter');
});

test('"test regex ^a.*z$ against abcz": the pattern, then the text; markup after a colon keeps its links (an attribute\'s value is no quote)', () => {
  assert.deepEqual(plan('test regex ^a.*z$ against abcz').input, { pattern: '^a.*z$', text: 'abcz' });
  assert.equal(plan('find all links in this html: <a href="https://a.com/x">x</a>').input.html, '<a href="https://a.com/x">x</a>');
  assert.equal(plan('run(reverse_text, text="desserts")').input.text, 'desserts');
});

test('"sha256 hello", "md5 banana": a short goal of a tool\'s choice and its text runs it; "hash browns recipe" names no choice and stays a suggestion', () => {
  const sha = plan('sha256 hello');
  assert.deepEqual([sha.target?.id, sha.status, sha.input.algorithm, sha.input.text], ['securityApis.hashGenerator', 'planned', 'sha256', 'hello']);
  assert.deepEqual(plan('md5 password123').input, { algorithm: 'md5', text: 'password123' });
  assert.notEqual(plan('hash browns recipe').status, 'planned');
});

test('powers and roots, a GIF made of several photos and a QR code whose link changes later are "unsupported"; one image to GIF is converted', () => {
  assertUnsupported([
    "what's 3 to the power of 8",
    'square root of 2025 please',
    'animate a gif out of these 12 pics',
    'i want a qr code that changes its url next month',
  ]);
  assert.equal(plan('convert logo.png to gif').target?.id, 'convertors.toGif');
});

test('a date, ISO or written with its month\'s name ("4 July 1976", "July 4, 1976"), is what the timestamp converter converts (it read the current time); "31 feb" is no date', () => {
  assert.equal(plan('what day of the week was 14 march 1879').input.value, '1879-03-14');
  assert.equal(plan('convert 2024-03-01 to a unix timestamp').input.value, '2024-03-01');
  assert.equal(plan('invoice dated March 3, 2026 on net 30, when is it due').input.invoiceDate, '2026-03-03');
  assert.equal(plan('31 feb 2024 to a unix timestamp').input.value, undefined);
});

test('a file named with an extension the converters know ("deck.pptx", "book.fb2") is no domain to fetch; files bundled "into one zip" are packed', () => {
  const slides = plan('turn deck.pptx into images');
  assert.deepEqual([slides.target?.id, slides.input.url], ['office.pptxToImages', undefined]);
  assert.equal(plan('bundle a.pdf, b.csv and c.pptx into one zip').target?.id, 'convertors.folderToZip');
});

test('a file with DRM, behind a password or damaged is "unsupported" even when the conversion is stated; a DRM-free book is converted', () => {
  assertUnsupported(['convert kindle book with drm to pdf', 'convert this password protected pdf to word', 'unzip this corrupted archive']);
  assert.equal(plan('turn my drm-free epub into mobi').target?.id, 'ebook.epubToMobi');
});

test('paywalls, lost phones, callers, one\'s own IP, quotes and forecasts, keys to other services, growing accounts, frames of a video and DNS at a provider are "unsupported"', () => {
  assertUnsupported([
    'bypass the paywall on this nyt article',
    'find out who owns this phone number 555-123-4567',
    'find my lost phone',
    'whats my ip',
    'estimate my car insurance',
    "what's the cheapest electricity plan in my area",
    "analyze my competitors' ad spend",
    'whats the exchange rate gonna be next week',
    'get me an api key for openai',
    'negotiate my salary for me',
    'make my site gdpr compliant',
    'get more likes on my tiktok',
    'automatically post my blog to medium',
    'make a gif from this video',
    'set up dkim for my domain in cloudflare',
    'scan this document with my camera',
    'rewrite this paragraph so ai detectors dont catch it',
  ]);
  // The tools these sound like still run on what is given.
  assert.equal(plan('is 10.0.0.5 inside 10.0.0.0/24').target?.id, 'developerApis.ipAddressTools');
  assert.equal(plan('check spf, dkim and dmarc for example.com').target?.id, 'securityApis.spfDkimDmarcChecker');
  assert.equal(plan('convert this png to a gif').target?.id, 'convertors.toGif');
});

test('a tool that needs one of two optional fields asks for them rather than planning a call its schema refuses; a date is no value of an enum such as dateOrder', () => {
  const bare = plan('categorize my expenses');
  assert.equal(bare.status, 'need_input', `${bare.status} ${JSON.stringify(bare.input)}`);
  assert.deepEqual(bare.missingInputs, ['text or csv']);
  const pasted = plan('categorize these expenses: 2024-03-05 Starbucks 4.50, 2024-03-06 uber 12');
  assert.equal(pasted.target?.id, 'textIntelligence.expenseCategorizer');
  assert.equal(pasted.input?.text, '2024-03-05 Starbucks 4.50, 2024-03-06 uber 12');
  assert.equal(pasted.input?.dateOrder, undefined);
});

test('past spending asked with no figures, forwarding mail, a car\'s fault, animating a logo and 3D printing are "unsupported"; an animated GIF is converted', () => {
  assertUnsupported([
    'how much did i spend on amazon last month',
    "what's wrong with my car engine noise",
    'animate this logo',
    '3d print this model',
    'forward all my emails to my new address',
  ]);
  assert.equal(plan('animated gif to png').target?.id, 'convertors.toPng');
});

test("a value read from the goal is sent as its field takes it: a unit of several words, an enum's own case, a percentage as a fraction; a value the field refuses is asked for instead", () => {
  const input = (goal: string) => plan(goal).input ?? {};
  // Unit names of several words, as the converters take them (their own `from`/`to` fields are the judge).
  assert.deepEqual(input('5 gallons per minute in liters per second'), { value: 5, from: 'gallons per minute', to: 'liters per second' });
  assert.equal(input('29.92 inches of mercury in hPa').from, 'inches of mercury');
  assert.equal(input('8 US gallons to litres').from, 'gallons');
  // "GiB" as written, not "gib" (gibibit or gibibyte); "PUT", not "put".
  assert.equal(input('how many GiB is a 256 GB card').to, 'GiB');
  assert.equal(input('curl for a PUT to https://api.example.com/x').method, 'PUT');
  // Statistical power is a fraction: "80% power" is 0.8.
  assert.equal(input('sample size with 80% power and 5% baseline').power, 0.8);
  // An invoice's number is no VAT rate (0–100): left out, so the plan asks for the rate.
  assert.equal(input('debit note: we undercharged 200 plus VAT on invoice 4410').rate, undefined);
});

test("a quote right after a text field's name is that field's ('with secret …'), not the first text; after a choice's name ('sentence case …') it is still the text", () => {
  const jwt = plan("make a jwt for user 7 with secret 'abc123' using HS512");
  assert.equal(jwt.target?.id, 'developerApis.jwtGenerator');
  assert.deepEqual([jwt.input?.secret, jwt.input?.subject, jwt.input?.algorithm], ['abc123', undefined, 'HS512']);
  const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJlLWJ5dGVz';
  const verify = plan(`does this token verify with secret 's3cr3t'? ${token}`);
  assert.deepEqual([verify.target?.id, verify.input?.token, verify.input?.secret], ['securityApis.jwtSignatureVerifier', token, 's3cr3t']);
  const cased = plan("sentence case 'hello WORLD again'");
  assert.deepEqual([cased.input?.text, cased.input?.case], ['hello WORLD again', 'sentence']);
});

test('a field written as code writes it ("utm_source=newsletter"), a second IP address for the one looked for, and payment terms with an early-payment discount fill their fields', () => {
  const utm = plan('build a utm link for https://shop.example.com with utm_source=newsletter, utm_medium=email, utm_campaign=spring');
  assert.deepEqual([utm.input?.source, utm.input?.medium, utm.input?.campaign], ['newsletter', 'email', 'spring']);
  const ip = plan('does 10.0.0.0/22 include 10.0.3.7?');
  assert.deepEqual([ip.target?.id, ip.input?.address, ip.input?.contains], ['developerApis.ipAddressTools', '10.0.0.0/22', '10.0.3.7']);
  // "2/10 net 30" as the calculator reads it (its field description), not "net 30" without the discount.
  assert.equal(plan('invoice dated 2025-05-02, terms 2/10 net 30, when is it due').input?.terms, '2/10 net 30');
});

test('an A/B test written arm by arm in words gives each arm its own visitors and conversions', () => {
  const byLetter = plan('ab test: A went to 1500 people and got 45 orders, B went to 1480 and got 61 orders. is B significantly better?');
  const byAge = plan('old checkout: 3,000 visitors 90 orders; new checkout: 3,100 visitors 124 orders - is the new one better');
  for (const [p, expected] of [
    [byLetter, [1500, 45, 1480, 61]],
    [byAge, [3000, 90, 3100, 124]],
  ] as const) {
    assert.equal(p.target?.id, 'marketingApis.abTestSignificanceCalculator');
    assert.deepEqual([p.input?.controlVisitors, p.input?.controlConversions, p.input?.variantVisitors, p.input?.variantConversions], expected);
  }
});

test('words where the tool takes code are no code: "minify my stylesheet for production" asks for the CSS; pasted CSS and SQL are sent', () => {
  for (const goal of ['minify my stylesheet for production', 'format my query for readability']) {
    const p = plan(goal);
    assert.equal(p.status, 'need_input', `${goal} -> ${p.status} ${JSON.stringify(p.input)}`);
  }
  assert.equal(plan('minify this css: body { color: red; }').input?.css, 'body { color: red; }');
  assert.equal(plan('format this sql for me: select id, name from users where id = 1').input?.sql, 'select id, name from users where id = 1');
});

test('cost parts written each after its name are the list of costs; "buy … at" and "sell … for" are the cost and the price', () => {
  const priced = plan('price my soap batch: oils 2.40, lye 0.30, moulds and wrapping 0.85, then add 50% markup');
  assert.equal(priced.target?.id, 'calculators.costPlusPricingCalculator');
  assert.deepEqual(priced.input?.costs, [
    { name: 'oils', amount: 2.4 },
    { name: 'lye', amount: 0.3 },
    { name: 'moulds and wrapping', amount: 0.85 },
  ]);
  assert.equal(priced.input?.markup, 50);
  // One named amount is no list: the unit cost.
  assert.equal(plan('unit cost 6.50, add 30% markup, what price').input?.costs, undefined);
  const margin = plan('I buy second hand books at 1.50 and sell them online for 6, what margin is that');
  assert.deepEqual([margin.target?.id, margin.input?.cost, margin.input?.price], ['calculators.profitMarginCalculator', 1.5, 6]);
  const made = plan('each scarf costs me 9 to knit and I sell it at 25, margin?');
  assert.deepEqual([made.input?.cost, made.input?.price], [9, 25]);
});

test('an enum value of several words is named by all of them, in any order: "hex colours" is the preset hex-color', () => {
  const hex = plan('build me a regex for hex colours');
  assert.deepEqual([hex.target?.id, hex.input?.preset], ['developerApis.regexGenerator', 'hex-color']);
  assert.equal(plan('regex that checks iso dates').input?.preset, 'date-iso');
});

test('a tool that needs one of several inputs (registry/fields.ts oneOfFields) is planned asking for one of them, not called without', () => {
  for (const [goal, tool, group] of [
    ['is my promo mail going to trip spam filters', 'marketingApis.emailSpamWordChecker', 'text or html'],
    ['does our weekly digest email have a proper list-unsubscribe setup', 'marketingApis.emailUnsubscribeChecker', 'html or text or headers'],
    ['work out a cost-plus price for my candles, 45% markup', 'calculators.costPlusPricingCalculator', 'unitCost or costs'],
  ] as const) {
    const p = plan(goal);
    assert.deepEqual([p.target?.id, p.status, p.missingInputs], [tool, 'need_input', [group]], goal);
  }
  // Given one of them, the plan runs.
  assert.equal(plan("check this email for spam words: 'ACT NOW, 100% free, winner'").status, 'planned');
});

test('a secret written without quotes is the secret: "secret k9-local", "signed with k9-local", "k9-local as the key"; "signed with HS384" is the algorithm', () => {
  for (const goal of [
    'generate a jwt for my test user, role editor, secret k9-local',
    'create a token signed with k9-local that expires in 2h',
    'generate a jwt for staging with k9-local as the key',
  ]) {
    const p = plan(goal);
    assert.deepEqual([p.target?.id, p.input?.secret], ['developerApis.jwtGenerator', 'k9-local'], goal);
  }
  const algorithmOnly = plan('make a jwt signed with HS384 for my tests');
  assert.deepEqual([algorithmOnly.input?.algorithm, algorithmOnly.input?.secret], ['HS384', undefined]);
  assert.equal(plan('hmac-sha256 of ping with key zq81x').input?.secret, 'zq81x');
});

test('more money words: a listing price, a payout, "was"; an A/B test written as control and variant, conversions as "conv"', () => {
  const flipped = plan('bought a chair for 25 and listed it for 70, what markup is that');
  assert.deepEqual([flipped.target?.id, flipped.input?.cost, flipped.input?.price], ['calculators.markupCalculator', 25, 70]);
  const rpm = plan('youtube payout was 120 dollars on 60,000 views last month, what rpm is that');
  assert.deepEqual([rpm.target?.id, rpm.input?.revenue, rpm.input?.views], ['youtubeTools.youtubeRpmCalculator', 120, 60_000]);
  const test = plan('control had 2,500 visitors and 75 conv, variant 2,600 visitors and 98 conv. real difference?');
  assert.equal(test.target?.id, 'marketingApis.abTestSignificanceCalculator');
  assert.deepEqual(
    [test.input?.controlVisitors, test.input?.controlConversions, test.input?.variantVisitors, test.input?.variantConversions],
    [2500, 75, 2600, 98],
  );
});

test("a quote is a User-Agent only when it looks like one (products with versions, RFC 9110), so a client's words quoted do not run the parser", () => {
  for (const goal of ["The user wrote: 'fix it like before'. Nothing else.", "a user asked 'can you do the usual'"]) {
    const vague = plan(goal);
    assert.notEqual(vague.status, 'planned', `${goal} -> ${vague.target?.id} ${JSON.stringify(vague.input)}`);
    assert.equal(vague.input?.userAgent, undefined);
  }
  const ua = plan("which browser and OS is 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'");
  assert.deepEqual([ua.target?.id, ua.status], ['developerApis.userAgentParser', 'planned']);
});

test('a number beside a word only one field is named by ("rent", "fixed") is that field\'s before words several share ("cost")', () => {
  const p = plan('break even: studio rent of 1200 a month, each mug costs 3 to make and sells at 11');
  assert.equal(p.target?.id, 'calculators.breakEvenCalculator');
  assert.deepEqual([p.input?.fixedCosts, p.input?.variableCostPerUnit, p.input?.pricePerUnit], [1200, 3, 11]);
});

test('watching and alerting later, editing inside documents, acting on other systems, platform figures and base32 are "unsupported"; the checks now are not', () => {
  assertUnsupported([
    // Watching something and telling the user later.
    'keep an eye on https://shop.example/pricing and email us if the prices change',
    'ping me when the cert for api.example.org is about to expire',
    'send me a reminder a week before my domain expires',
    // Editing inside a document; several documents made one.
    'swap the font in thesis.docx for Times New Roman 12',
    'put page numbers on every page of handbook.pdf',
    'delete slide 4 from the sales deck pptx',
    'I have five pdfs from the scanner and I need them as one single pdf',
    // Acting on other systems with the user's access.
    'deploy this build folder to vercel',
    'block 198.51.100.7 in our firewall please',
    'launch a split test on the pricing page tomorrow',
    'export all our stripe payouts from last month',
    // Figures only the platforms have, and text read off a photo.
    'what songs are trending on instagram reels',
    'why is my ad rank so low on the brand campaign',
    'read the words off this photo of a whiteboard (board.jpg)',
    // An encoding no tool writes.
    'base58 encode this string: hello',
  ]);
  // The same words asking for what the tools do now still pick them.
  assert.equal(plan('check the ssl certificate of api.example.org, when does it expire?').target?.id, 'securityApis.sslTlsCertificateChecker');
  assert.equal(plan('convert handbook.pdf to a word document').target?.id, 'documents.pdfToDocx');
  assert.equal(plan('base64 encode this string: hello').target?.id, 'developerApis.base64EncoderDecoder');
  assert.equal(
    plan('how many visitors do I need to run an a/b test, baseline 4% conversion, 10% uplift').target?.id,
    'marketingApis.abTestSampleSizeCalculator',
  );
  assert.equal(outOfScope('before we deploy to production, check the security headers of https://x.example'), undefined);
});
