import { z } from 'zod';
import { sourceSchema, textFromUpload, UPLOAD_TEXT_FORMATS, UPLOAD_TEXT_SPEC } from '../../lib/extract/upload.ts';
import { defineTool } from '../../registry/define-tool.ts';
import atsGap from './ats-gap.ts';
import { analyzeAtsGapForCaller, atsResultSchema } from './lib/ats.ts';

/** A resume is a few pages: 50,000 characters (about 20 pages), as in ats-gap. */
const MAX_RESUME_CHARS = 50_000;

export default defineTool({
  module: 'text-intelligence',
  slug: 'ats-gap-file',
  title: 'ATS keyword gap from a resume file',
  description:
    `The upload twin of ats-gap: upload the resume / CV (${UPLOAD_TEXT_FORMATS}) as multipart/form-data in field "file" (or "resume") and send ` +
    "`jobDescription` as a form field. The resume's text is extracted (PDF with pdftotext in reading order, DOCX/ODT from their XML, so what an ATS " +
    'parser sees) and compared with the job description exactly like ats-gap: keywords from a skills lexicon with synonyms and from noun phrases, ' +
    'weighted by section, matched exactly, by synonym, by stem or partially. Returns `matchScore` (0–100), `matchedKeywords`, `missingKeywords`, every ' +
    "keyword with how it matched, the resume's sections, contact checks, the audit (score, scoreBreakdown, findings) and `source` (file name, format, " +
    'characters, pages). A resume whose text cannot be extracted (a scanned PDF) is refused: an ATS could not read it either. English texts. ' +
    'The body is `{status, result, warnings}`.',
  keywords: ['ats', 'resume pdf', 'cv upload', 'resume scanner', 'job description', 'keyword gap', 'applicant tracking system', 'docx resume', 'job match'],
  input: z.object({ jobDescription: atsGap.input.shape.jobDescription }),
  output: atsResultSchema.extend({ source: sourceSchema }),
  response: 'status-result-warnings',
  upload: { ...UPLOAD_TEXT_SPEC, aliases: ['resume'] },
  timeoutMs: 60_000,
  examples: [
    {
      title: 'a plain-text resume against a short posting',
      input: { jobDescription: 'Requirements:\n- Experience with Python and SQL\n\nNice to have:\n- Tableau' },
      upload: {
        fileName: 'resume.txt',
        content: 'Ana Ruiz\nana@example.com\n\nExperience\n- Built Python reports on SQL data\n\nSkills\nPython, SQL, Excel\n',
      },
      output: {
        matchScore: 86,
        matchedKeywords: ['Python', 'SQL'],
        missingKeywords: ['Tableau'],
        keywords: [
          {
            keyword: 'Python',
            canonical: 'Python',
            source: 'skills lexicon',
            category: 'hard skill',
            importance: 'required',
            jobDescriptionCount: 1,
            resumeCount: 2,
            matched: true,
            matchedBy: 'exact',
            resumeSpellings: ['Python'],
            resumeSections: ['experience', 'skills'],
          },
          {
            keyword: 'SQL',
            canonical: 'SQL',
            source: 'skills lexicon',
            category: 'hard skill',
            importance: 'required',
            jobDescriptionCount: 1,
            resumeCount: 2,
            matched: true,
            matchedBy: 'exact',
            resumeSpellings: ['SQL'],
            resumeSections: ['experience', 'skills'],
          },
          {
            keyword: 'Tableau',
            canonical: 'Tableau',
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
        skills: { jobDescription: ['Python', 'SQL', 'Tableau'], resume: ['Python', 'SQL', 'Excel'], resumeOnly: ['Excel'] },
        sections: [
          { name: 'header', heading: null, words: 4, keywords: [] },
          { name: 'experience', heading: 'Experience', words: 6, keywords: ['Python', 'SQL'] },
          { name: 'skills', heading: 'Skills', words: 3, keywords: ['Python', 'SQL'] },
        ],
        missingSections: ['education'],
        contact: { email: true, phone: false, linkedin: false },
        stats: { resumeWords: 15, jobDescriptionWords: 10, keywordsChecked: 3 },
        score: 77,
        scoreBreakdown: { keywordMatch: 52, requiredKeywords: 15, sections: 7, contact: 3, length: 0, quantifiedAchievements: 0 },
        findings: [
          {
            id: 'ats.contact.phone-missing',
            severity: 'medium',
            title: 'No phone number',
            evidence: 'no phone number found in the resume text',
            fix: 'Add a phone number near your name.',
          },
          {
            id: 'ats.length.short',
            severity: 'medium',
            title: 'Resume is short',
            evidence: '15 words',
            fix: 'Aim for 400–800 words: describe each role with 3–5 bullets of what you did and achieved.',
          },
          {
            id: 'ats.section.missing.education',
            severity: 'medium',
            title: 'No "education" section heading found',
            evidence: 'headings found: Experience, Skills',
            fix: 'Add a plain heading "Education" on its own line: ATS parsers look for standard section names.',
          },
          {
            id: 'ats.keyword.missing.tableau',
            severity: 'low',
            title: 'Missing preferred keyword "Tableau"',
            evidence: '1× in the job description; not in the resume',
            fix: 'If you have this experience, write "Tableau" as the job description does, in a bullet of your experience and in your skills section.',
          },
          {
            id: 'ats.contact.linkedin-missing',
            severity: 'info',
            title: 'No LinkedIn profile link',
            evidence: 'no linkedin.com/in/ link',
            fix: 'Add your LinkedIn profile URL to the contact line.',
          },
        ],
        source: { fileName: 'resume.txt', kind: 'txt', engine: 'text', characters: 98 },
      },
    },
    {
      title: 'a PDF resume',
      input: { jobDescription: 'We need a senior Java developer with Spring Boot and Kubernetes experience.' },
      upload: { fileName: 'cv.pdf' },
    },
    { title: 'a Word resume', input: { jobDescription: 'Project manager, PMP certified, stakeholder management.' }, upload: { fileName: 'resume.docx' } },
  ],
  run: async ({ jobDescription }, ctx) => {
    const { text, source } = await textFromUpload(ctx, { maxCharacters: MAX_RESUME_CHARS });
    return { ...analyzeAtsGapForCaller(jobDescription, text, (note) => ctx.warn(note), 'The resume'), source };
  },
});
