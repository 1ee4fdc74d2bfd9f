import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { analyzeAtsGapForCaller, atsResultSchema } from './lib/ats.ts';

/** A resume or job ad is a few pages; 50,000 characters (about 20 pages) is the bound of each. */
const MAX_ATS_CHARS = 50_000;

const document = (what: string) =>
  z
    .string()
    .max(MAX_ATS_CHARS, `at most ${MAX_ATS_CHARS.toLocaleString('en')} characters`)
    .refine((t) => /\p{L}/u.test(t), 'must contain text')
    .describe(what);

export default defineTool({
  module: 'text-intelligence',
  slug: 'ats-gap',
  cpu: 'always',
  title: 'ATS keyword gap (resume vs job description)',
  description:
    'Compares a resume with a job description the way applicant tracking systems do and shows what is missing. Keywords ' +
    'of the job description come from a skills lexicon with synonyms and abbreviations (JS = JavaScript, k8s = Kubernetes, ' +
    "Postgres = PostgreSQL, ML = machine learning, BSc = bachelor's degree…) and from its noun phrases (part-of-speech " +
    'tagged); each is weighted by where it appears (requirements 3×, responsibilities 2×, nice-to-have 1×; benefits and ' +
    '"about us" are ignored). The resume is matched exactly, by synonym, by word stems (Porter) or partially. Returns ' +
    '`matchScore` (0–100), `matchedKeywords`, `missingKeywords`, every keyword with how and where it matched, the skills of ' +
    'both texts, the resume section by section (summary, experience, skills, education… from its headings), contact checks, ' +
    'and an audit (score, scoreBreakdown, findings with stable ids and fixes). English texts. The body is `{status, result, warnings}`.',
  keywords: ['ats', 'resume', 'cv', 'job description', 'keyword gap', 'applicant tracking system', 'resume scanner', 'job match', 'skills gap'],
  input: () =>
    z.object({
      jobDescription: document('The job description or posting (plain text, max 50,000 characters)'),
      resume: document('The resume / CV as plain text (max 50,000 characters)'),
    }),
  output: () => atsResultSchema,
  response: 'status-result-warnings',
  examples: [
    {
      title: 'synonyms and stems count; missing required skills are high findings',
      input: {
        jobDescription: 'Requirements:\n- Experience with JavaScript and Kubernetes\n- Building data pipelines\n\nNice to have:\n- GraphQL',
        resume:
          'Sam Lee\nsam@example.com | +44 20 7946 0958\n\nExperience\n- Built a data pipeline in JS that cut costs by 20%\n- Ran services on k8s for 3 teams\n\nSkills\nJS, k8s, Docker\n\nEducation\nBSc Physics',
      },
      output: {
        matchScore: 90,
        matchedKeywords: ['JavaScript', 'Kubernetes', 'data pipelines'],
        missingKeywords: ['GraphQL'],
        keywords: [
          {
            keyword: 'JavaScript',
            canonical: 'JavaScript',
            source: 'skills lexicon',
            category: 'hard skill',
            importance: 'required',
            jobDescriptionCount: 1,
            resumeCount: 2,
            matched: true,
            matchedBy: 'synonym',
            resumeSpellings: ['JS'],
            resumeSections: ['experience', 'skills'],
          },
          {
            keyword: 'Kubernetes',
            canonical: 'Kubernetes',
            source: 'skills lexicon',
            category: 'hard skill',
            importance: 'required',
            jobDescriptionCount: 1,
            resumeCount: 2,
            matched: true,
            matchedBy: 'synonym',
            resumeSpellings: ['k8s'],
            resumeSections: ['experience', 'skills'],
          },
          {
            keyword: 'data pipelines',
            canonical: 'ETL',
            source: 'skills lexicon',
            category: 'hard skill',
            importance: 'required',
            jobDescriptionCount: 1,
            resumeCount: 1,
            matched: true,
            matchedBy: 'synonym',
            resumeSpellings: ['data pipeline'],
            resumeSections: ['experience'],
          },
          {
            keyword: 'GraphQL',
            canonical: 'GraphQL',
            source: 'skills lexicon',
            category: 'hard skill',
            importance: 'preferred',
            jobDescriptionCount: 1,
            resumeCount: 0,
            matched: false,
            matchedBy: null,
            resumeSpellings: [],
            resumeSections: [],
          },
        ],
        skills: {
          jobDescription: ['JavaScript', 'GraphQL', 'ETL', 'Kubernetes'],
          resume: ['JavaScript', 'ETL', 'Docker', 'Kubernetes', "bachelor's degree"],
          resumeOnly: ['Docker', "bachelor's degree"],
        },
        sections: [
          { name: 'header', heading: null, words: 8, keywords: [] },
          { name: 'experience', heading: 'Experience', words: 18, keywords: ['JavaScript', 'Kubernetes', 'data pipelines'] },
          { name: 'skills', heading: 'Skills', words: 3, keywords: ['JavaScript', 'Kubernetes'] },
          { name: 'education', heading: 'Education', words: 2, keywords: [] },
        ],
        missingSections: [],
        contact: { email: true, phone: true, linkedin: false },
        stats: { resumeWords: 34, jobDescriptionWords: 13, keywordsChecked: 4 },
        score: 89,
        scoreBreakdown: { keywordMatch: 54, requiredKeywords: 15, sections: 10, contact: 5, length: 0, quantifiedAchievements: 5 },
        findings: [
          {
            id: 'ats.length.short',
            severity: 'medium',
            title: 'Resume is short',
            evidence: '34 words',
            fix: 'Aim for 400–800 words: describe each role with 3–5 bullets of what you did and achieved.',
          },
          {
            id: 'ats.keyword.missing.graphql',
            severity: 'low',
            title: 'Missing preferred keyword "GraphQL"',
            evidence: '1× in the job description; not in the resume',
            fix: 'If you have this experience, write "GraphQL" as the job description does, in a bullet of your experience and in your skills section.',
          },
          {
            id: 'ats.contact.linkedin-missing',
            severity: 'info',
            title: 'No LinkedIn profile link',
            evidence: 'no linkedin.com/in/ link',
            fix: 'Add your LinkedIn profile URL to the contact line.',
          },
        ],
      },
    },
    {
      title: 'a resume without headings or contact details',
      input: {
        jobDescription: 'We are hiring a project manager. Must have PMP certification and stakeholder management experience.',
        resume: 'I managed projects for ten years and worked with many stakeholders.',
      },
      output: {
        matchScore: 13,
        matchedKeywords: [],
        missingKeywords: ['PMP', 'stakeholder management', 'project manager'],
        keywords: [
          {
            keyword: 'PMP',
            canonical: 'PMP',
            source: 'skills lexicon',
            category: 'certification',
            importance: 'required',
            jobDescriptionCount: 1,
            resumeCount: 0,
            matched: false,
            matchedBy: null,
            resumeSpellings: [],
            resumeSections: [],
          },
          {
            keyword: 'stakeholder management',
            canonical: 'stakeholder management',
            source: 'skills lexicon',
            category: 'hard skill',
            importance: 'required',
            jobDescriptionCount: 1,
            resumeCount: 0,
            matched: false,
            matchedBy: null,
            resumeSpellings: [],
            resumeSections: [],
          },
          {
            keyword: 'project manager',
            canonical: null,
            source: 'noun phrase',
            category: 'other',
            importance: 'mentioned',
            jobDescriptionCount: 1,
            resumeCount: 0,
            matched: false,
            matchedBy: 'partial',
            resumeSpellings: [],
            resumeSections: ['header'],
          },
        ],
        skills: { jobDescription: ['stakeholder management', 'PMP'], resume: [], resumeOnly: [] },
        sections: [{ name: 'header', heading: null, words: 11, keywords: ['project manager'] }],
        missingSections: ['experience', 'education', 'skills'],
        contact: { email: false, phone: false, linkedin: false },
        stats: { resumeWords: 11, jobDescriptionWords: 14, keywordsChecked: 3 },
        score: 8,
        scoreBreakdown: { keywordMatch: 8, requiredKeywords: 0, sections: 0, contact: 0, length: 0, quantifiedAchievements: 0 },
        findings: [
          {
            id: 'ats.contact.email-missing',
            severity: 'high',
            title: 'No e-mail address',
            evidence: 'no e-mail address found in the resume text',
            fix: 'Put your e-mail address in the resume body (not only in a header or footer, which some parsers skip).',
          },
          {
            id: 'ats.keyword.missing.pmp',
            severity: 'high',
            title: 'Missing required keyword "PMP"',
            evidence: '1× in the job description; not in the resume',
            fix: 'If you have this experience, write "PMP" as the job description does, in a bullet of your experience and in your skills section.',
          },
          {
            id: 'ats.keyword.missing.stakeholder-management',
            severity: 'high',
            title: 'Missing required keyword "stakeholder management"',
            evidence: '1× in the job description; not in the resume',
            fix: 'If you have this experience, write "stakeholder management" as the job description does, in a bullet of your experience and in your skills section.',
          },
          {
            id: 'ats.section.missing.experience',
            severity: 'high',
            title: 'No "experience" section heading found',
            evidence: 'headings found: none',
            fix: 'Add a plain heading "Experience" on its own line: ATS parsers look for standard section names.',
          },
          {
            id: 'ats.contact.phone-missing',
            severity: 'medium',
            title: 'No phone number',
            evidence: 'no phone number found in the resume text',
            fix: 'Add a phone number near your name.',
          },
          {
            id: 'ats.keyword.missing.project-manager',
            severity: 'medium',
            title: 'Only partly matched mentioned keyword "project manager"',
            evidence: '1× in the job description; its words appear in one resume line, but not as the phrase',
            fix: 'If you have this experience, write "project manager" as the job description does, in a bullet of your experience and in your skills section.',
          },
          {
            id: 'ats.length.short',
            severity: 'medium',
            title: 'Resume is short',
            evidence: '11 words',
            fix: 'Aim for 400–800 words: describe each role with 3–5 bullets of what you did and achieved.',
          },
          {
            id: 'ats.section.missing.education',
            severity: 'medium',
            title: 'No "education" section heading found',
            evidence: 'headings found: none',
            fix: 'Add a plain heading "Education" on its own line: ATS parsers look for standard section names.',
          },
          {
            id: 'ats.section.missing.skills',
            severity: 'medium',
            title: 'No "skills" section heading found',
            evidence: 'headings found: none',
            fix: 'Add a plain heading "Skills" on its own line: ATS parsers look for standard section names.',
          },
          {
            id: 'ats.contact.linkedin-missing',
            severity: 'info',
            title: 'No LinkedIn profile link',
            evidence: 'no linkedin.com/in/ link',
            fix: 'Add your LinkedIn profile URL to the contact line.',
          },
        ],
      },
    },
  ],
  run: ({ jobDescription, resume }, ctx) => analyzeAtsGapForCaller(jobDescription, resume, (note) => ctx.warn(note), 'resume'),
});
