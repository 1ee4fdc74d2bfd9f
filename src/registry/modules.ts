/** The modules of the API: each is a URL segment under /api/v1 and a namespace of the client. */
export const MODULES = {
  'text-utilities': { title: 'Text utilities' },
  calculators: { title: 'Calculators' },
  'unit-conversions': { title: 'Unit conversions' },
  'youtube-tools': { title: 'YouTube tools' },
  'marketing-apis': { title: 'Marketing tools' },
  'developer-apis': { title: 'Developer tools' },
  'security-apis': { title: 'Security tools' },
  'text-intelligence': { title: 'Text intelligence' },
  'ai-models': { title: 'AI models' },
  'seo-tools': { title: 'SEO tools' },
  'seo-apis': { title: 'SEO APIs' },
  convertors: { title: 'Convertors' },
  documents: { title: 'Document conversions' },
  office: { title: 'Office conversions' },
  web: { title: 'Web data conversions' },
  ebook: { title: 'E-book conversions' },
  archive: { title: 'Archive conversions' },
  extract: { title: 'Text extraction' },
} as const satisfies Record<string, { title: string }>;

export type ModuleName = keyof typeof MODULES;

export const MODULE_NAMES = Object.keys(MODULES) as ModuleName[];

export function isModuleName(value: string): value is ModuleName {
  return Object.hasOwn(MODULES, value);
}

/** `text-utilities` -> `textUtilities`; `rank-checker/keywords` -> `rankCheckerKeywords`. */
export function camelCase(kebab: string): string {
  return kebab.replace(/[-/]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
