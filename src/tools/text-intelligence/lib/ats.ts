import { z } from 'zod';
import { clampScore, findingSchema, idPart, scoreBreakdownSchema, scoreSchema, sortFindings, type Finding, type Severity } from '../../../lib/nlp/audit.ts';
import { detectLanguage, isConfidentlyNotEnglish } from '../../../lib/nlp/language.ts';
import { nounPhrases } from '../../../lib/nlp/phrases.ts';
import { countWords, stem, stopwordsFor, wordTokensLoose } from '../../../lib/nlp/tokens.ts';
import { findSkills, type SkillCategory } from './skills.ts';
import { escapeRegExp } from '../../../lib/regexp.ts';

/**
 * ATS keyword gap analysis over plain text (`ats-gap` now, `ats-gap-file` once uploads exist). Keywords
 * of the job description come from a skills lexicon with synonyms (JS = JavaScript, k8s = Kubernetes…)
 * and from noun phrases (compromise POS tags); each gets an importance from the cue before it in its sentence
 * ("Required:", "nice to have"…) or else the section it is in (requirements, responsibilities, nice-to-have). The resume is matched exactly, by synonym, by Porter
 * stems ("managed projects" ~ "project management" is not a stem match; "data pipelines" ~ "data
 * pipeline" is) and partially (all words in one line). Module-internal: no default export.
 */

export type Importance = 'required' | 'mentioned' | 'preferred';
const WEIGHT: Record<Importance, number> = { required: 3, mentioned: 2, preferred: 1 };
const SEVERITY: Record<Importance, Severity> = { required: 'high', mentioned: 'medium', preferred: 'low' };

type JdSection = Importance | 'ignore';

