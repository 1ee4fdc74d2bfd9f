/**
 * A curated jargon → plain English dictionary, drawn from the plain-language guidance of the US Federal
 * Plain Language Guidelines ("Use simple words and phrases"), the GOV.UK style guide's "words to avoid"
 * and common corporate buzzwords. Verbs are inflected (leverage/leverages/leveraged/leveraging map to
 * use/uses/used/using), countable nouns pluralised, phrases matched with any spacing.
 * Module-internal: no default export.
 */

export const JARGON_CATEGORIES = ['business', 'bureaucratic', 'legal', 'tech', 'marketing', 'finance', 'hr'] as const;
export type JargonCategory = (typeof JARGON_CATEGORIES)[number];

interface Entry {
  term: string;
  plain: string;
  explanation: string;
  category: JargonCategory;
  /** verb: inflect both sides; noun: pluralise both sides (countable); phrase: match as written. */
  kind: 'verb' | 'noun' | 'phrase';
  /** Plural of the plain noun when it is not the regular one. */
  plainPlural?: string;
  /** A verb that is also a common noun or adjective ("impact", "action"): matched only where it must be a verb. */
  ambiguous?: boolean;
}

const v = (term: string, plain: string, category: JargonCategory, explanation: string, ambiguous = false): Entry => ({
  term,
  plain,
  category,
  explanation,
  kind: 'verb',
  ...(ambiguous ? { ambiguous } : {}),
});
const n = (term: string, plain: string, category: JargonCategory, explanation: string, plainPlural?: string): Entry => ({
  term,
  plain,
  category,
  explanation,
  kind: 'noun',
  ...(plainPlural ? { plainPlural } : {}),
});
const p = (term: string, plain: string, category: JargonCategory, explanation: string): Entry => ({ term, plain, category, explanation, kind: 'phrase' });

