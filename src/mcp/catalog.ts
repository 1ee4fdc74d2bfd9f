import MiniSearch, { type SearchResult } from 'minisearch';
import type { Logger } from 'pino';
import type { AnyTool } from '../registry/define-tool.ts';
import { ONE_OF_FIELDS } from '../registry/fields.ts';
import { jsonSchemaOf } from '../registry/json-schema.ts';
import { MODULES, type ModuleName } from '../registry/modules.ts';
import type { Registry } from '../registry/registry.ts';
import { isGenericStem, rememberedBy, synonymsOf, tokens, variantsOf, words } from './text.ts';
import { withPastedKinds } from './goal-phrases.ts';
import { WORKFLOWS, type Workflow } from './workflows.ts';
import { conversionCandidates } from './conversion-intent.ts';
import { factsOf, searchableGoal } from './inputs.ts';

/**
 * The catalog the agent interface works over: every tool of the registry and every workflow whose tools
 * exist, in one MiniSearch index built once at startup. `search` serves discover_tools; `rank` gives the
 * router (solve_task, plan_task) ranked candidates with the evidence it gates on.
 */
export interface CatalogItem {
  kind: 'tool' | 'workflow';
  /** operationId of a tool, id of a workflow. */
  id: string;
  title: string;
  description: string;
  /** Module of a tool; category of a workflow. */
  group: string;
  module: ModuleName | undefined;
  keywords: string[];
  exampleGoals: string[];
  /** The tools a run executes. */
  operationIds: string[];
  /** Credits of a run when every step runs (a workflow: the sum of its steps). */
  cost: number;
  /** Input fields it takes. */
  fields: string[];
  /** Each inner list: at least one of these fields is needed (the router weighs these). */
  requires: string[][];
  /**
   * Every group the item needs one field of: `requires`, and the groups of optional fields declared with
   * registry/fields.ts `oneOfFields`. A plan asks for each; the router does not weigh the latter (test/mcp/eval/README.md, router21).
   */
  needs: string[][];
  exampleInput: Record<string, unknown>;
  boost: number;
  tool: AnyTool | undefined;
  workflow: Workflow | undefined;
}

export interface RankedItem {
  item: CatalogItem;
  score: number;
  /** The goal holds a phrase of the item's title, slug or keywords ("content audit"). */
  phrase?: boolean;
  /** The query words (stemmed) this item matched, synonyms mapped back to the word that asked for them. */
  matched: string[];
  /** Of `matched`, the words the item holds as such (or as a synonym, variant or typo fix), not by prefix or fuzzy match. */
  exact?: string[];
  /** Of `exact`, the words found in the item's title, slug or keywords: what it is named after. */
  named?: string[];
}

export interface Ranking {
  /** Best first; items that run the same tools are grouped under the best of them. */
  ranked: RankedItem[];
  /** Query words that name something (not stop words, not generic verbs like "check"). */
  meaningful: string[];
  /** For each meaningful word: how many items name it in their title, slug or keywords. */
  spread: Record<string, number>;
  /** Query words that are not generic but that no item knows (even as a typo). */
  unknown: string[];
}

export interface RankOptions {
  /** Fields the caller already gave (url, html, text…): items that take them rank a little higher. */
  inputFields?: string[];
  /** The goal names a URL or domain: items that take no URL rank a little lower. */
  hasUrl?: boolean;
  /** How many URLs and domains the goal names: several favour items that take a list of them. */
  pages?: number;
  limit?: number;
}

export interface Catalog {
  items: readonly CatalogItem[];
  workflows: readonly Workflow[];
  get(id: string): CatalogItem | undefined;
  tool(operationId: string): CatalogItem | undefined;
  workflow(id: string): CatalogItem | undefined;
  /** discover_tools: ranked matches of a free-text query, optionally within a module or category. */
  search(query: string, options?: { group?: string; kind?: 'tool' | 'workflow'; limit?: number }): RankedItem[];
  /** The router's ranking of a plain-language goal. */
  rank(goal: string, options?: RankOptions): Ranking;
  /** Closest ids to an unknown one (never an invented id: only ids that exist). */
  similarIds(id: string, limit?: number): string[];
}

interface IndexedDoc {
  id: string;
  title: string;
  slug: string;
  keywords: string;
  goals: string;
  description: string;
  group: string;
  /** The values its input fields allow (enums): "sentiment" of a task, "sha256" of an algorithm. */
  options: string;
}

const URL_FIELDS = new Set(['url', 'urls', 'domain', 'beforeUrl', 'afterUrl', 'url1', 'url2']);
/** Input fields that take two pages at once. */
const TWO_PAGES = [['urls'], ['url1', 'url2'], ['beforeUrl', 'afterUrl'], ['competitorUrls']];

/** The workflows whose tools are all in the registry; the others are skipped, with a warning. */
export function availableWorkflows(registry: Registry, logger?: Pick<Logger, 'warn' | 'info'>): Workflow[] {
  const workflows: Workflow[] = [];
  for (const workflow of WORKFLOWS) {
    const missing = workflow.steps.map((s) => s.operationId).filter((id) => !registry.byOperationId(id));
    if (missing.length > 0) {
      logger?.warn({ workflow: workflow.id, missing }, 'workflow skipped: its tools are not in the registry');
      continue;
    }
    workflows.push(workflow);
  }
  return workflows;
}

/**
 * The catalog, built on its first use: building it (every tool's schema and the search index) takes a few
 * hundred milliseconds, which a test server that never routes a goal need not pay (TOOLAPI_LIBRARIES_LOAD=first-use;
 * the service as `npm start` runs it builds it at boot).
 */
export class LazyCatalog implements Catalog {
  readonly workflows: readonly Workflow[];
  readonly #build: () => Catalog;
  #built: Catalog | undefined;

