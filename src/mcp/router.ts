import { dataTokensOf, related, type Catalog, type CatalogItem, type RankedItem, type Ranking } from './catalog.ts';
import { feedField, partsOf, type ChainLink } from './chains.ts';
import {
  conversionCandidates,
  conversionIntentOf,
  convertsBackwards,
  formatsNamed,
  conversionPath,
  missingConversion,
  missingTarget,
  statesConversionTarget,
  unknownSource,
  unknownTarget,
} from './conversion-intent.ts';
import { FILE_KINDS, type FileKind } from '../files/kinds.ts';
import { byOperation, doesBothOperations, operationOf, operationOfItem, strictOperationOf } from './operation-intent.ts';
import { outOfScope, unopenableFile } from './unsupported.ts';
import { otherLanguage, otherOfKind } from './kinds-named.ts';
import { IN_SCOPE, learnedRoutingOf, OUT_OF_SCOPE, requestOf, type NaiveBayes } from './reranker.ts';
import { foreignQuantity, mismatchedUnits, unitCandidates, unknownUnit } from './units.ts';
import { afterNamingWords, figuresUnused, GUESSED_TEXT, refusedChoice, type Extracted } from './goal-values.ts';
import { isGenericStem, rememberedBy, stem, tokens, words } from './text.ts';
import { withPastedKinds } from './goal-phrases.ts';
import { englishOf, withoutForeignFunctionWords } from './lexicon.ts';
import { callInputFrom, factsOf, isPresent, missingInputs, quantityOf, resolveInputFrom, searchableGoal, withValueKinds } from './inputs.ts';

/**
 * From a plain-language goal to one target, or to an honest "not sure". A run executes only when the
 * match is clear: the best candidate covers the words of the goal that name something, and stands
 * clearly above the next different candidate. Otherwise the answer is `suggest` (free), with the
 * candidates to choose from; a clear target without its inputs is `need_input` (free); a job no tool here
 * does is `unsupported` (free), with the closest real capabilities.
 */
export type RouteAction = 'execute' | 'need_input' | 'suggest' | 'unsupported';

export interface RouteDecision {
  action: RouteAction;
  goal: string;
  target: CatalogItem | undefined;
  /** 0–1: how sure the router is of `target`. */
  confidence: number;
  input: Record<string, unknown>;
  /** The fields of `input` taken from the goal's text, with where each came from. */
  extracted: Record<string, Extracted>;
  /** Requirement groups still unmet (need_input): each lists fields of which one is needed. */
  missing: string[][];
  /** The other candidates, best first (different runs from the target). */
  alternatives: RankedItem[];
  /** The workflow analyses `input.html` / `input.text` locally (free) instead of fetching. */
  local: boolean;
  /** Why suggest (vague, ambiguous, nothing matched). */
  reason: string;
}

export interface RouteOptions {
  enhance?: boolean;
}

/** Confidence at or above which a run executes. */
export const EXECUTE_THRESHOLD = 0.45;

export function route(catalog: Catalog, goal: string, given: Record<string, unknown> = {}, options: RouteOptions = {}): RouteDecision {
  const decision = routeAlone(catalog, goal, given, options, true);
  // What the picked or suggested tool would refuse, asked of it: no tool here does that.
  const refusal = decision.target && Object.keys(given).length === 0 ? wouldRefuse(catalog, decision.target, firstStepOf(goal)) : undefined;
  if (refusal) return refused(decision, given, `No tool here does that: ${refusal}; the closest tools there are are listed, nothing was run.`);
  if (decision.action === 'need_input' && decision.target && Object.keys(given).length === 0 && figuresUnused(decision.target, firstStepOf(goal)))
    return {
      ...refused(decision, given, `The goal's figures are none of ${decision.target.title}'s inputs: say which calculation or tool is meant.`),
      action: 'suggest',
    };
  if ((decision.action !== 'execute' && decision.action !== 'need_input') || Object.keys(given).length > 0) return decision;
  // "write a robots.txt for my shop" meets the robots.txt checker, "decode the qr code in this photo" the QR code
  // generator: the goal asks to make what the tool only checks, or to read what it only makes.
  const wanted = strictOperationOf(firstStepOf(goal));
  const does = decision.target && operationOfRun(catalog, decision.target);
  if (decision.target && wanted && does && wanted !== does && !doesBothOperations(decision.target))
    return refused(
      decision,
      given,
      `No tool here does that: ${decision.target.title} ${does === 'create' ? 'makes' : 'checks'} such things; the closest tools there are are listed, nothing was run.`,
    );
  // A goal that reads like the ones no tool here does ("renew the ssl certificate on my server", "submit my tax
  // return"), far more than like the ones it does, is not the picked tool's job however many words they share.
  // (Unless it names the tool by every word of its title: "reverse a text for me" asks for Reverse text.)
  if (decision.target && namedByTitle(decision.target, withPastedKinds(firstStepOf(goal)))) return decision;
  // Nor a goal whose numbers complete the pick ("monthly payment on a 320,000 mortgage at 6.1% over 30 years"): it
  // states the tool's job by its inputs.
  const numbers = Object.values(decision.extracted).filter((e) => typeof e.value === 'number');
  if (decision.action === 'execute' && numbers.length >= 3) return decision;
  const request = requestOf(firstStepOf(goal));
  const { scope } = learnedRoutingOf(catalog);
  const ll = scope.logLikelihoods(request, [OUT_OF_SCOPE, IN_SCOPE]);
  if ((ll.get(OUT_OF_SCOPE) ?? 0) - (ll.get(IN_SCOPE) ?? 0) <= outOfScopeMargin(decision.confidence)) return decision;
  // Nor a request that is a verb and the tool's name, followed by the values it runs on ("calculate vat: 100 at 20%").
  if (decision.action === 'execute' && decision.target && namesOnly(catalog, decision.target, request)) return decision;
  // Unless the goal states a tool's job outright: "convert the signed contract from pdf to docx" is no e-signing.
  if (statesToolJob(catalog, firstStepOf(goal))) return decision;
  return refused(decision, given, 'The goal reads like a job no tool here does; the closest tools there are are listed, nothing was run.');
}

/**
 * Whether the request opens with a verb of any tool ("calculate", "check"), a word of the item's title ("reverse 'abc
 * def'") or a keyword it says whole ("detect the language of 'bonjour'": language detection), and its other naming
 * words are all words the item is named by (title, slug, keywords), as "vat" in "calculate vat"; not "post this tweet
 * now". (The values the request stands for, "quoted" or "20 characters", are no naming words.)
 */
function namesOnly(catalog: Catalog, item: CatalogItem, request: string): boolean {
  const named = request.replace(/\b(?:quoted|url|json|jwt token)\b|\b\d+\s*(?:char(?:acter)?s?|digits?|letters?)\b/gi, ' ');
  const [first] = tokens(named);
  if (first === undefined) return false;
  // (A keyword of two words or more, every word of it in the request: "language detection" in "detect the language of".)
  const said = new Set(tokens(named));
  const keyword = item.keywords.some((k) => {
    const words = tokens(k);
    return words.length >= 2 && words.includes(first) && words.every((w) => said.has(w));
  });
  if (!(isGenericStem(first) || tokens(item.title).includes(first) || keyword)) return false;
  const { ranked, meaningful, unknown } = catalog.rank(named);
  const top = ranked[0];
  return top?.item === item && meaningful.length > 0 && unknown.length === 0 && meaningful.every((t) => top.named?.includes(t));
}

/**
 * Whether every word of a tool's title of two or more words is in the goal ("Reverse text": "reverse a text for me"),
 * the noun for the kind of tool aside ("Broken link checker": "find every broken link on my blog"). Words joined by a
 * slash are alternatives, one of them is enough ("SSL/TLS certificate checker": "check the ssl certificate of …").
 */