export const DICTIONARY: Entry[] = [
  // business buzzwords
  v('leverage', 'use', 'business', '"Leverage" as a verb is a buzzword for using something to advantage.'),
  v('utilize', 'use', 'bureaucratic', '"Utilize" means nothing more than "use".'),
  v('utilise', 'use', 'bureaucratic', '"Utilise" means nothing more than "use".'),
  v('incentivize', 'encourage', 'business', 'To give someone a reason (often money) to do something.'),
  v('incentivise', 'encourage', 'business', 'To give someone a reason (often money) to do something.'),
  v('operationalize', 'put into practice', 'business', 'To turn an idea or plan into something that is actually done.'),
  v('ideate', 'brainstorm', 'business', 'To come up with ideas.'),
  v('synergize', 'work together', 'business', 'To combine efforts so the result is better than working apart.'),
  v('action', 'do', 'business', '"Action" as a verb means to deal with or carry out a task.', true),
  v('actionize', 'do', 'business', 'A made-up verb for carrying something out.'),
  v('dialogue', 'discuss', 'business', '"Dialogue" as a verb means to talk something through.', true),
  v('onboard', 'introduce', 'hr', 'To bring a new employee or customer in and get them started.', true),
  v('upskill', 'train', 'hr', 'To teach someone new skills.'),
  v('ping', 'message', 'tech', 'To send someone a quick message.', true),
  v('circle back', 'follow up', 'business', 'To return to a topic or contact someone again later.'),
  v('touch base', 'talk', 'business', 'To make brief contact with someone.'),
  v('reach out to', 'contact', 'business', 'To get in touch with someone.'),
  v('reach out', 'get in touch', 'business', 'To get in touch with someone.'),
  v('drill down', 'look closely', 'business', 'To examine something in more detail.'),
  v('productize', 'turn into a product', 'business', 'To package a service or idea so it can be sold as a product.'),
  v('monetize', 'make money from', 'finance', 'To earn money from something.'),
  v('optimize', 'improve', 'tech', 'To make something work as well as possible.'),
  v('streamline', 'simplify', 'business', 'To make a process simpler and faster.'),
  v('empower', 'allow', 'business', 'To give someone the authority or means to do something.'),
  v('facilitate', 'help', 'bureaucratic', 'To make something easier to do.'),
  v('commence', 'start', 'bureaucratic', 'A formal word for "start" or "begin".'),
  v('terminate', 'end', 'bureaucratic', 'A formal word for "end" or "stop".'),
  v('endeavor', 'try', 'bureaucratic', 'A formal word for "try".'),
  v('endeavour', 'try', 'bureaucratic', 'A formal word for "try".'),
  v('ascertain', 'find out', 'bureaucratic', 'To find out for certain.'),
  v('expedite', 'speed up', 'bureaucratic', 'To make something happen faster.'),
  v('disseminate', 'share', 'bureaucratic', 'To spread information widely.'),
  v('procure', 'buy', 'bureaucratic', 'To obtain or buy something, usually formally.'),
  v('remunerate', 'pay', 'finance', 'To pay someone for work.'),
  v('ameliorate', 'improve', 'bureaucratic', 'To make something better.'),
  v('effectuate', 'carry out', 'bureaucratic', 'To make something happen.'),
  v('promulgate', 'announce', 'legal', 'To make a law or rule officially known.'),
  v('sunset', 'phase out', 'tech', 'To gradually stop offering a product or feature.', true),
  v('greenlight', 'approve', 'business', 'To give permission to go ahead.', true),
  v('architect', 'design', 'tech', '"Architect" as a verb means to design a system.', true),
  v('impact', 'affect', 'business', '"Impact" as a verb usually just means "affect".', true),
  // business nouns
  n('synergy', 'cooperation', 'business', 'The extra benefit of working together.', 'benefits of working together'),
  n('bandwidth', 'time', 'business', 'In office speak, the time or capacity someone has to take on work.', 'time'),
  n('deliverable', 'result', 'business', 'Something a project must produce and hand over.'),
  n('learnings', 'lessons', 'business', '"Learnings" is office speak for lessons learned.'),
  n('stakeholder', 'person involved', 'business', 'Anyone affected by or with an interest in a project.', 'people involved'),
  n('paradigm shift', 'big change', 'business', 'A fundamental change in how something is done or seen.'),
  n('pain point', 'problem', 'marketing', 'A problem that frustrates customers.'),
  n('value proposition', 'benefit', 'marketing', 'The reason a customer should buy from you.'),
  n('thought leader', 'expert', 'marketing', 'Someone recognised as an authority in a field.'),
  n('core competency', 'main strength', 'business', 'What an organisation is especially good at.', 'main strengths'),
  n('best practice', 'proven method', 'business', 'A method that is widely accepted as the most effective.'),
  n('use case', 'use', 'tech', 'A specific situation in which a product is used.'),
  n('silver bullet', 'simple fix', 'business', 'A single, simple solution to a complicated problem.'),
  n('game changer', 'big change', 'marketing', 'Something that changes a situation significantly.'),
  n('win-win', 'good for everyone', 'business', 'A result that benefits everyone involved.', 'good outcomes for everyone'),
  n('headcount', 'number of staff', 'hr', 'The number of people employed.', 'numbers of staff'),
  n('human capital', 'staff', 'hr', 'The people who work for an organisation, and their skills.', 'staff'),
  n('ROI', 'return on investment', 'finance', 'Return on investment: what you gain compared with what you spent.', 'returns on investment'),
  n('KPI', 'key measure', 'business', 'Key performance indicator: a number used to track progress toward a goal.'),
  n('OKR', 'goal and measure', 'business', 'Objectives and key results: a goal plus the measures of reaching it.', 'goals and measures'),
  n('burn rate', 'monthly spending', 'finance', 'How fast a company spends its cash, usually per month.'),
  n(
    'EBITDA',
    'operating profit',
    'finance',
    'Earnings before interest, taxes, depreciation and amortisation: a measure of operating profit.',
    'operating profits',
  ),
  n('bleeding edge', 'newest technology', 'tech', 'Technology so new it is still risky.', 'newest technologies'),
  n('deep dive', 'detailed look', 'business', 'A detailed examination of a topic.'),
  n('deep-dive', 'detailed look', 'business', 'A detailed examination of a topic.'),
  n('tech debt', 'shortcuts to fix later', 'tech', 'Work created by taking shortcuts in code that must be fixed later.', 'shortcuts to fix later'),
  n('technical debt', 'shortcuts to fix later', 'tech', 'Work created by taking shortcuts in code that must be fixed later.', 'shortcuts to fix later'),
  n(
    'omnichannel',
    'every channel',
    'marketing',
    'Selling and communicating through all channels (online, in store, phone) in a joined-up way.',
    'every channel',
  ),
  n('touchpoint', 'contact', 'marketing', 'Any point where a customer interacts with a business.'),
  n('call to action', 'request', 'marketing', 'A prompt asking the reader to do something, such as "Buy now".', 'requests'),
  n('low-hanging fruit', 'easy win', 'business', 'Tasks or goals that are easy to achieve.', 'easy wins'),
  // phrases
  p('move the needle', 'make a real difference', 'business', 'To make a noticeable improvement.'),
  p('moves the needle', 'makes a real difference', 'business', 'To make a noticeable improvement.'),
  p('moving the needle', 'making a real difference', 'business', 'To make a noticeable improvement.'),
  p('think outside the box', 'think creatively', 'business', 'To think in new or unusual ways.'),
  p('thinking outside the box', 'thinking creatively', 'business', 'To think in new or unusual ways.'),
  p('boil the ocean', 'take on too much', 'business', 'To attempt something far too big.'),
  p('at the end of the day', 'ultimately', 'business', 'A filler phrase meaning "ultimately".'),
  p('going forward', 'from now on', 'business', 'A filler phrase meaning "in future".'),
  p('moving forward', 'from now on', 'business', 'A filler phrase meaning "in future".'),
  p('on the same page', 'in agreement', 'business', 'Agreeing or sharing the same understanding.'),
  p('take it offline', 'discuss it later', 'business', 'To continue a discussion privately, outside the meeting.'),
  p('take this offline', 'discuss this later', 'business', 'To continue a discussion privately, outside the meeting.'),
  p('run it up the flagpole', 'test the idea', 'business', 'To try out an idea to see how people react.'),
  p('open the kimono', 'share information', 'business', 'To reveal information (an expression many find offensive).'),
  p('peel the onion', 'examine it layer by layer', 'business', 'To look at a problem step by step.'),
  p('hard stop', 'firm end time', 'business', 'A time at which a meeting must end.'),
  p('in the weeds', 'lost in detail', 'business', 'Too focused on small details.'),
  p('level set', 'agree on the basics', 'business', 'To make sure everyone starts from the same understanding.'),
  p('value add', 'benefit', 'business', 'An extra benefit.'),
  p('best-in-class', 'leading', 'marketing', 'Better than the rest of its kind.'),
  p('best in class', 'leading', 'marketing', 'Better than the rest of its kind.'),
  p('world-class', 'excellent', 'marketing', 'Among the best in the world (often an empty claim).'),
  p('cutting-edge', 'latest', 'marketing', 'The newest and most advanced.'),
  p('cutting edge', 'latest', 'marketing', 'The newest and most advanced.'),
  p('state-of-the-art', 'modern', 'marketing', 'The newest and most advanced.'),
  p('next-generation', 'new', 'marketing', 'Newer or improved (often an empty claim).'),
  p('mission-critical', 'essential', 'tech', 'So important that failure would stop the business.'),
  p('scalable', 'able to grow', 'tech', 'Able to handle more users or work without breaking down.'),
  p('robust', 'strong', 'tech', 'Strong and unlikely to fail.'),
  p('seamless', 'smooth', 'marketing', 'Working smoothly without visible breaks.'),
  p('seamlessly', 'smoothly', 'marketing', 'Working smoothly without visible breaks.'),
  p('holistic', 'complete', 'business', 'Looking at the whole of something rather than its parts.'),
  p('actionable', 'practical', 'business', 'Something you can act on.'),
  p('proactive', 'forward-looking', 'business', 'Acting in advance rather than reacting.'),
  p('proactively', 'in advance', 'business', 'Acting in advance rather than reacting.'),
  p('customer-centric', 'focused on customers', 'marketing', 'Putting the customer at the centre of decisions.'),
  p('data-driven', 'based on data', 'tech', 'Decided by analysing data.'),
  // wordy / bureaucratic phrases
  p('in order to', 'to', 'bureaucratic', '"In order to" almost always means just "to".'),
  p('due to the fact that', 'because', 'bureaucratic', 'A long way of saying "because".'),
  p('owing to the fact that', 'because', 'bureaucratic', 'A long way of saying "because".'),
  p('in light of the fact that', 'because', 'bureaucratic', 'A long way of saying "because".'),
  p('despite the fact that', 'although', 'bureaucratic', 'A long way of saying "although".'),
  p('at this point in time', 'now', 'bureaucratic', 'A long way of saying "now".'),
  p('at the present time', 'now', 'bureaucratic', 'A long way of saying "now".'),
  p('in the near future', 'soon', 'bureaucratic', 'A long way of saying "soon".'),
  p('in the event that', 'if', 'bureaucratic', 'A long way of saying "if".'),
  p('with regard to', 'about', 'bureaucratic', 'A long way of saying "about".'),
  p('with regards to', 'about', 'bureaucratic', 'A long way of saying "about".'),
  p('in regard to', 'about', 'bureaucratic', 'A long way of saying "about".'),
  p('with respect to', 'about', 'bureaucratic', 'A long way of saying "about".'),
  p('in relation to', 'about', 'bureaucratic', 'A long way of saying "about".'),
  p('a large number of', 'many', 'bureaucratic', 'A long way of saying "many".'),
  p('a majority of', 'most', 'bureaucratic', 'A long way of saying "most".'),
  p('on a daily basis', 'daily', 'bureaucratic', 'A long way of saying "daily".'),
  p('on a regular basis', 'regularly', 'bureaucratic', 'A long way of saying "regularly".'),
  p('for the purpose of', 'for', 'bureaucratic', 'A long way of saying "for".'),
  p('is able to', 'can', 'bureaucratic', 'A long way of saying "can".'),
  p('are able to', 'can', 'bureaucratic', 'A long way of saying "can".'),
  p('has the ability to', 'can', 'bureaucratic', 'A long way of saying "can".'),
  p('have the ability to', 'can', 'bureaucratic', 'A long way of saying "can".'),
  p('prior to', 'before', 'bureaucratic', 'A formal way of saying "before".'),
  p('subsequent to', 'after', 'bureaucratic', 'A formal way of saying "after".'),
  p('in lieu of', 'instead of', 'legal', 'Instead of.'),
  p('pursuant to', 'under', 'legal', 'In accordance with, or under (a law, contract or rule).'),
  p('notwithstanding', 'despite', 'legal', 'In spite of.'),
  p('henceforth', 'from now on', 'legal', 'From this time on.'),
  p('heretofore', 'until now', 'legal', 'Before now.'),
  p('hereinafter', 'from now on in this document', 'legal', 'Later in this document.'),
  p('herein', 'in this document', 'legal', 'In this document.'),
  p('thereof', 'of it', 'legal', 'Of the thing just mentioned.'),
  p('whereby', 'by which', 'legal', 'By which; through which.'),
  p('aforementioned', 'mentioned', 'legal', 'Mentioned earlier.'),
  p('forthwith', 'immediately', 'legal', 'Immediately.'),
  p('inter alia', 'among other things', 'legal', 'Latin for "among other things".'),
  p('null and void', 'invalid', 'legal', 'Having no legal force.'),
  p('force majeure', "events beyond anyone's control", 'legal', 'Unforeseeable events (war, disaster) that excuse a party from a contract.'),
  p('indemnify', 'protect from loss', 'legal', "To promise to cover another person's losses or legal costs."),
  p('approximately', 'about', 'bureaucratic', 'A formal word for "about".'),
  p('sufficient', 'enough', 'bureaucratic', 'A formal word for "enough".'),
  p('numerous', 'many', 'bureaucratic', 'A formal word for "many".'),
  p('assistance', 'help', 'bureaucratic', 'A formal word for "help".'),
  p('methodology', 'method', 'bureaucratic', 'Often used where "method" is meant.'),
];