  constructor(workflows: readonly Workflow[], build: () => Catalog) {
    this.workflows = workflows;
    this.#build = build;
    this.#built = undefined;
  }

  get items(): readonly CatalogItem[] {
    return this.#catalog().items;
  }

  get(id: string): CatalogItem | undefined {
    return this.#catalog().get(id);
  }

  tool(operationId: string): CatalogItem | undefined {
    return this.#catalog().tool(operationId);
  }

  workflow(id: string): CatalogItem | undefined {
    return this.#catalog().workflow(id);
  }

  search(query: string, options?: Parameters<Catalog['search']>[1]): RankedItem[] {
    return this.#catalog().search(query, options);
  }

  rank(goal: string, options?: RankOptions): Ranking {
    return this.#catalog().rank(goal, options);
  }

  similarIds(id: string, limit?: number): string[] {
    return this.#catalog().similarIds(id, limit);
  }

  #catalog(): Catalog {
    return (this.#built ??= this.#build());
  }
}

/**
 * A typo-tolerant lookup walks the whole term tree of the index (about a tenth of routing a goal), and goals repeat their
 * words: the index never changes once built, so each word's near terms are looked up once. MiniSearch 7 keeps the tree
 * in `_index` (a SearchableMap) with no option to cache, and its search deletes from the map `fuzzyGet` returns, hence
 * a copy for each search. Should a MiniSearch update move that method, building the catalog fails at once.
 */
function rememberFuzzyLookups(index: MiniSearch<IndexedDoc>): void {
  const tree = (index as unknown as { _index?: { fuzzyGet?: (key: string, distance: number) => Map<string, unknown> } })._index;
  const lookup = tree?.fuzzyGet?.bind(tree);
  if (!tree || !lookup) throw new Error('minisearch changed: its index has no fuzzyGet to remember (src/mcp/catalog.ts)');
  const near = rememberedBy((key: string, distance: number) => `${distance} ${key}`, lookup, 20_000);
  tree.fuzzyGet = (key, distance) => new Map(near(key, distance));
}