function namedByTitle(item: CatalogItem, goal: string): boolean {
  if (item.kind !== 'tool') return false;
  const title = item.title
    .replace(/\([^)]*\)/g, ' ')
    .replace(TOOL_NOUNS, ' ')
    .split(/\s+/)
    .map((word) => word.split('/').flatMap((alternative) => tokens(alternative)))
    .filter((alternatives) => alternatives.length > 0);
  if (title.length < 2) return false;
  const said = new Set(tokens(goal));
  const saidAs = (t: string): boolean => said.has(t) || (TITLE_WORD_FORMS.get(t) ?? []).some((form) => said.has(form));
  return title.every((alternatives) => alternatives.some(saidAs));
}

/** Other words for a word of a tool's title ("compress this photo" names Compress image). */
const TITLE_WORD_FORMS = new Map([['imag', tokens('photo photos picture pictures pic pics')]]);

/**
 * What a tool would refuse that the goal asks of it: a unit no converter knows ("3 cubits to cm"), a formula over
 * quantities in other converters' units ("a 2000 W kettle on 230 V, how many amps"), another language than the one it
 * works in ("2,500 in French words"), a choice it does not offer ("uuid version 1"), another of a kind it names ("a
 * Reddit ad" of the counter for Google Ads, Meta, LinkedIn, TikTok and X).
 */
function wouldRefuse(catalog: Catalog, item: CatalogItem, step: string): string | undefined {
  const unit = unknownUnit(catalog.items, step, item);
  if (unit) return `no converter knows ${unit}`;
  const foreign = foreignQuantity(catalog.items, step, item);
  if (foreign) return `${item.title} does not take ${foreign}, and no converter works a formula over several quantities`;
  const language = otherLanguage(item, step);
  if (language) return `${item.title} works in ${language.works}, not ${language.asked}`;
  const choice = refusedChoice(item, step) ?? otherOfKind(item, step);
  if (choice) return `${item.title} has no ${choice}`;
  const most = item.tool?.upload?.maxFiles;
  const files = most ? filesCounted(step) : undefined;
  return files && most && files > most ? `${item.title} takes at most ${most} files` : undefined;
}

/** How many files the goal counts: "45 scanned receipts", "these 30 photos". */
function filesCounted(goal: string): number | undefined {
  const counted = /\b(\d{1,5})\s+(?:[\w-]+\s+)?(?:files|images|photos|pictures|pics|scans|receipts|pages|jpe?gs|pngs|pdfs|documents|docs|screenshots)\b/i.exec(
    goal,
  );
  return counted?.[1] ? Number(counted[1]) : undefined;
}

/** Nouns for a kind of tool in titles ("… checker", "… calculator"). */
const TOOL_NOUNS = /\b(?:checker|calculator|converter|generator|analy[sz]er|validator|tester|tool|builder|finder|extractor|parser)\b/gi;

/** The pick turned into "no tool fits": it leads the closest capabilities listed. */
function refused(decision: RouteDecision, given: Record<string, unknown>, reason: string): RouteDecision {
  return {
    ...decision,
    action: 'unsupported',
    target: undefined,
    confidence: 0,
    input: given,
    extracted: {},
    missing: [],
    alternatives: decision.target ? [{ item: decision.target, matched: [], score: 1 }, ...decision.alternatives] : decision.alternatives,
    reason,
  };
}

/**
 * Log-likelihood ratio (out of scope : in scope) above which a goal is refused. Set by leave-one-set-out
 * validation over the six training sets (test/mcp/eval/README.md "Learned re-ranking"): 3 of their 2,104 real
 * goals score above it. Over seven, with the opening word among the scope model's features (router7), 5 refuses 2
 * more real goals and catches no more impossible ones; 6 lets 2 more impossible goals through for 2 real ones. Trained
 * on 23 sets (router22), 5.5 refused "smoke test for login: sign a JWT …, then decode and inspect the output"; 6 keeps it
 * and lets 2 more of the 557 impossible goals of the sets nobody tuned on through.
 */
const OUT_OF_SCOPE_MARGIN = 6;

/**
 * The margin a pick of this confidence must stay under: the less the goal's words settle the pick, the less
 * out-of-scope evidence it takes to say no tool fits. A barely clear pick (0.45) is refused from a ratio of 3, a clear
 * one (0.575 and up) keeps OUT_OF_SCOPE_MARGIN. Chosen by leave-one-set-out over the nine training sets
 * (test/mcp/eval/README.md "router9"): 4 more of their impossible goals refused and no real goal.
 */
function outOfScopeMargin(confidence: number): number {
  return Math.min(OUT_OF_SCOPE_MARGIN, LOW_CONFIDENCE_MARGIN + LOW_CONFIDENCE_SLOPE * (confidence - EXECUTE_THRESHOLD));
}
const LOW_CONFIDENCE_MARGIN = 3;
const LOW_CONFIDENCE_SLOPE = 20;

/**
 * The routes of the last goals routed with nothing given, by catalog: a goal's parts are routed again when it plans as a
 * chain, and a client plans a goal before it solves it. What it returns is shared, so callers never change it.
 */
const routed = new WeakMap<Catalog, (goal: string, options: RouteOptions, whole: boolean) => RouteDecision>();

/** The route of a goal; `whole` (the goal as given, not one of its parts) also looks for a workflow covering its parts. */
function routeAlone(catalog: Catalog, goal: string, given: Record<string, unknown>, options: RouteOptions, whole = false): RouteDecision {
  if (Object.keys(given).length > 0) return routeAfresh(catalog, goal, given, options, whole);
  let route = routed.get(catalog);
  if (!route)
    routed.set(
      catalog,
      (route = rememberedBy(
        (text: string, opts: RouteOptions, asWhole: boolean) => JSON.stringify([text, opts.enhance === true, asWhole]),
        (text: string, opts: RouteOptions, asWhole: boolean) => routeAfresh(catalog, text, {}, opts, asWhole),
        500,
      )),
    );
  return route(goal, options, whole);
}

