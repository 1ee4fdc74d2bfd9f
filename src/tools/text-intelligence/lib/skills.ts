/**
 * A skills lexicon for resume/job matching: canonical names with their synonyms, abbreviations and
 * spellings (JS/JavaScript, k8s/Kubernetes, Postgres/PostgreSQL, ML/machine learning…). Aliases marked
 * case-sensitive are ordinary words in lower case ("Go", "React", "Excel", "Swift"). Module-internal.
 */

import { lazyValue } from '../../../lib/lazy.ts';
import { escapeRegExp } from '../../../lib/regexp.ts';

export type SkillCategory = 'hard skill' | 'soft skill' | 'certification' | 'education' | 'language';

export interface Skill {
  /** Stable id (for finding ids). */
  id: string;
  name: string;
  category: SkillCategory;
  /** Case-insensitive spellings. */
  aliases: string[];
  /** Spellings that only count with this exact capitalisation. */
  exact?: string[];
  /** The name is also an ordinary English word ("Go", "Swift"): not counted at the start of a sentence. */
  wordLike?: boolean;
}

const h = (name: string, aliases: string[] = [], exact: string[] = []): Skill => ({
  id: idOf(name),
  name,
  category: 'hard skill',
  aliases: [name, ...aliases],
  ...(exact.length ? { exact } : {}),
});
const hx = (name: string, exact: string[], aliases: string[] = []): Skill => ({
  id: idOf(name),
  name,
  category: 'hard skill',
  aliases,
  exact: [name, ...exact],
  wordLike: true,
});
const s = (name: string, aliases: string[] = []): Skill => ({ id: idOf(name), name, category: 'soft skill', aliases: [name, ...aliases] });
const c = (name: string, aliases: string[] = [], exact: string[] = []): Skill => ({
  id: idOf(name),
  name,
  category: 'certification',
  aliases,
  exact: [name, ...exact],
});
const e = (name: string, aliases: string[] = [], exact: string[] = []): Skill => ({
  id: idOf(name),
  name,
  category: 'education',
  aliases: [name, ...aliases],
  ...(exact.length ? { exact } : {}),
});
const l = (name: string): Skill => ({ id: idOf(name), name, category: 'language', aliases: [], exact: [name] });

function idOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/\+\+/g, 'pp')
    .replace(/#/g, 'sharp')
    .replace(/\./g, 'dot')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const SKILLS: Skill[] = [
  // languages and runtimes
  h('JavaScript', ['ECMAScript', 'ES6', 'Vanilla JS'], ['JS']),
  h('TypeScript', [], ['TS']),
  h('Python', ['Python3', 'Python 3']),
  h('Java', ['Java SE', 'Java EE', 'J2EE']),
  h('Kotlin'),
  h('Scala'),
  hx('Go', [], ['Golang']),
  h('C++', ['cpp', 'C/C++']),
  h('C#', ['C sharp', 'csharp']),
  h('.NET', ['dotnet', 'ASP.NET', '.NET Core', 'dot net']),
  h('PHP'),
  h('Ruby'),
  hx('Ruby on Rails', ['Rails', 'RoR']),
  hx('Rust', []),
  hx('Swift', [], ['SwiftUI']),
  h('Objective-C', ['ObjC']),
  hx('R', [], ['RStudio', 'R programming']),
  h('SQL', ['T-SQL', 'PL/SQL', 'structured query language']),
  h('Bash', ['shell scripting', 'shell scripts', 'Unix shell']),
  h('HTML', ['HTML5']),
  h('CSS', ['CSS3']),
  h('Sass', ['SCSS']),
  h('Solidity'),
  // frameworks and libraries
  hx('React', ['ReactJS', 'React.js'], ['reactjs', 'react.js']),
  h('React Native'),
  hx('Angular', ['AngularJS'], ['angularjs']),
  h('Vue.js', ['Vue', 'VueJS', 'Vue 3']),
  h('Next.js', ['NextJS']),
  h('Svelte', ['SvelteKit']),
  h('Node.js', ['NodeJS', 'Node JS'], ['Node']),
  hx('Express', ['Express.js', 'ExpressJS'], ['express.js', 'expressjs']),
  h('NestJS'),
  h('Django'),
  hx('Flask', []),
  h('FastAPI'),
  hx('Spring', ['Spring Boot', 'Spring Framework'], ['spring boot']),
  h('Laravel'),
  h('Tailwind CSS', ['Tailwind', 'TailwindCSS']),
  h('Redux'),
  h('GraphQL'),
  hx('REST', ['RESTful', 'REST API', 'REST APIs'], ['restful', 'rest api', 'rest apis']),
  h('gRPC'),
  h('jQuery'),
  h('Flutter'),
  hx('Unity', ['Unity3D']),
  h('Pandas'),
  h('NumPy'),
  h('scikit-learn', ['sklearn', 'scikit learn']),
  h('TensorFlow'),
  h('PyTorch'),
  h('Keras'),
  h('Hugging Face', ['HuggingFace', 'transformers library']),
  h('LangChain'),
  // data and ML
  h('machine learning', [], ['ML']),
  h('deep learning'),
  h('artificial intelligence', [], ['AI']),
  h('natural language processing', [], ['NLP']),
  h('computer vision'),
  h('large language models', ['large language model', 'LLMs'], ['LLM']),
  h('generative AI', ['GenAI', 'gen AI']),
  h('data analysis', ['data analytics', 'analyzing data', 'analysing data']),
  h('data visualization', ['data visualisation', 'dashboards', 'dashboarding']),
  h('statistics', ['statistical analysis', 'statistical modeling', 'statistical modelling']),
  h('A/B testing', ['AB testing', 'split testing', 'A/B tests', 'experimentation']),
  h('ETL', ['ELT', 'data pipelines', 'data pipeline']),
  h('data modeling', ['data modelling', 'dimensional modeling', 'dimensional modelling']),
  h('data warehousing', ['data warehouse', 'data warehouses']),
  h('big data'),
  hx('Spark', ['Apache Spark', 'PySpark'], ['pyspark']),
  h('Hadoop'),
  h('Kafka', ['Apache Kafka']),
  h('Airflow', ['Apache Airflow']),
  hx('dbt', [], ['data build tool']),
  hx('Snowflake', []),
  h('BigQuery', ['Google BigQuery']),
  h('Databricks'),
  h('Tableau'),
  h('Power BI', ['PowerBI']),
  h('Looker'),
  // databases
  h('PostgreSQL', ['Postgres', 'psql']),
  h('MySQL', ['MariaDB']),
  h('MongoDB', ['Mongo']),
  h('Redis'),
  h('Elasticsearch', ['Elastic Search', 'OpenSearch'], ['ELK']),
  h('DynamoDB'),
  h('Cassandra'),
  h('SQLite'),
  h('Oracle Database', ['Oracle DB', 'Oracle SQL']),
  h('SQL Server', ['MSSQL', 'MS SQL', 'Microsoft SQL Server']),
  h('NoSQL'),
  // cloud and ops
  h('AWS', ['Amazon Web Services']),
  h('Google Cloud', ['GCP', 'Google Cloud Platform']),
  h('Azure', ['Microsoft Azure']),
  h('AWS Lambda', ['Lambda functions']),
  h('serverless'),
  h('Docker', ['containers', 'containerization', 'containerisation']),
  h('Kubernetes', ['k8s', 'EKS', 'GKE', 'AKS']),
  hx('Helm', [], ['Helm charts']),
  h('Terraform', ['infrastructure as code', 'IaC']),
  h('Ansible'),
  h('CI/CD', ['continuous integration', 'continuous delivery', 'continuous deployment', 'CI / CD', 'CICD']),
  h('Jenkins'),
  h('GitHub Actions'),
  h('GitLab CI', ['GitLab CI/CD']),
  h('Git', ['GitHub', 'GitLab', 'Bitbucket', 'version control']),
  h('Linux', ['Unix', 'Ubuntu', 'RHEL', 'Debian']),
  h('DevOps'),
  h('site reliability engineering', ['SRE']),
  h('observability', ['monitoring', 'Prometheus', 'Grafana', 'Datadog', 'New Relic', 'OpenTelemetry']),
  h('microservices', ['microservice', 'microservice architecture', 'service-oriented architecture', 'SOA']),
  h('distributed systems'),
  h('system design', ['software architecture', 'systems design']),
  h('API design', ['API development', 'APIs']),
  h('cybersecurity', ['information security', 'InfoSec', 'IT security', 'application security', 'AppSec']),
  h('penetration testing', ['pentesting', 'pen testing', 'ethical hacking']),
  h('networking', ['TCP/IP', 'computer networks', 'network engineering']),
  // quality
  h('unit testing', ['unit tests', 'TDD', 'test-driven development']),
  h('test automation', ['automated testing', 'automation testing', 'automated tests']),
  h('Selenium'),
  h('Cypress'),
  h('Playwright'),
  h('Jest', ['Vitest', 'Mocha']),
  h('quality assurance', ['QA', 'software testing', 'manual testing']),
  // product, design, marketing, business
  h('Agile', ['agile methodologies', 'agile methodology']),
  h('Scrum'),
  h('Kanban'),
  h('Jira', ['JIRA', 'Atlassian Jira']),
  h('Confluence'),
  h('project management', ['managing projects', 'program management', 'programme management']),
  h('product management', ['product manager', 'product ownership', 'product owner']),
  h('stakeholder management', ['managing stakeholders', 'stakeholder engagement']),
  h('roadmapping', ['product roadmap', 'roadmaps', 'roadmap planning']),
  h('UX design', ['user experience', 'UX', 'user-centered design', 'user-centred design']),
  h('UI design', ['user interface design', 'UI', 'interface design', 'visual design']),
  h('user research', ['usability testing', 'user interviews']),
  h('wireframing', ['wireframes', 'prototyping', 'prototypes', 'mockups']),
  h('accessibility', ['WCAG', 'a11y']),
  h('Figma'),
  hx('Sketch', []),
  h('Adobe Photoshop', ['Photoshop']),
  h('Adobe Illustrator', [], ['Illustrator']),
  h('Adobe Creative Suite', ['Adobe Creative Cloud', 'Adobe CC']),
  h('SEO', ['search engine optimization', 'search engine optimisation']),
  h('SEM', ['search engine marketing', 'PPC', 'pay-per-click', 'paid search']),
  h('Google Analytics', ['GA4', 'Universal Analytics']),
  h('Google Ads', ['AdWords', 'Google AdWords']),
  h('content marketing', ['content strategy', 'content creation']),
  h('social media marketing', ['social media', 'social media management']),
  h('email marketing', ['email campaigns', 'Mailchimp', 'marketing automation']),
  h('copywriting', ['copy writing', 'copy editing', 'copyediting']),
  h('CRM', ['customer relationship management']),
  h('Salesforce', ['SFDC']),
  h('HubSpot'),
  h('SAP', ['SAP ERP', 'S/4HANA']),
  hx(
    'Excel',
    ['Microsoft Excel', 'MS Excel', 'spreadsheets', 'VLOOKUP', 'pivot tables'],
    ['microsoft excel', 'ms excel', 'spreadsheets', 'vlookup', 'pivot tables'],
  ),
  h('PowerPoint', ['MS PowerPoint', 'Microsoft PowerPoint']),
  h('Microsoft Office', ['MS Office', 'Microsoft 365', 'Office 365']),
  h('Google Workspace', ['G Suite', 'Google Sheets', 'Google Docs']),
  h('accounting', ['bookkeeping', 'accounts payable', 'accounts receivable']),
  h('financial modeling', ['financial modelling', 'financial models', 'DCF']),
  h('budgeting', ['budget management', 'forecasting', 'financial planning', 'FP&A']),
  h('GAAP', ['US GAAP']),
  h('IFRS'),
  h('QuickBooks', ['Xero']),
  h('payroll'),
  h('recruiting', ['recruitment', 'talent acquisition', 'sourcing candidates']),
  h('customer service', ['customer support', 'client service', 'customer care', 'customer success']),
  h('sales', ['selling', 'B2B sales', 'inside sales', 'outside sales']),
  h('lead generation', ['lead gen', 'prospecting', 'pipeline generation']),
  h('account management', ['key account management', 'client management']),
  h('business development', ['bizdev', 'BD']),
  h('negotiation', ['negotiating', 'contract negotiation']),
  h('SaaS', ['software as a service']),
  h('B2B'),
  h('e-commerce', ['ecommerce', 'eCommerce', 'Shopify']),
  h('supply chain', ['supply chain management', 'logistics', 'procurement']),
  h('mobile development', ['mobile apps', 'mobile applications', 'app development']),
  hx('iOS', []),
  h('Android', ['Android SDK']),
  h('blockchain', ['Web3', 'smart contracts']),
  // soft skills
  s('communication', ['communication skills', 'written communication', 'verbal communication', 'communicator', 'communicate']),
  s('leadership', ['leading teams', 'team leadership', 'people management', 'managing teams', 'team lead']),
  s('teamwork', ['collaboration', 'team player', 'collaborative', 'cross-functional', 'cross functional']),
  s('problem solving', ['problem-solving', 'solving problems', 'troubleshooting']),
  s('critical thinking', ['analytical thinking', 'analytical skills', 'analytical']),
  s('time management', ['prioritization', 'prioritisation', 'managing priorities', 'multitasking']),
  s('attention to detail', ['detail-oriented', 'detail oriented', 'meticulous']),
  s('adaptability', ['adaptable', 'flexibility', 'fast-paced environment', 'fast paced environment']),
  s('mentoring', ['mentorship', 'coaching', 'mentored', 'coached']),
  s('presentation skills', ['public speaking', 'presenting', 'presentations']),
  s('creativity', ['creative thinking', 'creative']),
  s('organization', ['organizational skills', 'organisational skills', 'organised', 'organized']),
  s('ownership', ['self-starter', 'self starter', 'proactive', 'initiative']),
  s('customer focus', ['customer-focused', 'customer-centric', 'customer obsession']),
  // certifications and education
  c('PMP', ['Project Management Professional']),
  c('CPA', ['Certified Public Accountant']),
  c('CFA', ['Chartered Financial Analyst']),
  c('CISSP'),
  c('CISM'),
  c('Certified Scrum Master', ['Scrum Master', 'ScrumMaster', 'PSM'], ['CSM']),
  c('AWS Certified', ['AWS certification', 'AWS Solutions Architect', 'AWS Certified Solutions Architect']),
  c('ITIL'),
  c('Six Sigma', ['Lean Six Sigma', 'Green Belt', 'Black Belt']),
  c('PRINCE2'),
  e(
    "bachelor's degree",
    ['bachelors degree', 'bachelor degree', "bachelor's", 'bachelor of science', 'bachelor of arts', 'undergraduate degree'],
    ['BS', 'BSc', 'B.S.', 'BA', 'B.A.', 'B.Sc.'],
  ),
  e(
    "master's degree",
    ['masters degree', 'master degree', "master's", 'master of science', 'master of arts', 'graduate degree'],
    ['MS', 'MSc', 'M.S.', 'MA', 'M.A.', 'M.Sc.'],
  ),
  e('MBA', ['master of business administration']),
  e('PhD', ['Ph.D.', 'doctorate', 'doctoral degree']),
  e('computer science', ['computer engineering', 'software engineering degree'], ['CS']),
  l('English'),
  l('Spanish'),
  l('French'),
  l('German'),
  l('Mandarin'),
  l('Japanese'),
  l('Portuguese'),
  l('Arabic'),
  l('Italian'),
  l('Hindi'),
];

interface CompiledSkill {
  skill: Skill;
  pattern: RegExp;
  /** The longest word of each spelling, lower-cased: every match contains one of them (see findSkills). */
  needles: string[];
}

/** A skill name as a pattern: literal, with a space matching any run of spaces, no-break spaces and hyphens. */
function namePattern(text: string): string {
  return escapeRegExp(text).replace(/ /g, '[\\s\\u00a0-]+');
}

const BEFORE = String.raw`(?<![\p{L}\p{N}+#@.&])`;
const AFTER = String.raw`(?![\p{L}\p{N}+#&]|\.[\p{L}\p{N}])`;
/** Start of a sentence, line or bullet: only spaces, quotes and bullet marks since a full stop or a line break. */
const SENTENCE_START = /(?:^|[.!?\n•*-])[\s"'“(]*$/u;
/** Prose goes on after the word ("Go above and beyond"), unlike a list ("Go, Rust"). */
const PROSE_FOLLOWS = /^\s+\p{Ll}/u;

/**
 * The skills' patterns, built on first use (lib/lazy.ts): building and compiling ~250 Unicode patterns takes
 * about a second, which importing the registry should not pay. The service's warm-up runs each pattern twice
 * (V8 interprets a pattern's first run and compiles it to machine code on the next, the slow part), so that
 * happens before it listens, not during a caller's request.
 */
const compiledSkills = lazyValue(
  (): CompiledSkill[] => SKILLS.map(compileSkill),
  (compiled) => {
    for (const { pattern } of compiled) {
      for (let run = 0; run < 2; run++) [...'Skills: Go, SQL.'.matchAll(pattern)];
    }
  },
);

function compileSkill(skill: Skill): CompiledSkill {
  const loose = skill.aliases.map(namePattern);
  const strict = (skill.exact ?? []).map(namePattern);
  const parts = [
    loose.length ? `(?<loose>${loose.sort((a, b) => b.length - a.length).join('|')})` : '',
    strict.length ? `(?<strict>(?-i:${strict.sort((a, b) => b.length - a.length).join('|')}))` : '',
  ]
    .filter(Boolean)
    .join('|');
  // A non-ASCII spelling gets the empty needle, which every text contains (foldForNeedles covers ASCII only).
  const needles = [...skill.aliases, ...(skill.exact ?? [])].map((spelling) =>
    /[^\x20-\x7e]/.test(spelling)
      ? ''
      : spelling
          .toLowerCase()
          .split(' ')
          .reduce((a, b) => (b.length > a.length ? b : a)),
  );
  return { skill, pattern: new RegExp(`${BEFORE}(?:${parts})${AFTER}`, 'giu'), needles };
}

/**
 * The text as the needles are compared with it. The patterns match case-insensitively by Unicode simple case
 * folding, under which an ASCII letter matches its other case, the Kelvin sign (K) and the long s (ſ):
 * lower-casing covers the first two, the long s is replaced. A spelling's space matches any run of spaces or
 * hyphens, so a needle is one word of it.
 */
function foldForNeedles(text: string): string {
  return text.toLowerCase().replaceAll('ſ', 's');
}

export interface SkillHit {
  skill: Skill;
  /** How it was written, each spelling once. */
  spellings: string[];
  /** Offsets of every occurrence. */
  positions: number[];
  /** End offsets, matching `positions`. */
  ends: number[];
}

/** Every lexicon skill found in the text, in lexicon order. */
export function findSkills(text: string): SkillHit[] {
  const out: SkillHit[] = [];
  // A skill none of whose words occurs in the text cannot match: skipping its pattern saves running ~250 Unicode
  // patterns over every text (and compiling each on first use, most of a first call's time).
  const folded = foldForNeedles(text);
  for (const { skill, pattern, needles } of compiledSkills()) {
    if (!needles.some((needle) => folded.includes(needle))) continue;
    const positions: number[] = [];
    const ends: number[] = [];
    const spellings = new Set<string>();
    for (const match of text.matchAll(pattern)) {
      if (
        skill.wordLike &&
        match.groups?.strict !== undefined &&
        SENTENCE_START.test(text.slice(Math.max(0, match.index - 20), match.index)) &&
        PROSE_FOLLOWS.test(text.slice(match.index + match[0].length, match.index + match[0].length + 3))
      ) {
        continue;
      }
      positions.push(match.index);
      ends.push(match.index + match[0].length);
      spellings.add(match[0].replace(/\s+/g, ' '));
    }
    if (positions.length > 0) out.push({ skill, spellings: [...spellings], positions, ends });
  }
  return out;
}