export function buildCatalog(registry: Registry, logger?: Pick<Logger, 'warn' | 'info'>, workflows = availableWorkflows(registry, logger)): Catalog {
  const items: CatalogItem[] = [];
  for (const tool of registry.tools) items.push(toolItem(tool));
  for (const workflow of workflows) items.push(workflowItem(workflow, registry));
  const byId = new Map(items.map((item) => [item.id, item]));

  const index = new MiniSearch<IndexedDoc>({
    fields: ['title', 'slug', 'keywords', 'goals', 'description', 'group', 'options'],
    storeFields: [],
    tokenize: (text) => words(text),
    processTerm: (term) => {
      const processed = tokens(term);
      return processed.length === 0 ? null : processed;
    },
    searchOptions: {
      tokenize: (text) => text.split(' ').filter(Boolean),
      processTerm: (term) => term,
    },
  });
  const docs = items.map(toDoc);
  index.addAll(docs);
  rememberFuzzyLookups(index);
  // The index vocabulary, for telling words the catalog knows from words it does not.
  const vocabulary = new Set<string>();
  for (const doc of docs)
    for (const text of [doc.title, doc.slug, doc.keywords, doc.goals, doc.description, doc.group, doc.options]) for (const t of tokens(text)) vocabulary.add(t);
  const sortedVocabulary = [...vocabulary].sort();
  // Adjacent word pairs of each item's title, slug and keywords, for phrase matches ("cost per acquisition").
  const phrasesOf = new Map<string, Set<string>>();
  const headCount = new Map<string, number>();
  for (const doc of docs) {
    const set = new Set<string>();
    const head = new Set<string>();
    for (const text of [doc.title, doc.slug, ...doc.keywords.split(' . ')]) {
      const ts = tokens(text);
      for (const t of ts) head.add(t);
      for (let i = 0; i + 1 < ts.length; i++) set.add(`${ts[i]} ${ts[i + 1]}`);
    }
    phrasesOf.set(doc.id, set);
    for (const t of head) headCount.set(t, (headCount.get(t) ?? 0) + 1);
  }
  const knows = (token: string): boolean => {
    if (vocabulary.has(token) || synonymsOf(token).some((s) => vocabulary.has(s))) return true;
    if (token.length < 4) return false;
    // a prefix of a known word ("optim" of "optimization")
    let lo = 0;
    let hi = sortedVocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sortedVocabulary[mid] ?? '') < token) lo = mid + 1;
      else hi = mid;
    }
    return (sortedVocabulary[lo] ?? '').startsWith(token);
  };

  /**
   * Typos ("wrod", "conevrt", "pasword"): a query word the catalog does not know is read as the known word
   * one edit away (two for long words; a swap of neighbours is one edit), the most frequent if several.
   */
  const corrections = new Map<string, string | null>();
  const correct = (token: string): string | undefined => {
    if (token.length < TYPO_MIN || knows(token) || /\d/.test(token)) return undefined;
    let cached = corrections.get(token);
    if (cached === undefined) {
      const limit = token.length >= TYPO_TWO ? 2 : 1;
      let best: { word: string; d: number; n: number } | undefined;
      for (const word of vocabulary) {
        // Typos keep the first letter ("pasword", "revrese"); a different word usually does not.
        if (Math.abs(word.length - token.length) > limit || word.length < 3 || word[0] !== token[0]) continue;
        const d = typoDistance(token, word, limit);
        const n = headCount.get(word) ?? 0;
        if (d <= limit && (!best || d < best.d || (d === best.d && n > best.n))) best = { word, d, n };
      }
      cached = best?.word ?? null;
      if (corrections.size < 10_000) corrections.set(token, cached);
    }
    return cached ?? undefined;
  };

  const searchOptions = (termWeights: Map<string, number>, filter?: (item: CatalogItem) => boolean, docBoost?: (item: CatalogItem) => number) => ({
    boost: { title: 3, slug: 2.5, keywords: 2, goals: 1.2, description: 0.8, group: 0.6, options: 1 },
    prefix: (term: string) => term.length >= 4,
    fuzzy: (term: string) => (term.length >= 6 ? 0.2 : false),
    maxFuzzy: 2,
    weights: { fuzzy: 0.35, prefix: 0.55 },
    combineWith: 'OR' as const,
    boostTerm: (term: string) => termWeights.get(term) ?? 1,
    boostDocument: (id: string) => {
      const item = byId.get(id);
      if (!item) return 0;
      if (filter && !filter(item)) return 0;
      return item.boost * (docBoost?.(item) ?? 1);
    },
  });

  /** Query tokens with their synonyms; each expansion remembers the word it came from. */
  const expand = (text: string): { terms: string[]; weights: Map<string, number>; origin: Map<string, Set<string>>; originals: string[] } => {
    const originals = [...new Set(tokens(text))];
    const weights = new Map<string, number>();
    const origin = new Map<string, Set<string>>();
    // Words of pasted data ("…: the product broke after 2 days") say little about which tool is asked for.
    const data = dataTokensOf(text);
    const note = (term: string, from: string, weight: number): void => {
      if (data.has(from)) weight *= DATA_WEIGHT;
      weights.set(term, Math.max(weights.get(term) ?? 0, weight));
      origin.set(term, (origin.get(term) ?? new Set()).add(from));
    };
    // The goal's first naming word is usually its verb ("shrink this photo", "decode this"): it weighs more.
    const lead = originals.find((t) => !isGenericStem(t));
    for (const token of originals) note(token, token, isGenericStem(token) ? 0.5 : token === lead ? LEAD_WEIGHT : 1);
    for (const token of originals) {
      const fixed = correct(token);
      if (fixed) note(fixed, token, 0.9);
    }
    // An expansion two words share counts for both (their weight is the highest either gives).
    for (const token of originals) for (const variant of variantsOf(token)) note(variant, token, 0.9);
    for (const token of originals) for (const synonym of synonymsOf(token)) note(synonym, token, 0.45);
    return { terms: [...weights.keys()], weights, origin, originals };
  };

  const run = (
    text: string,
    filter?: (item: CatalogItem) => boolean,
    docBoost?: (item: CatalogItem) => number,
  ): { results: RankedItem[]; originals: string[] } => {
    const { terms, weights, origin, originals } = expand(text);
    if (terms.length === 0) return { results: [], originals };
    const hits: SearchResult[] = index.search(terms.join(' '), searchOptions(weights, filter, docBoost));
    const results: RankedItem[] = [];
    for (const hit of hits) {
      const item = byId.get(hit.id as string);
      if (!item || (filter && !filter(item)) || hit.score <= 0) continue;
      const matched = new Set<string>();
      for (const term of hit.queryTerms) for (const from of origin.get(term) ?? []) matched.add(from);
      // The item's own terms that are query terms, or longer forms of a query stem of five letters or more
      // ("percent" of "percentage"): "plai" (play) meets "plain" only by a short prefix, which explains nothing.
      const exact = new Set<string>();
      const named = new Set<string>();
      for (const [term, fields] of Object.entries(hit.match)) {
        const sources = origin.get(term) ?? hit.queryTerms.filter((q) => q.length >= 5 && term.startsWith(q)).flatMap((q) => [...(origin.get(q) ?? [])]);
        const head = fields.some((f) => HEAD_FIELDS.has(f));
        for (const from of sources) {
          exact.add(from);
          if (head) named.add(from);
        }
      }
      results.push({ item, score: hit.score, matched: [...matched], exact: [...exact], named: [...named] });
    }
    return { results, originals };
  };

  // The searches of the last goals, by everything that decides them: discover_tools searches a query again for the
  // window it re-ranks, and a client plans a goal before it solves it.
  const searched = new Map<string, ReturnType<typeof run>>();
  const rememberedRun = (key: string, search: () => ReturnType<typeof run>): ReturnType<typeof run> => {
    let found = searched.get(key);
    if (!found) {
      found = search();
      if (searched.size >= 500) searched.delete(searched.keys().next().value as string);
      searched.set(key, found);
    }
    return found;
  };

  /**
   * The rankings of the last texts ranked, by everything that decides them: routing a goal ranks some texts more than once
   * (the goal whole and as a part of itself, plan_task then solve_task). What it returns is shared, so callers never change it.
   */
  const rankWith = rememberedBy(
    (goal: string, options: RankOptions, scope: Scope | undefined, grouped: boolean) =>
      JSON.stringify([goal, options.hasUrl === true, options.pages ?? 0, options.inputFields ?? [], options.limit ?? 10, scope?.group, scope?.kind, grouped]),
    (goal: string, options: RankOptions, scope: Scope | undefined, grouped: boolean): Ranking => rankAfresh(goal, options, scope, grouped),
  );

  /** `scope`: only the items of one group or kind (discover_tools' filters). */
  const rankAfresh = (goal: string, options: RankOptions, scope: Scope | undefined, grouped: boolean): Ranking => {
    const filter = scope && within(scope);
    const inputFields = new Set(options.inputFields ?? []);
    const given = [...inputFields].filter((f) => !URL_FIELDS.has(f));
    const fileGoal = mentionsFile(goal);
    const docBoost = (item: CatalogItem): number => {
      let factor = 1;
      if (options.hasUrl && !item.fields.some((f) => URL_FIELDS.has(f))) factor *= 0.6;
      // Three pages or more: a job for a tool that takes the list, not one run per page.
      if ((options.pages ?? 0) >= 3) factor *= item.fields.includes('urls') ? 1.5 : 0.6;
      // Two pages ("are a.com/p1 and a.com/p2 duplicates", "what changed between staging and prod"): a tool that
      // takes two of them, or a list.
      else if (options.pages === 2) factor *= TWO_PAGES.some((pair) => pair.every((f) => item.fields.includes(f))) ? 1.3 : 0.85;
      if (given.length > 0 && given.some((f) => item.fields.includes(f))) factor *= 1.25;
      // Twins that take a text or a file (piiScrub / piiScrubFile): the goal's mention of a file decides.
      if (item.tool?.upload && !item.tool.upload.optional) factor *= fileGoal ? FILE_YES : FILE_NO;
      return factor;
    };
    const key = JSON.stringify([goal, options.hasUrl === true, options.pages ?? 0, given, scope?.group, scope?.kind]);
    const { results, originals } = rememberedRun(key, () => run(goal, filter, docBoost));
    // Words the catalog does not know ("organised", "tomorrow") cannot tell candidates apart: only
    // known words that name something count for coverage.
    const meaningful = originals.filter((t) => !isGenericStem(t) && (knows(t) || (correct(t) !== undefined && !isGenericStem(correct(t)!))));
    const intent = intentOf(goal);
    const sequence = sequenceOf(goal);
    const pairs = queryPairs(originals);
    const adjust = (result: RankedItem): RankedItem & { phrase: boolean } => {
      const matched = new Set(result.matched);
      const coverage = meaningful.length === 0 ? 0 : meaningful.filter((t) => matched.has(t)).length / meaningful.length;
      const phrase = phraseFactor(pairs, phrasesOf.get(result.item.id));
      const score = result.score * (0.25 + 0.75 * coverage) * intentFactor(intent, result.item) * directionFactor(sequence, result.item) * phrase;
      return { ...result, score, phrase: phrase > 1 };
    };
    // (An "on-page" goal lets preferPreciseTool reach down the whole ranking.)
    const adjusted = ONE_PAGE_ONLY.test(goal) ? results.map(adjust) : adjustedTop(results, adjust, options.limit ?? 10, grouped);
    adjusted.sort((a, b) => b.score - a.score);
    preferPreciseTool(adjusted, meaningful, goal);
    preferOperation(adjusted, goal);
    // Items that would run the same tools are one choice (a single-tool workflow and its tool, two
    // workflow ids with the same steps): keep the best-scored of each group.
    const seen = new Set<string>();
    const ranked: RankedItem[] = [];
    for (const result of adjusted) {
      const key = toolsKey(result.item);
      if (grouped && seen.has(key)) continue;
      seen.add(key);
      ranked.push(result);
      if (ranked.length >= (options.limit ?? 10)) break;
    }
    const unknown = originals.filter((t) => !isGenericStem(t) && !meaningful.includes(t));
    return { ranked, meaningful, unknown, spread: Object.fromEntries(meaningful.map((t) => [t, headCount.get(t) ?? 0])) };
  };

  return {
    items,
    workflows,
    get: (id) => byId.get(id),
    tool: (operationId) => {
      const item = byId.get(operationId);
      return item?.kind === 'tool' ? item : undefined;
    },
    workflow: (id) => {
      const item = byId.get(id);
      return item?.kind === 'workflow' ? item : undefined;
    },
    search(query, options = {}) {
      const filter = within(options);
      const limit = options.limit ?? 10;
      if (query.trim() === '')
        return items
          .filter(filter)
          .slice(0, limit)
          .map((item) => ({ item, score: 0, matched: [] }));
      // The router's ranking (coverage, intent, direction, phrases), every item kept: a tool and the
      // workflow around it are both listed.
      const results = rankWith(searchableGoal(withPastedKinds(query)), { hasUrl: hasPage(query), limit: limit + 10 }, options, false).ranked;
      // A query that names formats ("xml to json") puts the conversions in that direction first.
      const conversions = new Set(conversionCandidates(items, query).filter(filter));
      if (conversions.size === 0) return results.slice(0, limit);
      const top = results[0]?.score ?? 1;
      const first = [...conversions].map((item) => results.find((r) => r.item === item) ?? { item, score: top, matched: [] });
      return [...first, ...results.filter((r) => !conversions.has(r.item))].slice(0, limit);
    },
    rank: (goal, options = {}) => rankWith(goal, options, undefined, true),
    similarIds(id, limit = 5) {
      // operation ids are camelCase: "securityApis.hashGenrator" -> "security apis hash genrator"
      const spaced = words(id.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[./]/g, ' ')).join(' ');
      const fromSearch = run(spaced).results.map((r) => r.item.id);
      const lower = id.toLowerCase();
      const byDistance = items
        .map((item) => ({ id: item.id, d: editDistance(lower, item.id.toLowerCase()) }))
        .filter((x) => x.d <= Math.max(3, Math.floor(lower.length / 4)))
        .sort((a, b) => a.d - b.d)
        .map((x) => x.id);
      return [...new Set([...byDistance, ...fromSearch])].slice(0, limit);
    },
  };
}