function routeAfresh(catalog: Catalog, goal: string, given: Record<string, unknown>, options: RouteOptions, whole: boolean): RouteDecision {
  const facts = factsOf(goal);
  const hasUrl = facts.urls.length > 0 || facts.domains.length > 0 || isPresent(given.url) || isPresent(given.urls) || isPresent(given.domain);
  // "convert it, then count the words": the first operation is the one to start with.
  const step = firstStepOf(goal);
  const ranking = catalog.rank(searchableGoal(withPastedKinds(step)), {
    inputFields: Object.keys(given),
    hasUrl,
    pages: facts.urls.length + facts.domains.length,
    limit: 6,
  });
  const { meaningful, spread, unknown } = ranking;
  const ordered = byGoalValues(step, given, ranking, byGivenOperand(catalog, step, goal, given, byOperation(step, ranking.ranked)));
  let doubtful = false;
  const { items } = learnedRoutingOf(catalog);
  const request = requestOf(step);
  // Asked only when needed (over every item, it costs a pass over the model).
  let bestOnce: ReturnType<NaiveBayes['best']> | null = null;
  const bestItem = (): ReturnType<NaiveBayes['best']> => (bestOnce === null ? (bestOnce = items.best(request)) : bestOnce);
  const plain = judge(ordered, false);
  if (plain.action === 'unsupported') return plain;
  if (doubtful) return confirmed(plain);
  const decision = judge(reranked(items, request, ordered), true);
  if (decision.action === 'unsupported') return decision;
  if (doubtful) return confirmed(decision);
  // The model, over every item, is far surer of one candidate the ranking found than of anything else: that is what
  // the goal asks for, whichever candidate the ranking put first or however close it left them.
  const best = bestItem();
  const sure = best && best.margin > MODEL_SURE ? ordered.find((r) => r.item.id === best.label) : undefined;
  if (!sure || (sure.item === decision.target && decision.action !== 'suggest')) return decision;
  // (Never another tool over a conversion between two formats in the direction the goal states: "only opens .xls, I
  // have an .xlsx" is xlsx to xls, however sure the model is of the tool for the other way.)
  const stated = withValueKinds(step);
  if (
    sure.item.kind === 'tool' &&
    decision.target &&
    conversionIntentOf(stated)?.from &&
    statesConversionTarget(stated) &&
    conversionCandidates(catalog.items, stated).includes(decision.target)
  )
    return decision;
  // (Nor the same job for another format: see `reranked`.)
  if (decision.target && formatToolFor(step, decision.target, sure.item)) return decision;
  return decide(
    sure.item,
    Math.max(decision.confidence, EXECUTE_THRESHOLD),
    ordered.filter((r) => r !== sure),
    goal,
    given,
    options,
  );

  /**
   * A goal whose words speak against the top candidate ("black and white version of my headshot": no word names the
   * grayscale converter) still gets it when the learned model, over every item, is far surer of that very candidate
   * than of anything else (the margin that settles a pick below): the ranking and the model name the same tool.
   * Leave-one-set-out over seven sets (test/mcp/eval/README.md "router7"): 4 more goals right, no impossible or vague
   * goal picked; dev7 4 more right.
   */
  function confirmed(doubted: RouteDecision): RouteDecision {
    const target = doubted.action === 'suggest' ? doubted.target : undefined;
    const best = target && bestItem();
    if (!target || !best || best.label !== target.id || best.margin <= MODEL_SURE) return doubted;
    return decide(
      target,
      EXECUTE_THRESHOLD,
      doubted.alternatives.filter((r) => r.item !== target),
      goal,
      given,
      options,
    );
  }

  /**
   * The decision on candidates in the given order. `learned`: in the re-ranker's order, whose agreement can
   * settle what separation alone leaves open. `doubtful`: the goal's words, not a close rival, speak against the
   * top candidate (then the ranking's own decision stands: the re-ranker may not turn "no tool fits" into a pick).
   */
  function judge(ranked: RankedItem[], learned: boolean): RouteDecision {
    const base = { goal, input: given, extracted: {}, missing: [], local: false };
    const unsupported = (what: string): RouteDecision => ({
      ...base,
      action: 'unsupported',
      target: undefined,
      confidence: 0,
      alternatives: ranked,
      reason: `No tool here ${what}; the closest tools there are are listed, nothing was run.`,
    });
    /** The decision for one item, the rest of the ranking its alternatives. */
    const picked = (item: CatalogItem, confidence: number): RouteDecision =>
      decide(
        item,
        confidence,
        ranked.filter((r) => r.item !== item),
        goal,
        given,
        options,
      );
    // A file no tool opens, whatever it is to become ("convert this password protected pdf to word").
    const unopenable = unopenableFile(step);
    if (unopenable) return unsupported(unopenable);
    // (Unless the goal states a job a tool does outright: a conversion between two formats it names, "the print shop
    // wants a .tif of poster.png", or a quantity one converter knows both units of, "72 °F to Celsius for the user's
    // weather question": the words that sound out of scope are its context.)
    const outside = outOfScope(step);
    if (outside && !statesToolJob(catalog, step)) return unsupported(`does ${outside}`);
    // "convert this .eps logo to png": the converter to the target would be handed a file it does not read.
    const strangeSource = unknownSource(step, namesOf(catalog));
    if (strangeSource) return unsupported(`reads ${strangeSource} files`);
    // A goal that names formats is a conversion in the direction it states: only those tools qualify.
    // "find heavy images on example.com and convert them to webp": each part names a step of one workflow.
    // (Only worth asking when the goal's words already meet a workflow of several steps.)
    const covering = whole && ranked.some((r) => r.item.operationIds.length >= 2) ? coveringWorkflow(catalog, goal, options) : undefined;
    if (covering) return decide(covering, CONVERSION_CONFIDENCE, ranked, goal, given, options);
    const intent = conversionIntentOf(withValueKinds(step));
    const conversions = conversionCandidates(catalog.items, withValueKinds(step));
    // With the target alone ("… to greyscale png"), the goal may be about something else: the ranking must agree.
    const agreed = intent?.from ? conversions : conversions.filter((c) => ranked.slice(0, 3).some((r) => r.item === c));
    if (agreed.length > 0) {
      return picked(ranked.find((r) => agreed.includes(r.item))?.item ?? agreed[0]!, CONVERSION_CONFIDENCE);
    }
    // "pdf into jpg images": no tool converts that way; the best candidate converting the other way is not one.
    if (intent && ranked[0] && convertsBackwards(ranked[0].item, intent)) return unsupported(`converts ${intent.from} to ${intent.to}`);
    // "docx to odt": a conversion stated outright that no tool does, whatever else the words meet.
    const missing = missingConversion(catalog.items, withValueKinds(step));
    if (missing) return unsupported(`converts ${missing.from} to ${missing.to}`);
    // "save this photo as a BMP": a format no tool makes.
    const unmade = missingTarget(catalog.items, withValueKinds(step));
    if (unmade) return unsupported(`makes ${unmade} files`);
    // "json to toml": a format no tool makes and the catalog never names.
    const strangeFormat = unknownTarget(step, namesOf(catalog));
    if (strangeFormat) return unsupported(`makes ${strangeFormat} files`);
    // "my laptop can't open these .heic photos": the one image format named is what there is, not what is asked for; the
    // converter to it would hand the same format back. JPG is the one every program opens (PNG, of a JPG).
    const had = hadImageFormat(ranked[0]?.item, withValueKinds(step));
    if (had) {
      const opened = catalog.items.find((item) => item.tool?.slug === (had === 'jpg' ? 'to-png' : 'to-jpg'));
      if (opened) return picked(opened, CONVERSION_CONFIDENCE);
    }
    // A quantity with units ("98.6 F to C"): the converter that knows both units, the ranking's pick among several.
    const converters = unitCandidates(catalog.items, step);
    if (converters.length > 0 && converters.length <= 3) {
      const chosen = ranked.find((r) => converters.includes(r.item))?.item ?? (converters.length === 1 ? converters[0] : undefined);
      if (chosen) return picked(chosen, converters.length === 1 ? CONVERSION_CONFIDENCE : 0.7);
    }
    // "2 cups of flour into grams": units of two different converters; no tool converts the one into the other.
    const mismatched = mismatchedUnits(catalog.items, step);
    if (mismatched) return unsupported(`converts ${mismatched.from} to ${mismatched.to}`);
    if (meaningful.length === 0 || ranked.length === 0) {
      return {
        ...base,
        action: 'suggest',
        target: undefined,
        confidence: 0,
        alternatives: ranked,
        reason:
          meaningful.length === 0 ? 'The goal does not say what to do (which check, conversion or calculation).' : 'Nothing in the catalog matches the goal.',
      };
    }
    const [top, ...rest] = ranked as [RankedItem, ...RankedItem[]];
    // "lowercase this: Hello World FROM Berlin": words of the pasted part that the top candidate does not
    // explain are its data, not a request it fails to meet.
    const data = dataTokensOf(step);
    // ("sha256 hello", "md5 banana": in a goal of a few words, the one or two after those naming the top candidate and
    // one of its choices.)
    const operand = step.trim().split(/\s+/).length <= 4 ? afterNamingWords(top.item, step, { choiceNamed: true }) : undefined;
    if (operand && operand.split(/\s+/).length <= 2) for (const t of tokens(operand)) data.add(t);
    const explainedByTop = new Set(top.exact ?? top.matched);
    const asked = (t: string): boolean => !data.has(t) || explainedByTop.has(t);
    const judged = meaningful.filter(asked).length > 0 ? meaningful.filter(asked) : meaningful;
    const foreign = unknown.filter(asked);
    // A tool and a workflow built around it are not rivals: separation is measured to the next candidate
    // that would run something else.
    // A workflow that explains no word of the goal beyond what the top tool explains is its wider form, not a rival.
    const rival = rest.find((r) => !related(r.item, top.item) && !twins(r.item, top.item) && !widerForm(r, top, meaningful));
    let confidence = confidenceOf(top, rival, judged);
    // Set when the goal's words, rather than a close rival, speak against the top candidate.
    doubtful = false;
    // One word that many tools are named after ("password", "json", "seo") does not say which of them.
    const [only] = meaningful;
    // A phrase of the item ("content audit") is specific enough. Without values of the goal for the top candidate
    // ("do something useful with this text"), the router asks rather than runs; with them ("get all links from
    // https://…") the values say what the word is about.
    if (meaningful.length === 1 && only !== undefined && (spread[only] ?? 0) >= 3 && !top.phrase)
      confidence = Math.min(confidence, fills(top.item, goal, given) > 0 ? 0.5 : EXECUTE_THRESHOLD - 0.01);
    // Values in the goal that fill what the top candidate needs (and the rival cannot take) are evidence too.
    if (
      confidence < EXECUTE_THRESHOLD &&
      confidence >= EXECUTE_THRESHOLD - FILL_BONUS &&
      fills(top.item, goal, given) > (rival ? fills(rival.item, goal, given) : 0)
    ) {
      confidence = Math.round((confidence + FILL_BONUS) * 100) / 100;
    }
    // Mostly words the catalog knows nothing about ("sing happy birthday"), or as many unknown words as known
    // ones ("find a plumber near me"): whatever matched is a near miss. Values and short words ("txet", "tldr":
    // typos and abbreviations too short to correct) are not counted as unknown words.
    const unknownWords = foreign.filter((t) => !/\d/.test(t) && t.length >= 5).length;
    // (In a goal written in another language, its own words are unknown here: twice as many are borne. Measured over
    // every set: 5 more goals picked right, no impossible or vague goal more; test/mcp/eval/README.md "router15".)
    const otherLanguage = englishOf(step).length > 0 && withoutForeignFunctionWords(step) !== step;
    const tolerated = otherLanguage ? 2 : 1;
    if ((foreign.length > judged.length * tolerated || unknownWords >= judged.length * tolerated) && !top.phrase) {
      confidence = Math.min(confidence, EXECUTE_THRESHOLD - 0.01);
      doubtful = true;
    }
    // The best tool is named after none of the goal's words (they meet only its description, "find a plumber
    // near me" and "near-duplicate"), and the goal names things the catalog does not know: no tool fits.
    const strange = foreign.filter((t) => !/\d/.test(t));
    // The goal gives nothing of the kind the top candidate works on (no page for a page check, no file for a
    // file conversion): "open a bank account" is not about a web page, "unlock my iphone" not about an image.
    const named = (top.named ?? top.matched).filter((t) => meaningful.includes(t) && !isGenericStem(t));
    const asks = [...judged, ...foreign.filter((t) => !/\d/.test(t))];
    const explainedShare = asks.filter((t) => explainedByTop.has(t)).length / Math.max(1, asks.length);
    // A goal that names the tool by a phrase of it and is mostly explained by it ("is our llms.txt valid") is
    // about that tool even when the page it needs is not given yet: need_input asks for it.
    const fits = fitsInput(top.item, goal, given, hasUrl) && handlesFilesNamed(top, step, given);
    if (!fits && !(top.phrase && explainedShare >= NAMED_SHARE)) {
      confidence = Math.min(confidence, EXECUTE_THRESHOLD - 0.01);
      doubtful = true;
    }
    // The top candidate explains a third of the goal's words or less ("print 50 copies of this flyer" meets the
    // JSON pretty-printer by "print" alone): a near miss, unless it is named by a word few tools have
    // ("hreflang") or the goal's values fill its inputs.
    const rare = named.some((t) => (spread[t] ?? 0) <= 2);
    const filled = fills(top.item, goal, given);
    if (explainedShare < MIN_EXPLAINED && !top.phrase && !rare && filled === 0) {
      confidence = Math.min(confidence, EXECUTE_THRESHOLD - 0.01);
      doubtful = true;
    }
    // The best candidate is named by none of the goal's words: they meet only its description ("clean this up"
    // meets the ZIP packer's "…cleaned up…"). Without values for it, that is no reason to run it.
    if (named.length === 0 && !top.phrase && filled === 0) {
      confidence = Math.min(confidence, EXECUTE_THRESHOLD - 0.01);
      doubtful = true;
    }
    // Values of the goal that fill what the top candidate requires, more of it than the rival's, decide
    // between candidates the words leave close ("119 incl 19% vat" fills the VAT calculator's amount and
    // rate): the goal is named by a word of the tool and hands it its inputs.
    if (confidence < EXECUTE_THRESHOLD && fits && named.length > 0 && filled > 0 && filled > (rival ? fills(rival.item, goal, given) : 0))
      confidence = EXECUTE_THRESHOLD;
    // The goal holds a phrase the top candidate is named by ("cost per click") and its rival none, and the top
    // explains most of the goal: the words are close only because the rival shares single words.
    if (confidence < EXECUTE_THRESHOLD && fits && top.phrase && rival && !rival.phrase && explainedShare >= 0.5) confidence = EXECUTE_THRESHOLD;
    // The top candidate is named by a word few tools are named by ("hreflang", "hashtags") that its rival is not
    // named by (and the rival by none the top lacks), and nothing else speaks against it (the goal's words are known, its input fits): that word says
    // which tool, however many other words the goal has.
    const distinctOf = (a: RankedItem, b: RankedItem | undefined): boolean =>
      (a.named ?? []).some((t) => meaningful.includes(t) && !isGenericStem(t) && (spread[t] ?? 0) <= DISTINCTIVE && !(b?.named ?? []).includes(t));
    const distinctive = distinctOf(top, rival) && !(rival && distinctOf(rival, top));
    // (And the word explains enough of the goal: more than a third of it, two of its words, or values of the goal the
    // tool takes. "mark the year 8 mock papers in the pile on my desk" is explained by "mark" alone, which names Markup.)
    const explainedEnough = explainedShare > 1 / 3 || asks.filter((t) => explainedByTop.has(t)).length >= 2 || filled > 0;
    if (confidence < EXECUTE_THRESHOLD && fits && distinctive && explainedEnough && foreign.length <= judged.length && unknownWords < judged.length)
      confidence = EXECUTE_THRESHOLD;
    if (!top.phrase && named.length === 0 && strange.length > 0) {
      return {
        ...base,
        action: 'unsupported',
        target: undefined,
        confidence: Math.min(confidence, EXECUTE_THRESHOLD - 0.01),
        alternatives: ranked,
        reason: 'No tool here is about what the goal names; the closest tools there are are listed, nothing was run.',
      };
    }
    // The words leave it open and the goal hands the rival everything it requires but not the top candidate
    // ("sentiment of this review: …" fills the AI text tool's task and text; "#777777" the colour converter):
    // the rival is what the goal asks for.
    if (
      confidence < EXECUTE_THRESHOLD &&
      rival &&
      fits &&
      completes(rival.item, goal, given) &&
      !completes(top.item, goal, given) &&
      namedBy(rival, meaningful)
    )
      return picked(rival.item, EXECUTE_THRESHOLD);
    // Only a close rival holds it back (the goal's words fit the top candidate), and the learned model, over every
    // item, names the same one first: the ranking and the model agree on what the goal asks for.
    if (learned && confidence < EXECUTE_THRESHOLD && confidence >= AGREEMENT_FLOOR && fits && !doubtful && bestItem()?.label === top.item.id)
      confidence = EXECUTE_THRESHOLD;
    if (confidence < EXECUTE_THRESHOLD) {
      return {
        ...base,
        action: 'suggest',
        target: top.item,
        confidence,
        alternatives: ranked,
        reason:
          rival && confidence >= 0.4
            ? `The goal matches several tools about equally (${top.item.title}; ${rival.item.title}).`
            : 'The goal matches no tool clearly.',
      };
    }
    return decide(top.item, confidence, rest, goal, given, options);
  }
}