/** English inflection of a regular verb; the irregular plain verbs used above are listed. */
const IRREGULAR: Record<string, [string, string, string]> = {
  do: ['does', 'did', 'doing'],
  buy: ['buys', 'bought', 'buying'],
  find: ['finds', 'found', 'finding'],
  make: ['makes', 'made', 'making'],
  put: ['puts', 'put', 'putting'],
  set: ['sets', 'set', 'setting'],
  ping: ['pings', 'pinged', 'pinging'],
  sunset: ['sunsets', 'sunsetted', 'sunsetting'],
  pay: ['pays', 'paid', 'paying'],
  get: ['gets', 'got', 'getting'],
};

export function inflect(verb: string): [string, string, string, string] {
  const irregular = IRREGULAR[verb];
  if (irregular) return [verb, ...irregular];
  const third = /(?:s|x|z|ch|sh)$/.test(verb) ? `${verb}es` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`;
  const past = verb.endsWith('e') ? `${verb}d` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ied` : `${verb}ed`;
  const gerund = verb.endsWith('ie') ? `${verb.slice(0, -2)}ying` : /[^e]e$/.test(verb) ? `${verb.slice(0, -1)}ing` : `${verb}ing`;
  return [verb, third, past, gerund];
}

/** Inflects the first word of a (phrasal) verb: "follow up" → "followed up". */
function inflectPhrase(phrase: string): [string, string, string, string] {
  const [head, ...rest] = phrase.split(' ');
  const tail = rest.length > 0 ? ` ${rest.join(' ')}` : '';
  return inflect(head!).map((form) => form + tail) as [string, string, string, string];
}