/** The items of one group or kind (discover_tools' filters). */
interface Scope {
  group?: string;
  kind?: 'tool' | 'workflow';
}

function within(scope: Scope): (item: CatalogItem) => boolean {
  return (item) => (!scope.group || item.group === scope.group) && (!scope.kind || item.kind === scope.kind);
}

/** Weight of the words of a goal's pasted data. */
const DATA_WEIGHT = 0.35;

/**
 * The words of the part of a goal that is pasted data: after "instruction:" ("make this all caps: quarterly
 * report") or the first line, or between "turn" and "into" ("turn summer sale fresh fruit into hashtags"),
 * except words the instruction also uses.
 */
export function dataTokensOf(goal: string): Set<string> {
  // "turn summer sale fresh fruit into hashtags": three words or more, none pointing at a thing ("my csv file"),
  // between the verb and "into" are the text to work on.
  const span =
    /^\s*(?:please\s+|pls\s+)?(?:turn|make|convert|change|transform)\s+((?:(?!(?:this|that|these|those|my|our|the|an?|it|its)\b)[^\s:]+\s+){3,})(?:into|to)\s/i.exec(
      goal,
    );
  if (span?.[1]) {
    const instruction = new Set(tokens(goal.replace(span[1], ' ')));
    return new Set(tokens(span[1]).filter((t) => !instruction.has(t)));
  }
  // "sha256 of hello", "md5 of open sesame": in a short goal of one or two words before "of", the words after it
  // (unless they point at a thing: "web version of this .odt").
  const of = /^\s*([^\s:]+(?:\s+[^\s:]+)?)\s+of\s+(?!(?:this|that|these|those|my|our|your|the|an?|it)\b)([^:\n]+)$/i.exec(goal);
  if (of?.[1] && of[2] && goal.trim().split(/\s+/).length <= 7) {
    const instruction = new Set(tokens(of[1]));
    return new Set(tokens(of[2]).filter((t) => !instruction.has(t)));
  }
  // "…out of these skus\nA100\nB200": the lines after the first are pasted data.
  const cut = /:\s|\n/.exec(goal);
  if (!cut || tokens(goal.slice(0, cut.index)).length < 1) return new Set();
  const instruction = new Set(tokens(goal.slice(0, cut.index)));
  return new Set(tokens(goal.slice(cut.index + 1)).filter((t) => !instruction.has(t)));
}