/**
 * Log-likelihood margin of the learned model's first item over its second above which it settles the pick among the
 * ranking's candidates, never over "no tool fits" or a goal whose words speak against its first candidate. Chosen by
 * leave-one-set-out over the five training sets (test/mcp/eval/README.md): above 25, the picks it changes were all
 * wrong ones and it gives no impossible or vague goal a pick (plan_task 95.8 -> 96.0 %). Trained on 23 sets (router22),
 * the model's margins are wider: at 25 it overrode the ranking on goals it had only half read ("interest that is not
 * compounded" became compound interest); 35 keeps those and loses 5 of 1,835 goals of the sets nobody tuned on.
 */
const MODEL_SURE = 35;

/** Weight of the learned model's log-likelihood against the log of the ranking's score (leave-one-set-out: 0.03). */
const LEARNED_WEIGHT = 0.03;
/** A workflow is a wider answer than the tool the goal names: it must win by this much more (log scale). */
const WORKFLOW_PENALTY = 0.2;
/** Confidence from which agreement of the learned model settles a close call (a clear one is 0.45). */
const AGREEMENT_FLOOR = 0.3;

/**
 * The candidates in the order of the ranking's score blended with the learned model's likelihood of the goal
 * (reranker.ts). The scores stay those of the ranking, in order: the model says which candidate comes first, not
 * how clear the goal is.
 */