const JD_HEADINGS: [RegExp, JdSection][] = [
  [
    /benefit|perks|about (?:us|the company|the team)|who we are|our (?:mission|story|values)|compensation|salary|pay range|equal opportunit|\beeo\b|how to apply|why (?:join|work)|what we offer|we offer/i,
    'ignore',
  ],
  [/nice[- ]to[- ]have|preferred|bonus|\bplus\b|desirable|good to have|extra credit|ideally/i, 'preferred'],
  [
    /require|qualification|must[- ]have|what you(?:'ll| will)? (?:need|bring)|you have|who you are|about you|ideal candidate|essential|skills|experience|competenc/i,
    'required',
  ],
  [/responsibilit|what you(?:'ll| will)? do|the role|duties|day[- ]to[- ]day|your impact|in this role|you will/i, 'mentioned'],
];

const RESUME_HEADINGS: [RegExp, string][] = [
  [/^(?:professional |career |executive )?(?:summary|profile|objective|about(?: me)?|overview)$/, 'summary'],
  [/^(?:(?:professional|work|relevant|employment|career) )?(?:experience|history|employment)(?: history)?$|^employment$|^work$/, 'experience'],
  [/^(?:education|academic(?: background| history)?|education(?: and| &) (?:training|certifications))$/, 'education'],
  [
    /^(?:(?:technical|core|key|relevant|professional) )?(?:skills|competencies|expertise|technologies|tech stack|tools)(?: (?:and|&) (?:tools|technologies|expertise))?$/,
    'skills',
  ],
  [/^(?:(?:personal|selected|key|academic) )?projects$/, 'projects'],
  [/^(?:certifications?|certificates|licen[cs]es|certifications? (?:and|&) licen[cs]es|courses|training)$/, 'certifications'],
  [/^(?:awards|honou?rs|achievements|accomplishments|awards (?:and|&) honou?rs)$/, 'awards'],
  [/^publications$/, 'publications'],
  [/^languages$/, 'languages'],
  [/^(?:volunteer(?:ing)?(?: experience| work)?)$/, 'volunteering'],
  [/^(?:interests|hobbies|hobbies (?:and|&) interests)$/, 'interests'],
  [/^references$/, 'references'],
];

/** Job-ad words that are never skills. */
const GENERIC = new Set([
  'team',
  'teams',
  'company',
  'companies',
  'role',
  'roles',
  'position',
  'candidate',
  'candidates',
  'opportunity',
  'opportunities',
  'benefit',
  'benefits',
  'salary',
  'experience',
  'experiences',
  'year',
  'years',
  'work',
  'job',
  'jobs',
  'ability',
  'abilities',
  'skill',
  'skills',
  'knowledge',
  'understanding',
  'environment',
  'culture',
  'people',
  'applicant',
  'applicants',
  'employer',
  'responsibility',
  'responsibilities',
  'requirement',
  'requirements',
  'qualification',
  'qualifications',
  'plus',
  'bonus',
  'range',
  'day',
  'days',
  'office',
  'hours',
  'location',
  'part',
  'way',
  'ways',
  'thing',
  'things',
  'lot',
  'level',
  'levels',
  'time',
  'world',
  'us',
  'you',
  'we',
  'they',
  'our',
  'your',
  'it',
  'familiarity',
  'proficiency',
  'background',
  'degree',
  'field',
  'related field',
  'equivalent',
  'equivalent experience',
  'track record',
  'passion',
  'mission',
  'impact',
  'growth',
  'success',
  'results',
  'goal',
  'goals',
  'needs',
  'need',
  'best',
  'role model',
  'member',
  'members',
  'focus',
  'use',
  'etc',
  'e.g',
  'i.e',
  'including',
  'variety',
  'number',
  'kind',
  'type',
  'types',
  'area',
  'areas',
  'example',
  'examples',
  'strong',
  'solid',
  'excellent',
  'new',
  'job description',
  'apply',
  'application',
  'industry',
  'hands',
  'hand',
  'fast',
]);

const CUE =
  /\b(?:(?<required>required|must|essential|mandatory|need to have|you have|minimum)|(?<preferred>nice to have|preferred|bonus|a plus|desirable|ideally|good to have))\b/gi;

function headingText(line: string): string {
  return line
    .replace(/^[#*\s\-–—•=_|]+|[:#*\s\-–—•=_|]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A heading is a short line that is not a bullet: ending with ":", a Markdown heading, ALL CAPS, or at
 * most five words without sentence punctuation. Callers still require it to name a known section.
 */
function looksLikeHeading(line: string): boolean {
  const trimmed = line.trim();
  if (/^(?:[-*•▪◦–]|\d+[.)])\s/.test(trimmed)) return false;
  const text = headingText(line);
  if (!text || text.length > 60 || countWords(text) > 7) return false;
  if (/:\s*$/.test(trimmed) || /^#{1,6}\s/.test(trimmed) || (text === text.toUpperCase() && /\p{Lu}/u.test(text))) return true;
  return countWords(text) <= 5 && !/[.,;!?]/.test(text);
}

interface Line {
  text: string;
  start: number;
}

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    out.push({ text: raw, start });
    start += raw.length + 1;
  }
  return out;
}

function lineAt(lines: Line[], offset: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The section of each line of a job description: its heading's, or the last heading's above it ('mentioned' before any). */
function jdLineSections(lines: Line[]): { section: JdSection; heading: boolean }[] {
  let current: JdSection = 'mentioned';
  return lines.map((line) => {
    if (looksLikeHeading(line.text)) {
      const match = JD_HEADINGS.find(([pattern]) => pattern.test(headingText(line.text)));
      if (match) {
        current = match[1];
        return { section: current, heading: true };
      }
    }
    return { section: current, heading: false };
  });
}

/** Sentence (and clause) ends within a line: ".", "!" or "?" before a space or the end, and ";". */
const CLAUSE_END = /[.!?](?=\s|$)|;/g;

/**
 * The importance of a keyword at an offset of the job description: the cue ("Required:", "must", "nice to have",
 * "a plus"…) nearest before it in its sentence, else the first cue after it in that sentence ("Python is required"),
 * else its section's. "Required: Python, AWS. Preferred: Terraform." makes Python and AWS required, Terraform preferred.
 * Each line's sentence ends and cues are found once, when a keyword is first looked up in it.
 */
function importanceOf(lines: Line[], sections: { section: JdSection; heading: boolean }[]): (offset: number) => Importance {
  const perLine = new Map<number, { ends: number[]; cues: { index: number; importance: Importance }[] }>();
  return (offset) => {
    const index = lineAt(lines, offset);
    const { section, heading } = sections[index]!;
    const fallback: Importance = section === 'ignore' ? 'mentioned' : section;
    if (heading || section === 'ignore') return fallback;
    const { text, start } = lines[index]!;
    let found = perLine.get(index);
    if (!found) {
      found = {
        ends: Array.from(text.matchAll(CLAUSE_END), (m) => m.index),
        cues: Array.from(text.matchAll(CUE), (m) => ({ index: m.index, importance: m.groups!.required ? ('required' as const) : ('preferred' as const) })),
      };
      perLine.set(index, found);
    }
    const at = offset - start;
    const from = found.ends.findLast((e) => e < at) ?? -1;
    const to = found.ends.find((e) => e >= at) ?? text.length;
    const before = found.cues.findLast((c) => c.index > from && c.index < at);
    if (before) return before.importance;
    return found.cues.find((c) => c.index >= at && c.index < to)?.importance ?? fallback;
  };
}

function stronger(a: Importance | undefined, b: Importance): Importance {
  if (a === undefined) return b;
  return WEIGHT[a] >= WEIGHT[b] ? a : b;
}

export interface ResumeSection {
  name: string;
  heading: string | null;
  startLine: number;
  endLine: number;
}

/** Splits a resume at its headings (Experience, Education, Skills…); text before the first is the header. */
export function resumeSections(lines: Line[]): ResumeSection[] {
  const sections: ResumeSection[] = [{ name: 'header', heading: null, startLine: 0, endLine: lines.length - 1 }];
  lines.forEach((line, index) => {
    if (!looksLikeHeading(line.text)) return;
    const heading = headingText(line.text);
    const normalized = heading
      .toLowerCase()
      .replace(/[^a-z&\s]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    const found = RESUME_HEADINGS.find(([pattern]) => pattern.test(normalized));
    if (!found) return;
    sections[sections.length - 1]!.endLine = index - 1;
    sections.push({ name: found[1], heading, startLine: index, endLine: lines.length - 1 });
  });
  return sections.filter((s) => s.name !== 'header' || s.endLine >= s.startLine);
}

function sectionOfLine(sections: ResumeSection[], line: number): string {
  return sections.find((s) => line >= s.startLine && line <= s.endLine)?.name ?? 'header';
}

const keywordSchema = z.object({
  keyword: z.string().describe('As the job description writes it'),
  canonical: z.string().nullable().describe('The skill\'s standard name when it comes from the skills lexicon (e.g. "Kubernetes" for "k8s")'),
  source: z
    .enum(['skills lexicon', 'noun phrase'])
    .describe('Where the keyword came from: the skills lexicon (with synonyms) or a noun phrase of the job description'),
  category: z.enum(['hard skill', 'soft skill', 'certification', 'education', 'language', 'other']),
  importance: z
    .enum(['required', 'mentioned', 'preferred'])
    .describe('required (requirements section or "must"), mentioned (responsibilities, elsewhere), preferred (nice to have)'),
  jobDescriptionCount: z.number().int().nonnegative(),
  resumeCount: z.number().int().nonnegative(),
  matched: z.boolean(),
  matchedBy: z
    .enum(['exact', 'synonym', 'stem', 'partial'])
    .nullable()
    .describe('exact spelling, a synonym/abbreviation, the same word stems, or partial (all words in one resume line, counts half)'),
  resumeSpellings: z.array(z.string()).describe('How the resume writes it'),
  resumeSections: z.array(z.string()).describe('Resume sections it appears in'),
});

export const atsResultSchema = z.object({
  matchScore: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe("Weighted share of the job description's keywords found in the resume (required 3×, mentioned 2×, preferred 1×; partial matches count half)"),
  matchedKeywords: z.array(z.string()).describe('Keywords found in the resume, most important first'),
  missingKeywords: z.array(z.string()).describe('Keywords not found (or only partially), most important first'),
  keywords: z.array(keywordSchema),
  skills: z.object({
    jobDescription: z.array(z.string()).describe('Lexicon skills in the job description'),
    resume: z.array(z.string()).describe('Lexicon skills in the resume'),
    resumeOnly: z.array(z.string()).describe('Skills in the resume that the job description does not ask for'),
  }),
  sections: z
    .array(z.object({ name: z.string(), heading: z.string().nullable(), words: z.number().int().nonnegative(), keywords: z.array(z.string()) }))
    .describe('The resume section by section, with the job keywords each contains'),
  missingSections: z.array(z.string()).describe('Standard sections (experience, education, skills) without a heading in the resume'),
  contact: z.object({ email: z.boolean(), phone: z.boolean(), linkedin: z.boolean() }),
  stats: z.object({ resumeWords: z.number().int(), jobDescriptionWords: z.number().int(), keywordsChecked: z.number().int() }),
  score: scoreSchema.describe('ATS readiness: keyword match, required keywords, sections, contact details, length, quantified achievements'),
  scoreBreakdown: scoreBreakdownSchema,
  findings: z.array(findingSchema),
});
export type AtsResult = z.infer<typeof atsResultSchema>;

interface JdKeyword {
  id: string;
  keyword: string;
  canonical: string | null;
  source: 'skills lexicon' | 'noun phrase';
  category: SkillCategory | 'other';
  importance: Importance;
  count: number;
  first: number;
  /** Lexicon skills: the skill id; phrases: the stem sequence. */
  key: string;
  spellings: string[];
}

const MAX_PHRASES = 15;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/u;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{2,4}[\s.-]\d{2,4}[\s.-]?\d{2,6}/;
const LINKEDIN = /linkedin\.com\/in\//i;
const NUMBER_IN_BULLET = /\d|%|\$|€|£/;

function escapeRegex(text: string): string {
  return escapeRegExp(text).replace(/\s+/g, '[\\s-]+');
}

export function analyzeAtsGap(jobDescription: string, resume: string): AtsResult {
  const jdLines = linesOf(jobDescription);
  const jdSections = jdLineSections(jdLines);
  const importance = importanceOf(jdLines, jdSections);
  // Ignored lines (benefits, about us) are blanked with spaces, so offsets still point into the original.
  const relevant = jdLines.map((l, i) => (jdSections[i]!.section === 'ignore' ? ' '.repeat(l.text.length) : l.text)).join('\n');
  const ignoredText = jdLines
    .filter((_, i) => jdSections[i]!.section === 'ignore')
    .map((l) => l.text)
    .join('\n')
    .toLowerCase();

  // 1. Lexicon skills of the job description, with the strongest importance of their mentions.
  const keywords: JdKeyword[] = [];
  const jdSkillHits = findSkills(relevant);
  for (const hit of jdSkillHits) {
    let level: Importance | undefined;
    for (const position of hit.positions) level = stronger(level, importance(position));
    // Shown as the job description writes it (an ATS matches that wording); the canonical name is kept beside it.
    const display = hit.spellings.length === 1 && hit.spellings[0]!.toLowerCase() !== hit.skill.name.toLowerCase() ? hit.spellings[0]! : hit.skill.name;
    keywords.push({
      id: hit.skill.id,
      keyword: display,
      canonical: hit.skill.name,
      source: 'skills lexicon',
      category: hit.skill.category,
      importance: level ?? 'mentioned',
      count: hit.positions.length,
      first: Math.min(...hit.positions),
      key: hit.skill.id,
      spellings: hit.spellings,
    });
  }

  // 2. Noun phrases the lexicon does not know, grouped by stems.
  const skillSpans = jdSkillHits.flatMap((hit) => hit.positions.map((p, i) => [p, hit.ends[i]!] as const));
  const stop = stopwordsFor('eng');
  const phrases = new Map<string, { spellings: Map<string, number>; count: number; first: number; level: Importance; proper: boolean }>();
  for (const phrase of nounPhrases(relevant)) {
    const lower = phrase.text.toLowerCase();
    const words = wordTokensLoose(lower);
    if (words.length === 0 || GENERIC.has(lower) || words.every((w) => GENERIC.has(w) || stop.has(w))) continue;
    if (words.length === 1 && (words[0]!.length < 3 || /^\d/.test(words[0]!))) continue;
    const end = phrase.start + phrase.text.length;
    if (skillSpans.some(([a, b]) => phrase.start < b && a < end)) continue; // the lexicon already covers it (with synonyms)
    if (phrase.proper && words.some((w) => ignoredText.includes(w))) continue; // the company's own name
    const key = words
      .filter((w) => !stop.has(w))
      .map(stem)
      .join(' ');
    const level = importance(phrase.start);
    const entry = phrases.get(key) ?? { spellings: new Map<string, number>(), count: 0, first: phrase.start, level, proper: phrase.proper };
    entry.count++;
    entry.level = stronger(entry.level, level);
    entry.spellings.set(phrase.text, (entry.spellings.get(phrase.text) ?? 0) + 1);
    phrases.set(key, entry);
  }
  const rankedPhrases = [...phrases.entries()]
    .filter(([key, p]) => key.includes(' ') || p.count >= 2)
    .map(([key, p]) => ({ key, ...p, weight: p.count * WEIGHT[p.level] * (key.includes(' ') ? 1.5 : 1) }))
    .sort((a, b) => b.weight - a.weight || a.first - b.first)
    .slice(0, MAX_PHRASES);
  for (const p of rankedPhrases) {
    const [display] = [...p.spellings.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const keyword = p.proper ? display![0] : display![0].toLowerCase();
    keywords.push({
      id: idPart(keyword),
      keyword,
      canonical: null,
      source: 'noun phrase',
      category: 'other',
      importance: p.level,
      count: p.count,
      first: p.first,
      key: p.key,
      spellings: [...p.spellings.keys()],
    });
  }

  // 3. The resume: sections, skills, stemmed lines.
  const resumeLines = linesOf(resume);
  const sections = resumeSections(resumeLines);
  const resumeSkillHits = findSkills(resume);
  const resumeSkills = new Map(resumeSkillHits.map((hit) => [hit.skill.id, hit]));
  const stemmedLines = resumeLines.map((l) => wordTokensLoose(l.text).map(stem));

  const results = keywords.map((k) => {
    let matchedBy: 'exact' | 'synonym' | 'stem' | 'partial' | null = null;
    let resumeCount = 0;
    const spellings = new Set<string>();
    const inSections = new Set<string>();
    if (k.source === 'skills lexicon') {
      const hit = resumeSkills.get(k.key);
      if (hit) {
        resumeCount = hit.positions.length;
        hit.spellings.forEach((s) => spellings.add(s));
        for (const position of hit.positions) inSections.add(sectionOfLine(sections, lineAt(resumeLines, position)));
        const jdSpellings = new Set(k.spellings.map((s) => s.toLowerCase()));
        matchedBy = hit.spellings.some((s) => jdSpellings.has(s.toLowerCase())) ? 'exact' : 'synonym';
      }
    } else {
      const exact = new RegExp(`(?<![\\p{L}\\p{N}])(?:${k.spellings.map(escapeRegex).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
      for (const match of resume.matchAll(exact)) {
        resumeCount++;
        spellings.add(match[0]);
        inSections.add(sectionOfLine(sections, lineAt(resumeLines, match.index)));
      }
      if (resumeCount > 0) matchedBy = 'exact';
      else {
        const stems = k.key.split(' ');
        stemmedLines.forEach((line, index) => {
          const joined = ` ${line.join(' ')} `;
          if (joined.includes(` ${k.key} `)) {
            resumeCount++;
            inSections.add(sectionOfLine(sections, index));
          }
        });
        if (resumeCount > 0) matchedBy = 'stem';
        else if (stems.length > 1) {
          const line = stemmedLines.findIndex((l) => stems.every((s) => l.includes(s)));
          if (line >= 0) {
            matchedBy = 'partial';
            inSections.add(sectionOfLine(sections, line));
          }
        }
      }
    }
    return { k, matchedBy, resumeCount, spellings: [...spellings], sections: [...inSections] };
  });

  results.sort(
    (a, b) =>
      WEIGHT[b.k.importance] * (1 + Math.min(b.k.count - 1, 4) * 0.25) - WEIGHT[a.k.importance] * (1 + Math.min(a.k.count - 1, 4) * 0.25) ||
      a.k.first - b.k.first,
  );

  let possible = 0;
  let earned = 0;
  let requiredTotal = 0;
  let requiredMatched = 0;
  for (const r of results) {
    const weight = WEIGHT[r.k.importance] * (1 + Math.min(r.k.count - 1, 4) * 0.25);
    possible += weight;
    const credit = r.matchedBy === null ? 0 : r.matchedBy === 'partial' ? 0.5 : 1;
    earned += weight * credit;
    if (r.k.importance === 'required') {
      requiredTotal++;
      if (credit === 1) requiredMatched++;
    }
  }
  const matchScore = possible === 0 ? 0 : Math.round((earned / possible) * 100);

  // 4. Structure, contact and length checks.
  const present = new Set(sections.map((s) => s.name));
  const missingSections = ['experience', 'education', 'skills'].filter((name) => !present.has(name));
  const contact = { email: EMAIL.test(resume), phone: PHONE.test(resume), linkedin: LINKEDIN.test(resume) };
  const resumeWords = countWords(resume);
  const experience = sections.filter((s) => s.name === 'experience');
  const experienceLines = experience.flatMap((s) => resumeLines.slice(s.startLine + 1, s.endLine + 1)).filter((l) => countWords(l.text) >= 4);
  const quantified = experienceLines.filter((l) => NUMBER_IN_BULLET.test(l.text.replace(/\b(?:19|20)\d{2}\b/g, ''))).length;

  const findings: Finding[] = [];
  for (const r of results) {
    if (r.matchedBy !== null && r.matchedBy !== 'partial') continue;
    findings.push({
      id: `ats.keyword.missing.${r.k.id}`,
      severity: SEVERITY[r.k.importance],
      title: `${r.matchedBy === 'partial' ? 'Only partly matched' : 'Missing'} ${r.k.importance} keyword "${r.k.keyword}"`,
      evidence: `${r.k.count}× in the job description${r.matchedBy === 'partial' ? '; its words appear in one resume line, but not as the phrase' : '; not in the resume'}`,
      fix: `If you have this experience, write "${r.k.keyword}" as the job description does, in a bullet of your experience and in your skills section.`,
    });
  }
  if (present.has('experience') && present.has('skills')) {
    for (const r of results) {
      if (r.matchedBy === null || r.k.category !== 'hard skill') continue;
      if (r.sections.length === 1 && r.sections[0] === 'skills') {
        findings.push({
          id: `ats.keyword.skills-section-only.${r.k.id}`,
          severity: 'info',
          title: `"${r.k.keyword}" appears only in the skills list`,
          evidence: 'not mentioned in any experience entry',
          fix: `Show "${r.k.keyword}" in an experience bullet with what you built or achieved with it.`,
        });
      }
    }
  }
  for (const name of missingSections) {
    findings.push({
      id: `ats.section.missing.${name}`,
      severity: name === 'experience' ? 'high' : 'medium',
      title: `No "${name}" section heading found`,
      evidence: `headings found: ${
        sections
          .filter((s) => s.heading)
          .map((s) => s.heading)
          .join(', ') || 'none'
      }`,
      fix: `Add a plain heading "${name.charAt(0).toUpperCase()}${name.slice(1)}" on its own line: ATS parsers look for standard section names.`,
    });
  }
  if (!contact.email)
    findings.push({
      id: 'ats.contact.email-missing',
      severity: 'high',
      title: 'No e-mail address',
      evidence: 'no e-mail address found in the resume text',
      fix: 'Put your e-mail address in the resume body (not only in a header or footer, which some parsers skip).',
    });
  if (!contact.phone)
    findings.push({
      id: 'ats.contact.phone-missing',
      severity: 'medium',
      title: 'No phone number',
      evidence: 'no phone number found in the resume text',
      fix: 'Add a phone number near your name.',
    });
  if (!contact.linkedin)
    findings.push({
      id: 'ats.contact.linkedin-missing',
      severity: 'info',
      title: 'No LinkedIn profile link',
      evidence: 'no linkedin.com/in/ link',
      fix: 'Add your LinkedIn profile URL to the contact line.',
    });
  if (resumeWords < 250)
    findings.push({
      id: 'ats.length.short',
      severity: 'medium',
      title: 'Resume is short',
      evidence: `${resumeWords} words`,
      fix: 'Aim for 400–800 words: describe each role with 3–5 bullets of what you did and achieved.',
    });
  else if (resumeWords > 1200)
    findings.push({
      id: 'ats.length.long',
      severity: 'low',
      title: 'Resume is long',
      evidence: `${resumeWords} words`,
      fix: 'Keep to about two pages (under ~1,000 words): cut older or unrelated roles.',
    });
  if (experienceLines.length >= 3 && quantified < 2) {
    findings.push({
      id: 'ats.achievements.not-quantified',
      severity: 'low',
      title: 'Few quantified achievements',
      evidence: `${quantified} of ${experienceLines.length} experience lines contain a number`,
      fix: 'Add numbers to your bullets: percentages, amounts, team sizes, time saved.',
    });
  }

  const sectionPoints = (present.has('experience') ? 4 : 0) + (present.has('education') ? 3 : 0) + (present.has('skills') ? 3 : 0);
  const scoreBreakdown = {
    keywordMatch: Math.round(matchScore * 0.6),
    requiredKeywords: requiredTotal === 0 ? Math.round(matchScore * 0.15) : Math.round((requiredMatched / requiredTotal) * 15),
    sections: sectionPoints,
    contact: (contact.email ? 3 : 0) + (contact.phone ? 2 : 0),
    length: resumeWords >= 250 && resumeWords <= 1200 ? 5 : resumeWords >= 150 ? 2 : 0,
    quantifiedAchievements: experienceLines.length === 0 ? 0 : quantified >= 2 ? 5 : quantified === 1 ? 2 : 0,
  };

  const jdSkillNames = jdSkillHits.map((h) => h.skill.name);
  const jdSkillIds = new Set(jdSkillHits.map((h) => h.skill.id));
  return {
    matchScore,
    matchedKeywords: results.filter((r) => r.matchedBy !== null && r.matchedBy !== 'partial').map((r) => r.k.keyword),
    missingKeywords: results.filter((r) => r.matchedBy === null || r.matchedBy === 'partial').map((r) => r.k.keyword),
    keywords: results.map((r) => ({
      keyword: r.k.keyword,
      canonical: r.k.canonical,
      source: r.k.source,
      category: r.k.category,
      importance: r.k.importance,
      jobDescriptionCount: r.k.count,
      resumeCount: r.resumeCount,
      matched: r.matchedBy !== null && r.matchedBy !== 'partial',
      matchedBy: r.matchedBy,
      resumeSpellings: r.spellings,
      resumeSections: r.sections,
    })),
    skills: {
      jobDescription: jdSkillNames,
      resume: resumeSkillHits.map((h) => h.skill.name),
      resumeOnly: resumeSkillHits.filter((h) => !jdSkillIds.has(h.skill.id)).map((h) => h.skill.name),
    },
    sections: sections.map((s) => {
      const text = resumeLines
        .slice(s.startLine + (s.heading ? 1 : 0), s.endLine + 1)
        .map((l) => l.text)
        .join('\n');
      return {
        name: s.name,
        heading: s.heading,
        words: countWords(text),
        keywords: results.filter((r) => r.sections.includes(s.name)).map((r) => r.k.keyword),
      };
    }),
    missingSections,
    contact,
    stats: { resumeWords, jobDescriptionWords: countWords(jobDescription), keywordsChecked: results.length },
    score: clampScore(Object.values(scoreBreakdown).reduce((a, b) => a + b, 0)),
    scoreBreakdown,
    findings: sortFindings(findings),
  };
}

/**
 * What the tools run: `analyzeAtsGap` plus notes to the caller when a text looks non-English (the skills lexicon and
 * phrase model are English) and when the posting yields few keywords. `resumeLabel` names the resume in the note.
 */
export function analyzeAtsGapForCaller(jobDescription: string, resume: string, warn: (note: string) => void, resumeLabel: string): AtsResult {
  for (const [label, text] of [
    ['jobDescription', jobDescription],
    [resumeLabel, resume],
  ] as const) {
    if (text.length < 60) continue;
    const language = detectLanguage(text);
    if (isConfidentlyNotEnglish(language)) {
      warn(`${label} looks like ${language.name}: the skills lexicon and phrase model are English, so matches may be incomplete.`);
    }
  }
  const result = analyzeAtsGap(jobDescription, resume);
  if (result.stats.keywordsChecked < 3) warn('Few keywords were found in the job description; paste the full posting, including its requirements.');
  return result;
}