/** The fields that name an item (what it is), as opposed to those that describe it. */
const HEAD_FIELDS = new Set(['title', 'slug', 'keywords']);

const FILE_YES = 1.3;
const FILE_NO = 0.8;
const FILE_FORMATS =
  'pdf|docx?|xlsx?|csv|pptx?|odt|ods|odp|rtf|epub|mobi|txt|md|json|xml|ya?ml|zip|rar|7z|tar|gz|png|jpe?g|webp|gif|svg|heic|avif|tiff?|bmp|html?';
const FILE_MENTION = new RegExp(
  String.raw`\b(?:files?|upload(?:ed|s)?|attach(?:ed|ment)?|documents?|spreadsheet|sheet|export(?:ed)?)\b|\w\.(?:${FILE_FORMATS})\b|\b(?:as|an?|the|this|my|our|these)\s+(?:${FILE_FORMATS})\b`,
  'i',
);

/** The goal speaks of a file (an upload, a named file, "as xlsx"). */
function mentionsFile(goal: string): boolean {
  return FILE_MENTION.test(goal);
}

const TYPO_MIN = 5;
const TYPO_TWO = 8;

/** Weight of the goal's first naming word. */
const LEAD_WEIGHT = 1.7;

type Intent = { generate: boolean; check: boolean };

const GENERATE_WORDS = new Set(['generate', 'create', 'make', 'build', 'new', 'random', 'produce', 'write', 'give', 'sign']);
const CHECK_WORDS = new Set([
  'check',
  'verify',
  'validate',
  'test',
  'analyze',
  'analyse',
  'audit',
  'evaluate',
  'score',
  'inspect',
  'detect',
  'is',
  'are',
  'does',
  'how',
  'which',
  'find',
  'review',
  'grade',
  'rate',
  'estimate',
  'mean',
  'means',
  'explain',
  'understand',
  'parse',
  'decode',
  'read',
]);

/** Whether the goal asks to make something, to judge something, or both. */
function intentOf(goal: string): Intent {
  // "how do I write a cron…", "how to make a regex…" ask for something made, not judged.
  const ws = words(goal.replace(/\bhow\s+(?:do|can|could|should|would)\s+(?:i|we|you)\b|\bhow\s+to\b/gi, ' make '));
  return { generate: ws.some((w) => GENERATE_WORDS.has(w)), check: ws.some((w) => CHECK_WORDS.has(w)) };
}

const GENERATOR_SLUG = /(?:^|-)(?:generator|builder|maker|variants)(?:$|-)/;
const CHECKER_SLUG = /(?:^|-)(?:checker|validator|analyzer|tester|verifier|evaluator|finder|auditor|parser|decoder)(?:$|-)/;

/** A generator for a goal that only asks to judge (or a checker for one that only asks to make) ranks lower. */
function intentFactor(intent: Intent, item: CatalogItem): number {
  if (intent.generate === intent.check || !item.tool) return 1;
  const slug = item.tool.slug;
  if (intent.check && GENERATOR_SLUG.test(slug)) return 0.65;
  if (intent.generate && CHECKER_SLUG.test(slug)) return 0.65;
  return 1;
}

/** Words by which a goal asks for the breadth of a workflow rather than one of its tools. */
const BREADTH = /\b(?:audit|full|complete|everything|whole|all|pipeline|job|workflow|checklist|gate|set\s*up|end[- ]to[- ]end|qa|review|plus|also|then)\b/i;

/**
 * "zod schema for this json" names one tool of a workflow that also validates and formats: when the best
 * candidate is a workflow of several steps and a tool close behind explains every word the workflow
 * explains, the tool is the precise answer (the workflow stays an alternative), unless the goal asks for
 * breadth ("full", "audit", "everything", "then").
 */