function reranked(model: NaiveBayes, request: string, ranked: RankedItem[]): RankedItem[] {
  if (ranked.length < 2) return ranked;
  const ll = model.logLikelihoods(
    request,
    ranked.map((r) => r.item.id),
  );
  const value = (r: RankedItem): number =>
    Math.log(r.score) + LEARNED_WEIGHT * (ll.get(r.item.id) ?? -Infinity) - (r.item.kind === 'workflow' ? WORKFLOW_PENALTY : 0);
  const scores = ranked.map((r) => r.score).sort((a, b) => b - a);
  const order = ranked.map((r) => ({ r, value: value(r) })).sort((a, b) => b.value - a.value);
  // (Never the same job for another format first: "pretty print this xml config" is the XML formatter's, however much
  // the model has seen "pretty print" asked of the JSON one.)
  const named = order.findIndex(({ r }) => order[0] && formatToolFor(request, r.item, order[0].r.item));
  if (named > 0) order.unshift(...order.splice(named, 1));
  return order.map(({ r }, i) => ({ ...r, score: scores[i]! }));
}

/**
 * "break down the tracking parameters in https://…?utm_source=…": the goal asks to look at something and hands
 * it over. When the best candidate makes that kind of thing (the UTM builder, or a workflow most of whose steps
 * make things) and a tool of its module (or one of its steps) that reads it (the UTM parser) gets every input it
 * requires from the goal, that tool is what the goal asks for, however many words the maker shares with it.
 */
function byGivenOperand(catalog: Catalog, step: string, goal: string, given: Record<string, unknown>, ranked: RankedItem[]): RankedItem[] {
  const [top] = ranked;
  const wanted = operationOf(step);
  const does = top && operationOfRun(catalog, top.item);
  if (!top || !wanted || !does || does === wanted) return ranked;
  const sibling = (item: CatalogItem): boolean => (top.item.kind === 'workflow' ? top.item.operationIds.includes(item.id) : item.module === top.item.module);
  const reader = ranked
    .slice(1, 5)
    .find((r) => sibling(r.item) && operationOfItem(r.item) === wanted && r.score >= OPERAND_SHARE * top.score && completes(r.item, goal, given));
  if (!reader) return ranked;
  // The operation and the values decide: the reader stands clearly first (twice the maker's score).
  return [{ ...reader, score: 2 * top.score }, ...ranked.filter((r) => r !== reader)];
}

/**
 * "Invoice ₹18,000 plus 18% GST, split into CGST and SGST": the top candidate needs inputs the goal's values fill
 * none of (line items), while a close one, named by a word of the goal, gets every input it needs from them (an
 * amount and a rate): the values say which tool the words mean.
 */
function byGoalValues(step: string, given: Record<string, unknown>, { meaningful }: Ranking, ranked: RankedItem[]): RankedItem[] {
  const [top] = ranked;
  // (A file tool's file is never among the goal's values: "summary of board_minutes.pdf" fills nothing of it.)
  const file = top?.item.tool?.upload;
  // (Nor does it when the goal holds a phrase of the top candidate: "the cost per conversion" of 4,200 and 140.)
  if (!top || top.phrase || top.item.requires.length === 0 || (file && !file.optional) || fills(top.item, step, given) > 0) return ranked;
  const filled = ranked
    .slice(1, 3)
    .find((r) => r.item.kind === 'tool' && r.score >= VALUES_SHARE * top.score && namedBy(r, meaningful) && completes(r.item, step, given));
  if (!filled) return ranked;
  return [{ ...filled, score: top.score }, ...ranked.filter((r) => r !== filled)];
}

/** Share of the best score a candidate the goal's values complete needs to be put first by them. */
const VALUES_SHARE = 0.5;

/** What a tool does (makes or reads), or what most steps of a workflow do. */
function operationOfRun(catalog: Catalog, item: CatalogItem): ReturnType<typeof operationOfItem> {
  if (item.kind === 'tool') return operationOfItem(item);
  const ops = item.operationIds.map((id) => operationOfItem(catalog.get(id) ?? item));
  const create = ops.filter((o) => o === 'create').length;
  const inspect = ops.filter((o) => o === 'inspect').length;
  return 2 * create > ops.length ? 'create' : 2 * inspect > ops.length ? 'inspect' : undefined;
}

/** Share of the best score a sibling needs to be put first by the goal's operation and values. */
const OPERAND_SHARE = 0.3;

const FILL_BONUS = 0.1;

/** A word that names this many tools or fewer says which of them the goal means. */
const DISTINCTIVE = 2;

/** Share of the goal's words a tool named by a phrase of the goal explains to be picked without its input in sight. */
const NAMED_SHARE = 0.67;

/** Share of the goal's words the top candidate must explain to be picked (more than a third). */
const MIN_EXPLAINED = 0.34;

const PAGE_WORDS =
  /\b(?:sites?|websites?|pages?|urls?|links?|domains?|homepage|landing|blog|shop|store|app|api|endpoint|server|https?|staging|production|prod|release|launch|deploy\w*|competitors?|e-?mail|newsletter|campaign|ads?|utm|cdn|scripts?|frontend|curl|requests?|fetch|headers?|cookies?|html|markup|well-known|robots|sitemaps?)\b/i;
const FILE_WORDS =
  /\b(?:files?|upload\w*|attach\w*|documents?|docs?|images?|photos?|pictures?|pics?|logos?|screenshots?|scans?|scanned|icons?|graphics?|banners?|deck|slides?|presentations?|e-?books?|books?|spreadsheets?|workbooks?|sheets?|archives?|folders?|resume|cv|statements?|receipts?|reports?|letters?|contracts?|invoices?|exports?|backups?|feeds?|tables?|notes?|manuals?|(?:pdf|docx?|xlsx?|csv|pptx?|odt|ods|odp|rtf|epub|mobi|azw3?|fb2|txt|md|markdown|json|x?html?|xml|ya?ml|zip|rar|7z|tar|gz|bz2|png|jpe?g|webp|gif|svg|heic|heif|avif|tiff?|bmp|excel|word|powerpoint|kindle)s?)\b/i;

