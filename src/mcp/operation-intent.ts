import type { CatalogItem, RankedItem } from './catalog.ts';

/**
 * What a goal asks to do with its subject: make something new ("make me a test jwt", "generate 10 uuids") or
 * look at something it has ("how strong is the password …", "is our sitemap valid", "decode this token").
 * Many tools come in such pairs over one subject (password generator / strength checker, JWT generator /
 * verifier, regex generator / tester); when the words tie, the kind of operation decides.
 */
export type Operation = 'create' | 'inspect';

// A goal that opens with the thing wanted and what it must do ("regex that matches a uk postcode", "a cron
// which runs at 9") asks for one to be made, as does one asking for the line that does something ("the cron line
// for every weekday at 7:30", "crontab line so the job fires mon-fri").
const CREATE =
  /\b(?:make|create|generate|build|produce|come up with|give me (?:a|an|some|\d+)|i need (?:a|an|some|\d+)|new|suggest|brainstorm|ideas?|variants|variations|alternatives|other versions)\b|^\s*(?:an? )?[\w-]+ (?:that|which) (?:matches|match|runs|run|fires|validates|accepts)\b|\b(?:cron(?:tab)?|regexp?|regular expression)\s+(?:(?:line|expression|entry|string|pattern)\s*)?(?:for\b|so\b|to (?:run|match|fire)\b|:\s*(?:every|mon|tue|wed|thu|fri|sat|sun|daily|weekly|hourly))/i;
const INSPECT =
  /\b(?:how (?:strong|secure|safe|good|long|many|fast)|(?:strong|secure|safe|good|long|short) enough|is (?:this|that|it|my|our|the)|is ["'‘“]|are (?:these|my|our|the)|check\w*|verif\w*|validat\w*|test(?:ing)?|analy[sz]\w*|audit\w*|decod\w*|pars\w*|explain\w*|inspect\w*|what(?:'s|s| is| does| do| are) (?:in|inside|this|that|these|the|it)|break(?:s|ing)? down|breakdown|survive)\b/i;

export function operationOf(goal: string): Operation | undefined {
  const create = CREATE.exec(goal);
  const inspect = INSPECT.exec(goal);
  if (create && (!inspect || create.index < inspect.index)) return 'create';
  if (inspect) return 'inspect';
  return undefined;
}

/**
 * A goal that opens with the verb of one operation ("write a robots.txt for my shop", "decode the qr code in this
 * photo"): the act itself, not a thing wanted ("i need a jwt decoded") or a question.
 */
const STRICT_CREATE = /^(?:(?:please|pls|plz)\s+)?(?:(?:can|could) you\s+)?(?:generate|create|write|make|build|draft|produce|compose)\b(?!\s+sure)/i;
const STRICT_INSPECT = /^(?:(?:please|pls|plz)\s+)?(?:(?:can|could) you\s+)?(?:decode|decrypt|scan|read|crack|identify|recogni[sz]e)\b/i;

export function strictOperationOf(goal: string): Operation | undefined {
  const text = goal.trim();
  return STRICT_CREATE.test(text) ? 'create' : STRICT_INSPECT.test(text) ? 'inspect' : undefined;
}

const CREATES = /\b(?:generator|builder|maker|variants)\b|-generator\b|-builder\b|-variants\b/;
const INSPECTS = /\b(?:checker|validator|analy[sz]er|tester|verifier|parser|decoder|evaluator|scanner)\b/;

/** The operation a tool does, from what it is called ("… generator", "… checker"); undefined when it says neither. */
export function operationOfItem(item: CatalogItem): Operation | undefined {
  if (item.kind !== 'tool') return undefined;
  const name = `${item.title} ${item.tool?.slug ?? ''}`.toLowerCase();
  if (CREATES.test(name)) return 'create';
  if (INSPECTS.test(name)) return 'inspect';
  return undefined;
}

/** A tool named for both operations ("Password hash generator and verifier"). */
export function doesBothOperations(item: CatalogItem): boolean {
  const name = `${item.title} ${item.tool?.slug ?? ''}`.toLowerCase();
  return item.kind === 'tool' && CREATES.test(name) && INSPECTS.test(name);
}

/** A candidate whose operation is not the goal's weighs this much of its score. */
const MISMATCH = 0.8;

/**
 * The ranking re-weighed by the goal's operation: a candidate that does the other kind of operation loses a
 * fifth of its score (enough to fall behind a near tie, not to lose a clear lead), best first again.
 */
export function byOperation(goal: string, ranked: RankedItem[]): RankedItem[] {
  const wanted = operationOf(goal);
  if (!wanted) return ranked;
  let changed = false;
  const weighed = ranked.map((r) => {
    const does = operationOfItem(r.item);
    if (!does || does === wanted) return r;
    changed = true;
    return { ...r, score: r.score * MISMATCH };
  });
  return changed ? weighed.sort((a, b) => b.score - a.score) : ranked;
}