function preferPreciseTool(ranked: RankedItem[], meaningful: string[], goal: string): void {
  const first = ranked[0];
  const explainedBy = (r: RankedItem): Set<string> => new Set((r.exact ?? r.matched).filter((t) => meaningful.includes(t)));
  // A close second named by a phrase of the goal ("video id"), explaining every word the first explains.
  if (first && !first.phrase) {
    const at = ranked.slice(1, 3).findIndex((r) => r.phrase && r.score >= 0.85 * first.score && [...explainedBy(first)].every((t) => explainedBy(r).has(t)));
    if (at >= 0) return promote(ranked, at + 1);
  }
  if (!first || first.item.kind !== 'workflow' || first.item.operationIds.length < 2 || BREADTH.test(goal)) return;
  const wide = explainedBy(first);
  // ("on-page SEO" limits the check to what is on the page: the step that analyses it, not the audit that also measures
  // its speed, however much higher the audit ranks.)
  const onePage = ONE_PAGE_ONLY.test(goal);
  const at = ranked
    .slice(1, onePage ? ranked.length : 4)
    .findIndex(
      (r) =>
        r.item.kind === 'tool' &&
        (onePage ? first.item.operationIds.includes(r.item.id) : r.score >= 0.6 * first.score) &&
        [...wide].every((t) => explainedBy(r).has(t)),
    );
  if (at >= 0) promote(ranked, at + 1);
}

/** The largest product of the factors rankAfresh multiplies a search score by: coverage 1, intent 1, direction 1.3, phrase 1.5 (rounded up). */
const MOST_GAINED = 2;

/** Items that run the same tools: one choice in a grouped ranking. */
const toolsKey = (item: CatalogItem): string => [...item.operationIds].sort().join('|');

/**
 * The adjusted results that can reach a ranking of `limit` (items that run the same tools counting once when `grouped`)
 * or the first four places, where preferPreciseTool and preferOperation look: a result whose search score times
 * MOST_GAINED is below the adjusted score that completes them among those adjusted so far cannot, and is never
 * adjusted (an OR search matches most of the catalog, and adjusting every match was a tenth of routing a goal). The
 * ranking is the one adjusting every result gives: each result left out scores below the last place it could take.
 */
export function adjustedTop<T extends { score: number; item: CatalogItem }>(
  results: readonly T[],
  adjust: (result: T) => T,
  limit: number,
  grouped: boolean,
): T[] {
  const kept: T[] = [];
  let bar = -Infinity;
  for (const [i, result] of results.entries()) {
    if (result.score * MOST_GAINED < bar) continue;
    kept.push(adjust(result));
    if (i % 8 === 7) bar = completingScore(kept, limit, grouped);
  }
  return kept;
}

/** The score of the item that completes `limit` choices and four places in `items` ranked by score (-Infinity if none does). */
function completingScore(items: readonly { score: number; item: CatalogItem }[], limit: number, grouped: boolean): number {
  const seen = new Set<string>();
  for (const [at, result] of [...items].sort((a, b) => b.score - a.score).entries()) {
    seen.add(grouped ? toolsKey(result.item) : String(at));
    if (seen.size >= limit && at >= 3) return result.score;
  }
  return -Infinity;
}

/** A goal that limits itself to what is on one page ("on-page SEO", "single-page check"), asking nothing of its speed. */
const ONE_PAGE_ONLY = /\b(?:on|single|one)[\s-]page\b(?![\s\S]*\b(?:speed|fast|slow|load\w*|performance|vitals|lcp)\b)/i;

/** Words that ask to read or judge a given thing (not "is" or "how", which any question has). */
const OPERATION_CHECK_WORDS = new Set([
  'check',
  'verify',
  'validate',
  'test',
  'parse',
  'decode',
  'read',
  'explain',
  'inspect',
  'mean',
  'means',
  'understand',
  'when',
]);

const OPERATION_SUFFIX = /-(?:generator|builder|maker|parser|tester|validator|checker|analyzer|decoder|verifier)$/;

/**
 * A generator and a parser (or tester, decoder) of the same thing (`cron-expression-generator` /
 * `cron-expression-parser`, `regex-generator` / `regex-tester`, `jwt-generator` / `jwt-decoder`): the goal's
 * operation decides between them ("make a cron for every monday" makes one), whatever else the texts share.
 */
function preferOperation(ranked: RankedItem[], goal: string): void {
  const first = ranked[0];
  const ws = words(goal.replace(/\bhow\s+(?:do|can|could|should|would)\s+(?:i|we|you)\b|\bhow\s+to\b/gi, ' make '));
  const intent = { generate: ws.some((w) => GENERATE_WORDS.has(w)), check: ws.some((w) => OPERATION_CHECK_WORDS.has(w)) };
  if (!first?.item.tool || intent.generate === intent.check) return;
  const subject = (r: RankedItem): string | undefined => {
    const slug = r.item.tool?.slug;
    return slug && OPERATION_SUFFIX.test(slug) ? slug.replace(OPERATION_SUFFIX, '') : undefined;
  };
  const makes = (r: RankedItem): boolean => GENERATOR_SLUG.test(r.item.tool?.slug ?? '');
  const mine = subject(first);
  if (!mine || makes(first) === intent.generate) return;
  const at = ranked.slice(1, 4).findIndex((r) => subject(r) === mine && makes(r) === intent.generate);
  if (at < 0) return;
  promote(ranked, at + 1);
}

/** Moves the candidate at `at` to the front, taking the first's score (the first takes its own): the order stays by score. */
function promote(ranked: RankedItem[], at: number): void {
  const first = ranked[0]!;
  const [better] = ranked.splice(at, 1);
  const top = first.score;
  first.score = better!.score;
  better!.score = top;
  ranked.unshift(better!);
}