/** Whether the goal gives (or speaks of) what the item works on: a page for a tool that needs a URL, a file for a file tool. */
function fitsInput(item: CatalogItem, goal: string, given: Record<string, unknown>, hasUrl: boolean): boolean {
  if (Object.keys(given).length > 0) return true;
  // ("comprimi questa immagine": the words of another language for a file or a page count as theirs in English.)
  const read = [goal, ...englishOf(goal)].join(' ');
  // Every requirement is met by a page (its URL, or its HTML for a workflow that can analyse it locally).
  if (item.requires.length > 0 && item.requires.every((group) => group.some((f) => URL_INPUTS.has(f)) && group.every((f) => URL_INPUTS.has(f) || f === 'html')))
    return hasUrl || PAGE_WORDS.test(read);
  const upload = item.tool?.upload;
  if (upload && !upload.optional) {
    // "compress these pdfs" is not for an image compressor: of the file formats the goal names, one must be one
    // it takes or makes.
    const formats = formatsNamed(goal).filter((f): f is FileKind => f in FILE_KINDS);
    const makes = /(?:^|-)(?:to|2)-([a-z0-9]+)$/.exec(item.tool?.slug ?? '')?.[1];
    if (formats.length > 0 && !formats.some((f) => upload.accept.includes(f) || f === makes)) return false;
    return FILE_WORDS.test(read) || conversionIntentOf(goal) !== undefined || /\w\.[a-z0-9]{2,4}\b/i.test(goal);
  }
  return true;
}

/** Formats that only come as files (text formats such as JSON or CSV can be pasted into a text field). */
const BINARY_FORMATS = new Set([
  'pdf',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'epub',
  'mobi',
  'azw',
  'fb2',
  'zip',
  'rar',
  '7z',
  'tar',
  'gz',
  'bz2',
  'png',
  'jpg',
  'webp',
  'avif',
  'heic',
  'heif',
  'tiff',
  'gif',
  'bmp',
]);

/**
 * A goal about a file of a binary format ("password protect this zip file") is not for a tool that takes no
 * file and says nothing of that format (the password generator): the tool explains the goal's other words, not
 * the thing it is to work on.
 */
function handlesFilesNamed(top: RankedItem, goal: string, given: Record<string, unknown>): boolean {
  if (Object.keys(given).length > 0 || top.item.tool?.upload || top.item.kind !== 'tool') return true;
  // Named by the format itself ("zip", "report.pdf"), not by a kind of document ("spreadsheet", "word").
  const binary = formatsNamed(goal).filter((f) => BINARY_FORMATS.has(f) && new RegExp(`\\b${f}\\b`, 'i').test(goal));
  if (binary.length === 0) return true;
  const explained = new Set(top.exact ?? top.matched);
  return binary.some((f) => explained.has(f) || explained.has(stem(f)));
}

const URL_INPUTS = new Set(['url', 'urls', 'domain', 'urlsText', 'beforeUrl', 'afterUrl', 'url1', 'url2']);

function widerForm(candidate: RankedItem, top: RankedItem, meaningful: string[]): boolean {
  if (candidate.item.kind !== 'workflow' || top.item.kind !== 'tool') return false;
  const explained = new Set(top.exact ?? top.matched);
  return (candidate.exact ?? candidate.matched).every((t) => !meaningful.includes(t) || explained.has(t));
}

/** Whether the goal's own values meet every required input of the item (and it requires some). */
function completes(item: CatalogItem, goal: string, given: Record<string, unknown>): boolean {
  return item.requires.length > 0 && fills(item, goal, given) === item.requires.length;
}

/** The candidate is named (title, slug, keywords) by a word of the goal that says what to do. */
function namedBy(candidate: RankedItem, meaningful: string[]): boolean {
  return (candidate.named ?? []).some((t) => meaningful.includes(t) && !isGenericStem(t));
}

/** How many of the item's required inputs the goal's own values fill. */
function fills(item: CatalogItem, goal: string, given: Record<string, unknown>): number {
  const { input, extracted } = resolveInputFrom(item, goal, given);
  // (A tool that requires nothing, "40 passwords, 14 characters each": the goal's numbers for its options.)
  if (item.requires.length === 0) return Object.values(extracted).some((e) => typeof e.value === 'number') ? 1 : 0;
  // (The words after the tool's name, "reverse hello world", or after a question fill a tool picked for other reasons;
  // they are not one.)
  const read = (field: string): boolean => isPresent(input[field]) && !isPresent(given[field]) && !GUESSED_TEXT.has(extracted[field]?.from ?? '');
  return item.requires.filter((group) => group.some(read)).length;
}

/**
 * Twin tools in two modules (web.csvToJson / convertors.csv2Json, web.htmlToMd / documents.htmlToMd) do the
 * same job: not rivals. The higher-ranked one runs (deterministic) and the other is among the alternatives.
 */
function twins(a: CatalogItem, b: CatalogItem): boolean {
  const slug = (item: CatalogItem): string | undefined => item.tool?.slug.replace(/-2-/g, '-to-');
  return a.tool !== undefined && b.tool !== undefined && a.module !== b.module && slug(a) === slug(b);
}

const names = new WeakMap<Catalog, ReadonlySet<string>>();

/** The words the catalog names its tools and workflows by (titles, keywords, slugs). */
function namesOf(catalog: Catalog): ReadonlySet<string> {
  let known = names.get(catalog);
  if (!known) {
    known = new Set(catalog.items.flatMap((item) => words([item.title, item.tool?.slug ?? item.id, ...item.keywords].join(' '))));
    names.set(catalog, known);
  }
  return known;
}

/** The goal states a conversion some tool does between two formats it names, or a quantity one converter takes. */
function statesToolJob(catalog: Catalog, step: string): boolean {
  const goal = withValueKinds(step);
  if (conversionIntentOf(goal)?.from !== undefined && conversionCandidates(catalog.items, goal).length > 0) return true;
  if (unitCandidates(catalog.items, step).length === 1) return true;
  // "convert 300 EUR to USD, the rate is 1.08": an amount between two currencies, with the rate to use.
  const quantity = quantityOf(step);
  return (
    quantity?.to !== undefined &&
    CURRENCIES.has(quantity.from.toUpperCase()) &&
    CURRENCIES.has(quantity.to.toUpperCase()) &&
    /\brate\b[^.?!\d]{0,15}\d/i.test(step)
  );
}

/**
 * The image format of a converter to it (`to-heic`) that the goal names as the only format and never as what is wanted
 * ("these .heic photos won't open"): undefined when the goal asks for that format ("to heic", "a heic version").
 */
function hadImageFormat(top: CatalogItem | undefined, goal: string): string | undefined {
  const made = /^to-([a-z0-9]+)$/.exec(top?.tool?.slug ?? '')?.[1];
  const named = formatsNamed(goal);
  if (!made || named.length !== 1 || named[0] !== made || statesConversionTarget(goal)) return undefined;
  // (Named as files there are, ".heic", "heic photos", or as what will not open: not only a format, "jpg me convert".)
  const had = new RegExp(`\\.${made}\\b|\\b${made}\\s+(?:files?|photos?|images?|pictures?|pics?)\\b`, 'i').test(goal) || CANNOT_OPEN.test(goal);
  return had ? made : undefined;
}