function pluralize(noun: string): string {
  const words = noun.split(' ');
  const last = words.pop()!;
  if (/^[A-Z]+$/.test(last)) return [...words, `${last}s`].join(' ');
  const plural = /(?:s|x|z|ch|sh)$/.test(last) ? `${last}es` : /[^aeiou]y$/.test(last) ? `${last.slice(0, -1)}ies` : `${last}s`;
  return [...words, plural].join(' ');
}

/** Words after which an ambiguous verb's base form must be a verb ("to action", "will impact"). */
const VERB_CUES = ['to', 'will', 'would', 'can', 'could', 'should', 'must', 'may', 'might', "let's", 'please', 'we', 'they', 'I', 'you'];

export interface SurfaceForm {
  form: string;
  plain: string;
  entry: Entry;
}

/** Every written form of every entry with its plain replacement. */
export function surfaceForms(): SurfaceForm[] {
  const out: SurfaceForm[] = [];
  for (const entry of DICTIONARY) {
    if (entry.kind === 'verb') {
      const forms = inflectPhrase(entry.term);
      const plains = inflectPhrase(entry.plain);
      if (entry.ambiguous) {
        // Only the past and -ing forms, and the base form after a word that makes it a verb.
        out.push({ form: forms[2], plain: plains[2], entry }, { form: forms[3], plain: plains[3], entry });
        for (const cue of VERB_CUES) out.push({ form: `${cue} ${forms[0]}`, plain: `${cue} ${plains[0]}`, entry });
      } else {
        forms.forEach((form, i) => out.push({ form, plain: plains[i]!, entry }));
      }
    } else if (entry.kind === 'noun') {
      out.push({ form: entry.term, plain: entry.plain, entry });
      if (entry.term !== 'learnings') out.push({ form: pluralize(entry.term), plain: entry.plainPlural ?? pluralize(entry.plain), entry });
    } else {
      out.push({ form: entry.term, plain: entry.plain, entry });
    }
  }
  return out;
}