/** Adjacent pairs of query words, as phrases in their order and reversed. */
function queryPairs(originals: string[]): Array<{ inOrder: string; reversed: string }> {
  const pairs: Array<{ inOrder: string; reversed: string }> = [];
  for (let i = 0; i + 1 < originals.length; i++)
    pairs.push({ inOrder: `${originals[i]} ${originals[i + 1]}`, reversed: `${originals[i + 1]} ${originals[i]}` });
  return pairs;
}

/** Query word pairs found as a phrase in the item's title, slug or keywords: in order +20 %, reversed +10 % (at most +50 %). */
function phraseFactor(pairs: Array<{ inOrder: string; reversed: string }>, phrases: Set<string> | undefined): number {
  if (!phrases || pairs.length === 0) return 1;
  let bonus = 0;
  for (const { inOrder, reversed } of pairs) {
    if (phrases.has(inOrder)) bonus += 0.2;
    else if (phrases.has(reversed)) bonus += 0.1;
  }
  return 1 + Math.min(0.5, bonus);
}

/**
 * The goal's words in order, read once for every candidate's directions: each "from X", "out of X", "to Y", "into Y"
 * or "as Y" with the (at most three) stems that follow it, where each stem first occurs, and where "how many" / "how
 * much" does.
 */
interface Sequence {
  markers: Array<{ fromMarker: boolean; next: string[] }>;
  firstAt: Map<string, number>;
  howMany: number;
}

function sequenceOf(goal: string): Sequence {
  const read = words(goal).map((word) => ({ word, token: tokens(word)[0] ?? null }));
  const markers: Sequence['markers'] = [];
  const firstAt = new Map<string, number>();
  read.forEach(({ word, token }, i) => {
    if (token !== null && !firstAt.has(token)) firstAt.set(token, i);
    const fromMarker = word === 'from' || (word === 'of' && read[i - 1]?.word === 'out');
    if (!fromMarker && !TO_MARKERS.has(word)) return;
    const next = read
      .slice(i + 1)
      .filter((s) => s.token !== null)
      .slice(0, 3)
      .map((s) => s.token as string);
    markers.push({ fromMarker, next });
  });
  const howMany = read.findIndex((s, i) => s.word === 'how' && (read[i + 1]?.word === 'many' || read[i + 1]?.word === 'much'));
  return { markers, firstAt, howMany };
}

const TO_MARKERS = new Set(['to', 'into', 'as']);

/**
 * `json-to-yaml` vs `yaml-to-json`: a conversion whose direction the goal states ranks higher, the
 * reverse lower. "from X" / "out of X" name the source and "to/into/as Y" the target; without those
 * words, the format named first is taken as the source. The slug, the title and every "X to Y" keyword
 * describe directions ("jpg to heic" tells that the HEIC converter takes JPG, not makes it).
 */
function directionFactor(sequence: Sequence, item: CatalogItem): number {
  let total = 0;
  for (const [source, target] of directionsOf(item)) total += directionVote(sequence, source, target);
  return total > 0 ? 1.3 : total < 0 ? 0.7 : 1;
}

/**
 * The directions an item describes, as the stems of their source and target (the stems both share left out, pairs
 * left with no stem on a side dropped): read once per item, not for every goal the item is ranked for.
 */
const directions = new WeakMap<CatalogItem, Array<[ReadonlySet<string>, ReadonlySet<string>]>>();