/** "won't open", "can't read", "doesn't support": what a program does not open is the format there is. */
const CANNOT_OPEN = /\b(?:can'?t|cannot|won'?t|doesn'?t|does\s+not|will\s+not|unable\s+to)\s+(?:open|read|view|show|display|support|handle|load)\b/i;

/** Tools that do one job for one format each: "xml-formatter", "json-validator", "css-minifier". */
const FORMAT_TOOL = /^(json|xml|html|css|js|sql)-(formatter|validator|minifier)$/;
const FORMAT_WORD: Record<string, RegExp> = {
  json: /\bjson\b/i,
  xml: /\bxml\b/i,
  html: /\bhtml?\b/i,
  css: /\bcss\b/i,
  js: /\b(?:js|javascript)\b/i,
  sql: /\bsql\b/i,
};

/** Whether `kept` does the job of `other` for the format the goal names, and `other` for one it does not name. */
function formatToolFor(goal: string, kept: CatalogItem, other: CatalogItem): boolean {
  const a = FORMAT_TOOL.exec(kept.tool?.slug ?? '');
  const b = FORMAT_TOOL.exec(other.tool?.slug ?? '');
  return !!a && !!b && a[2] === b[2] && a[1] !== b[1] && FORMAT_WORD[a[1]!]!.test(goal) && !FORMAT_WORD[b[1]!]!.test(goal);
}

/** ISO 4217 currency codes. */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** Confidence of a conversion whose formats and direction the goal states. */
const CONVERSION_CONFIDENCE = 0.9;

/** A clear target: run it when its inputs are there, otherwise ask for them. */
function decide(
  target: CatalogItem,
  confidence: number,
  alternatives: RankedItem[],
  goal: string,
  given: Record<string, unknown>,
  options: RouteOptions,
): RouteDecision {
  const { input, extracted } = callInputFrom(target, goal, given);
  const local = usesLocalAnalysis(target, input, options.enhance === true);
  const missing = local ? [] : missingFor(target, input, options.enhance === true);
  return { goal, action: missing.length > 0 ? 'need_input' : 'execute', target, confidence, input, extracted, missing, alternatives, local, reason: '' };
}

/**
 * A goal of successive operations ("… then …") as a chain of tools, each clear on its own, the result of one
 * feeding the next; undefined when the goal is one operation or a part is unclear (then the first part is
 * routed alone).
 */
export function routeChain(catalog: Catalog, goal: string, given: Record<string, unknown> = {}, options: RouteOptions = {}): ChainLink[] | undefined {
  const parts = partsOf(goal);
  if (parts.length < 2) return conversionChain(catalog, goal, given);
  // "generate a jwt and then decode it": a workflow that runs exactly these steps is the one run, not a chain.
  if (coveringWorkflow(catalog, goal, options)) return undefined;
  const links: ChainLink[] = [];
  const usable = (decision: RouteDecision): boolean => decision.target?.kind === 'tool' && (decision.action === 'execute' || decision.action === 'need_input');
  // ("summarize this article, then make 5 hashtags from it: <text>": the text pasted after a last step that works on what
  // the step before made is the first step's.)
  const pasted = /^([^:]*\b(?:it|them|the result|the output)\b[^:]*):\s+([\s\S]+)$/i.exec(parts.at(-1) ?? '');
  const asParts = pasted?.[1] && pasted[2] && !parts[0]!.includes(':') ? [`${parts[0]}: ${pasted[2]}`, ...parts.slice(1, -1), pasted[1]] : parts;
  for (const [i, part] of asParts.entries()) {
    const previous = links[i - 1];
    // ("create a test JWT …, then decode it": it is what the step before made.)
    const asked = (text: string): RouteDecision => route(catalog, pointedAt(text, previous && madeBy(previous.item)), i === 0 ? given : {}, options);
    let decision = asked(part);
    // ("there's no direct route, so go PDF to HTML first, then …": a conversion in the part's last clause is the step.)
    const last = lastClauseOf(part);
    if (!usable(decision) && last !== part && formatsNamed(last).length > 0) decision = asked(last);
    if (!usable(decision) || !decision.target) return undefined;
    const fed = previous ? feedField(previous.item, decision.target, decision.missing) : undefined;
    const missing = fed ? decision.missing.filter((group) => !group.includes(fed)) : decision.missing;
    links.push({ goal: part, item: decision.target, input: decision.input, extracted: decision.extracted, missing, fed, confidence: decision.confidence });
  }
  // (Steps that are exactly a workflow's are that workflow: the router's pick, not a chain.)
  const steps = new Set(links.map((link) => link.item.id));
  if (catalog.items.some((item) => item.kind === 'workflow' && item.operationIds.length === steps.size && item.operationIds.every((id) => steps.has(id))))
    return undefined;
  return links;
}

/** The last clause of a step that says more before it ("… there's no direct route, so go PDF to HTML first"). */
function lastClauseOf(part: string): string {
  const clauses = part.split(/\s*(?:[:;—–]\s|,\s*so\s|\.\s)\s*/);
  const last = clauses.at(-1) ?? part;
  return last.trim().split(/\s+/).length >= 2 ? last : part;
}

/**
 * A conversion no one tool does, done by two ("turn this XML config into YAML": XML to JSON, then JSON to YAML): the
 * goal's values go to the first, whose result feeds the second.
 */
function conversionChain(catalog: Catalog, goal: string, given: Record<string, unknown>): ChainLink[] | undefined {
  // (Not a book with DRM, or anything else the goal asks that no tool does.)
  if (outOfScope(goal)) return undefined;
  const path = conversionPath(catalog.items, withValueKinds(firstStepOf(goal)));
  if (!path) return undefined;
  const [first, second] = path;
  const { input, extracted } = callInputFrom(first, goal, given);
  const needed = missingInputs(second, {});
  const fed = feedField(first, second, needed);
  if (!fed) return undefined;
  return [
    { goal, item: first, input, extracted, missing: missingInputs(first, input), fed: undefined, confidence: CONVERSION_CONFIDENCE },
    { goal, item: second, input: {}, extracted: {}, missing: needed.filter((group) => !group.includes(fed)), fed, confidence: CONVERSION_CONFIDENCE },
  ];
}

/** How many of the search's first results the learned model reorders in discover (the eval measures its top 3). */
const DISCOVER_RERANK_WINDOW = 3;

/**
 * discover_tools: the catalog's search, with the router's pick first when the router is sure of one (it would
 * run it or ask for its input), so discover_tools and plan_task give the same first answer to the same words;
 * the search order follows (re-ranked by the learned model when the router picks nothing). `routed`: the route of
 * the query (no input), when the caller has it already (the routing evaluation shares it with plan_task).
 */
export function discover(
  catalog: Catalog,
  query: string,
  options: { group?: string; kind?: 'tool' | 'workflow'; limit?: number } = {},
  routed?: RouteDecision,
): RankedItem[] {
  const hits = catalog.search(query, options);
  if (query.trim() === '') return hits;
  const decision = routed ?? route(catalog, query);
  const pick = decision.action === 'execute' || decision.action === 'need_input' ? decision.target : undefined;
  // Unsure, the router leaves the order to the search, its first few re-ranked like its own candidates (learned
  // model). The window is fixed whatever the limit, so every page of a search is a slice of one order.
  if (!pick || (options.group && pick.group !== options.group) || (options.kind && pick.kind !== options.kind)) {
    const limit = options.limit ?? 10;
    const found = limit >= DISCOVER_RERANK_WINDOW ? hits : catalog.search(query, { ...options, limit: DISCOVER_RERANK_WINDOW });
    const head = reranked(learnedRoutingOf(catalog).items, requestOf(query), found.slice(0, DISCOVER_RERANK_WINDOW));
    return [...head, ...found.slice(DISCOVER_RERANK_WINDOW)].slice(0, limit);
  }
  const found = hits.find((h) => h.item === pick) ?? { item: pick, matched: [], score: 0 };
  const first = { ...found, score: Math.max(found.score, hits[0]?.score ?? 0) };
  return [first, ...hits.filter((h) => h.item !== pick)].slice(0, options.limit ?? 10);
}

/** A sentence that says how things are ("I'm also sending it as a promo email"), not what to do. */
const STATEMENT = /^\s*(?:i'?m|i\s+am|we'?re|we\s+are|it'?s|it\s+is|there'?s|there\s+is)\b/i;

/** Words that point back at the thing a goal is about, or at what a step before made. */
const PRONOUN = /\b(?:it|them|this|that|these|those|the\s+(?:result|output))\b/i;

/** Separators of the parts of a goal that may each name one operation ("…, dkim and the dns records", "… then …"). */
const CLAUSE_BREAK = /\s*(?:[,;+&]|\s-\s|\b(?:and|then|also|plus|after\s+that|afterwards|as\s+well\s+as)\b)\s*/i;

/** What a tool named a generator or builder makes: its title before that word ("JWT generator (for testing)": "JWT"). */
const madeBy = (item: CatalogItem): string | undefined => /^(.+?)\s+(?:generator|builder|maker)\b/i.exec(item.title.replace(/\s*\([^)]*\)/g, ''))?.[1];