function directionsOf(item: CatalogItem): Array<[ReadonlySet<string>, ReadonlySet<string>]> {
  let found = directions.get(item);
  if (found) return found;
  const pairs: Array<[string, string]> = [];
  const slugPair = /^(.+?)-to-(.+)$/.exec(item.tool?.slug ?? item.id);
  if (slugPair?.[1] && slugPair[2]) pairs.push([slugPair[1].replace(/-/g, ' '), slugPair[2].replace(/-/g, ' ')]);
  for (const text of [item.title, ...item.keywords]) {
    const pair = /^(.+?)\s+(?:to|→)\s+(.+?)(?:\s*\(|$)/i.exec(text);
    if (pair?.[1] && pair[2]) pairs.push([pair[1], pair[2]]);
  }
  found = [];
  for (const [from, to] of pairs) {
    const source = new Set(tokens(from));
    const target = new Set(tokens(to));
    for (const t of [...source]) if (target.has(t)) source.delete(t), target.delete(t);
    if (source.size > 0 && target.size > 0) found.push([source, target]);
  }
  directions.set(item, found);
  return found;
}

/** +1 when the goal converts from `source` to `target`, -1 for the reverse, 0 when it does not say. */
function directionVote(sequence: Sequence, source: ReadonlySet<string>, target: ReadonlySet<string>): number {
  let vote = 0;
  for (const { fromMarker, next } of sequence.markers) {
    const namesSource = next.some((t) => source.has(t));
    const namesTarget = next.some((t) => target.has(t));
    if (namesSource === namesTarget) continue;
    vote += fromMarker === namesSource ? 1 : -1;
  }
  if (vote !== 0) return Math.sign(vote);
  const first = (set: ReadonlySet<string>): number => {
    let at = Infinity;
    for (const t of set) at = Math.min(at, sequence.firstAt.get(t) ?? Infinity);
    return at;
  };
  const a = first(source);
  const b = first(target);
  if (a === Infinity || b === Infinity || a === b) return 0;
  // "how many minutes are in 3.5 hours" names the target first.
  const inverted = sequence.howMany >= 0 && sequence.howMany < Math.min(a, b);
  return a < b !== inverted ? 1 : -1;
}

/** One runs a subset of the other's tools (a tool and a workflow built around it). */
export function related(a: CatalogItem, b: CatalogItem): boolean {
  const inA = new Set(a.operationIds);
  const inB = new Set(b.operationIds);
  return a.operationIds.every((id) => inB.has(id)) || b.operationIds.every((id) => inA.has(id));
}

/**
 * Fields of which the tool needs one though each is optional alone: its schema refuses an empty input and its message
 * names them ("give exactly one of text or csv", "give at least one of title, description or transcript"). The router's
 * weights were measured with the groups of the refinements written out in a tool (`weighed`); weighing those declared
 * with `oneOfFields` too cost goals, so they are only `asked` for.
 */
function requiredTogether(tool: AnyTool, fields: string[], required: string[]): { weighed: string[][]; asked: string[][] } {
  // (The required fields from the first example: a refinement runs only on an input whose fields pass.)
  const example = (tool.examples[0]?.input ?? {}) as Record<string, unknown>;
  const parsed = tool.input.safeParse(Object.fromEntries(required.flatMap((field) => (field in example ? [[field, example[field]]] : []))));
  const groups = { weighed: [] as string[][], asked: [] as string[][] };
  if (parsed.success) return groups;
  const optional = fields.filter((field) => !required.includes(field));
  for (const issue of parsed.error.issues) {
    if (!optional.includes(String(issue.path[0])) || !/\bone of\b/.test(issue.message)) continue;
    const group = fields.filter((field) => field === issue.path[0] || new RegExp(`\\b${field}\\b`).test(issue.message));
    (ONE_OF_FIELDS in ((issue as { params?: object }).params ?? {}) ? groups.asked : groups.weighed).push(group);
  }
  return groups;
}

function toolItem(tool: AnyTool): CatalogItem {
  const schema = jsonSchemaOf(tool.input, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  const fields = Object.keys(schema.properties ?? {});
  const together = requiredTogether(tool, fields, schema.required ?? []);
  const requires = [...(schema.required ?? []).map((field) => [field]), ...together.weighed];
  // A file tool needs its upload (over MCP: as the file pipeline provides it — a fileId, URL or base64).
  if (tool.upload && !tool.upload.optional) {
    fields.push(tool.upload.field);
    requires.push([tool.upload.field]);
  }
  return {
    kind: 'tool',
    id: tool.operationId,
    title: tool.title,
    description: tool.description,
    group: tool.module,
    module: tool.module,
    keywords: tool.keywords,
    exampleGoals: [],
    operationIds: [tool.operationId],
    cost: tool.cost,
    fields,
    requires,
    needs: [...requires, ...together.asked],
    exampleInput: (tool.examples[0]?.input as Record<string, unknown> | undefined) ?? {},
    boost: 1,
    tool,
    workflow: undefined,
  };
}

function workflowItem(workflow: Workflow, registry: Registry): CatalogItem {
  return {
    kind: 'workflow',
    id: workflow.id,
    title: workflow.title,
    description: workflow.description,
    group: workflow.category,
    module: undefined,
    keywords: workflow.keywords,
    exampleGoals: workflow.exampleGoals,
    operationIds: workflow.steps.map((s) => s.operationId),
    cost: workflow.steps.reduce((sum, s) => sum + (registry.byOperationId(s.operationId)?.cost ?? 0), 0),
    fields: Object.keys(workflow.inputs),
    requires: workflow.requires,
    needs: workflow.requires,
    exampleInput: workflow.exampleInput,
    boost: workflow.boost ?? 1,
    tool: undefined,
    workflow,
  };
}

function toDoc(item: CatalogItem): IndexedDoc {
  const slug = item.tool ? item.tool.slug : item.id;
  const groupTitle = item.module ? MODULES[item.module].title : item.group;
  return {
    id: item.id,
    title: item.title,
    slug: slug.replace(/[-/]/g, ' '),
    keywords: item.keywords.join(' . '),
    goals: item.exampleGoals.join(' . '),
    description: withoutLimits(item.description),
    group: `${groupTitle} ${item.kind === 'workflow' ? 'workflow job audit' : ''}`,
    options: item.tool ? optionsOf(item.tool).join(' ') : '',
  };
}

/**
 * A description without the sentences that state what the item does not do ("Encrypted (password-protected)
 * archives are not supported", "no OCR"): their words name jobs it refuses, so they must not match a goal
 * asking for exactly that job.
 */
function withoutLimits(description: string): string {
  return description
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .filter((sentence) => !LIMIT.test(sentence))
    .join(' ');
}

const LIMIT =
  /\b(?:(?:is|are|was|were)\s+not\s+(?:supported|possible|handled|read|kept|converted|fetched)|not\s+supported|unsupported|cannot|can't|no\s+OCR)\b/i;

/** The string values a tool's input fields allow (enums, also inside anyOf), words only. */
function optionsOf(tool: AnyTool): string[] {
  const schema = jsonSchemaOf(tool.input, 'input') as { properties?: Record<string, Record<string, unknown>> };
  const values = new Set<string>();
  for (const property of Object.values(schema.properties ?? {})) {
    const items = property.items as Record<string, unknown> | undefined;
    for (const variant of [property, items ?? {}, ...((property.anyOf as Array<Record<string, unknown>> | undefined) ?? [])])
      if (Array.isArray(variant.enum)) for (const value of variant.enum) if (typeof value === 'string' && /[a-z]{3}/i.test(value)) values.add(value);
  }
  return [...values];
}

function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j] ?? 0;
      prev[j] = Math.min(above + 1, (prev[j - 1] ?? 0) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = above;
    }
  }
  return prev[b.length] ?? 0;
}

/** The query names a URL or a domain. */
function hasPage(query: string): boolean {
  const facts = factsOf(query);
  return facts.urls.length > 0 || facts.domains.length > 0;
}

/** Edit distance with adjacent swaps counted as one edit (optimal string alignment), stopping above `limit`. */
function typoDistance(a: string, b: string, limit: number): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