/** A part that points back with a pronoun and names no format of its own, with what it points at written out. */
const pointedAt = (part: string, object: string | undefined): string =>
  object && PRONOUN.test(part) && formatsNamed(part).length === 0 ? `${part} ${object}` : part;

/**
 * The workflow whose steps are what the parts of the goal ask for: two parts or more, naming at least two
 * different tools, every one a step of it (the smallest such workflow). A goal whose parts name tools of no single
 * workflow (or one tool) has none. Parts are routed on their own; only clear picks count.
 */
function coveringWorkflow(catalog: Catalog, goal: string, options: RouteOptions): CatalogItem | undefined {
  // Pasted values (URLs with "&", JSON with ",") are not separators: only the words around them are split.
  // (A sentence that says how things are, "I'm also sending it as a promo email", asks for nothing.)
  const clausesOf = (text: string): string[] =>
    text
      .replace(/\bhttps?:\/\/\S+|\beyJ[\w-]+\.[\w-]+\.[\w-]*|"[^"]*"|'[^']*'|:\s[\s\S]*$/g, ' VALUE ')
      // ("…, then decode it so I can see what the header and claims look like": why it is asked, not another request.)
      .replace(/\bso\s+(?:that\s+)?(?:i|we)\s+can\b[^.?!]*/gi, ' ')
      .split(/(?<=[.?!])\s+/)
      .filter((sentence) => !STATEMENT.test(sentence))
      .join(' ')
      .split(CLAUSE_BREAK)
      .filter((p) => p && p.trim().split(/\s+/).length >= 2 && /[a-z]{2}/i.test(p));
  // ("newsletter goes out at 9: run the subject line scoring and the spam-word scan": when the words before a colon make
  // no two parts, what follows it is the request with its parts, not pasted data.)
  const afterColon = /^[^:]*:\s([^{}[\]<>]+)$/.exec(goal)?.[1];
  const whole = clausesOf(goal);
  const parts = whole.length >= 2 || !afterColon ? whole : clausesOf(afterColon);
  if (parts.length < 2) return undefined;
  const picks: Array<{ part: number; id: string; words: string[]; single: boolean; weak: boolean; valued: boolean }> = [];
  // ("is it valid JSON, indent it, then …": a part that points back at its object with a pronoun is about the format the
  // goal converts to, or else the formats it names.)
  // ("mint a token from these claims, then decode it": after a part that makes something, a pronoun is that thing.)
  const formats = conversionIntentOf(goal)?.to ?? formatsNamed(goal).join(' ');
  let made: string | undefined;
  for (const [i, part] of parts.entries()) {
    const decision = routeAlone(catalog, pointedAt(part, made ?? formats), {}, options);
    // (The last thing made: a part that picks nothing, "my secret", leaves it.)
    const thing = decision.target?.kind === 'tool' ? madeBy(decision.target) : undefined;
    if (thing || decision.action === 'execute' || decision.action === 'need_input') made = thing;
    // A part the router is unsure of ("which images slow down the page": the page speed analyzer, or…) counts
    // only for a workflow that a clear part names too.
    const weak = decision.action === 'suggest';
    if (!weak && decision.action !== 'execute' && decision.action !== 'need_input') continue;
    const words = tokens(part).filter((t) => !isGenericStem(t) && !/\d/.test(t));
    // A part that is itself a workflow's job ("find heavy images on example.com") names each of its steps.
    const ids = decision.target?.operationIds ?? [];
    // (A value: a number, a quoted or pasted one, a template macro or a variable: "{{ad.name}}", "$price".)
    const valued = /\d|\bVALUE\b|[{}<>[\]$%#@=]/.test(part);
    for (const id of ids) picks.push({ part: i, id, words, single: ids.length === 1, weak, valued });
  }
  // "cost per click if i spent 500 and got 1250 clicks": a part with a word that names an input of the tool
  // another part asks for (clicks) gives that tool a value; it asks for nothing more.
  const fieldsOf = (id: string): Set<string> => {
    const item = catalog.get(id);
    const named = (item?.fields ?? []).filter((f) => f !== item?.tool?.upload?.field && f !== 'fileName');
    return new Set(tokens(named.join(' ').replace(/([a-z])([A-Z])/g, '$1 $2')));
  };
  // (A part that names one tool and holds no value of its own, "score the subject line", asks for that tool, whatever
  // input of another it names.)
  const valueOnly = (p: (typeof picks)[number]): boolean =>
    (p.valued || !p.single) && picks.some((o) => o.part !== p.part && o.single && !o.weak && p.words.some((w) => fieldsOf(o.id).has(w)));
  const asking = picks.filter((p) => !valueOnly(p));
  const clear = asking.filter((p) => !p.weak);
  if (clear.length === 0) return undefined;
  // A sequence ("… then …") is a chain unless one workflow runs exactly its steps.
  const exact = partsOf(goal).length >= 2;
  const covering = catalog.items.filter((item) => {
    if (item.kind !== 'workflow' || !clear.every((p) => item.operationIds.includes(p.id))) return false;
    const named = asking.filter((p) => item.operationIds.includes(p.id));
    const tools = new Set(named.map((p) => p.id));
    return tools.size >= 2 && new Set(named.map((p) => p.part)).size >= 2 && (!exact || item.operationIds.every((id) => tools.has(id)));
  });
  return covering.sort((a, b) => a.operationIds.length - b.operationIds.length)[0];
}

/**
 * The goal up to its first "then" / "after that": what to do first. A tool the goal opens by naming ("with the CSV to
 * JSON tool, convert my XLSX to JSON", "open the SSL checker and tell me the MX records") is left out: the job stated
 * after it says what to do.
 */
export function firstStepOf(goal: string): string {
  const [first] = goal.split(/,?\s+(?:and\s+)?(?:then|after\s+that|afterwards)\b/i);
  const step = (first ?? goal)
    .replace(/\bfirst\b,?/i, '')
    .replace(/^\s*(?:with|using|use|open)\s+the\s+(?:[\w./-]+\s+){1,4}?(?:tool|checker|calculator|converter|generator)\s*(?:,|and\b|to\b|for\b)\s*/i, '')
    .trim();
  return step.split(/\s+/).length >= 2 ? step : goal;
}

/**
 * coverage: share of the goal's naming words the candidate matched (synonyms count);
 * separation: how far it stands above the next different candidate (1 when twice as high or more).
 */
export function confidenceOf(top: RankedItem, next: RankedItem | undefined, meaningful: string[]): number {
  // Only words the item holds (or a synonym of them) explain the goal: "play" meets "plain" by prefix alone.
  const matched = new Set(top.exact ?? top.matched);
  const coverage = meaningful.filter((t) => matched.has(t)).length / meaningful.length;
  const separation = next ? Math.min(1, (1 - next.score / top.score) / 0.5) : 1;
  return Math.round((0.55 * coverage + 0.45 * separation) * 100) / 100;
}

/** Local analysis applies to workflows that declare it, given HTML (or text for content), without enhance. */
export function usesLocalAnalysis(item: CatalogItem, input: Record<string, unknown>, enhance: boolean): boolean {
  const kind = item.workflow?.local;
  if (!kind || enhance) return false;
  if (isPresent(input.html)) return true;
  return kind === 'page' && isPresent(input.text);
}

/** With enhance, a local-capable workflow also runs its live tools, which need the URL. */
export function missingFor(item: CatalogItem, input: Record<string, unknown>, enhance: boolean): string[][] {
  const missing = missingInputs(item, input);
  if (enhance && item.workflow?.local && !isPresent(input.url) && item.fields.includes('url')) {
    if (!missing.some((group) => group.includes('url'))) missing.push(['url']);
  }
  if (enhance && item.workflow?.local) return missing.map((group) => group.filter((f) => f !== 'html' && f !== 'text')).filter((g) => g.length > 0);
  return missing;
}
