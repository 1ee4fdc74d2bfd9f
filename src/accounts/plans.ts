import { readFileSync } from 'node:fs';
import { z } from 'zod';

const planSchema = z.object({
  monthlyCredits: z.number().int().min(0),
  ratePerMinute: z.number().int().min(1),
  bulkUrlLimit: z.number().int().min(1),
  /** Globs over `module/slug` (`*` matches anything), e.g. `documents/*`. */
  blockedTools: z.array(z.string().min(1)).default([]),
});

export type Plan = z.infer<typeof planSchema> & { name: string };

const plansFileSchema = z.record(z.string().regex(/^[a-z0-9-]+$/, 'plan names are lowercase kebab-case'), planSchema);

/** docs/contract.md "Accounts, plans, quota and rate limits": the built-in plans. */
const BUILT_IN: z.input<typeof plansFileSchema> = {
  free: { monthlyCredits: 500, ratePerMinute: 60, bulkUrlLimit: 5 },
  pro: { monthlyCredits: 50_000, ratePerMinute: 600, bulkUrlLimit: 20 },
};

export interface Plans {
  get(name: string): Plan | undefined;
  names(): string[];
}

/** Built-in plans, overridden and extended by the JSON file `TOOLAPI_PLANS` names (`{"<name>": {monthlyCredits, …}}`). */
export function loadPlans(file: string | undefined): Plans {
  let extra: unknown = {};
  if (file) {
    try {
      extra = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`TOOLAPI_PLANS: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const parsed = plansFileSchema.safeParse({ ...BUILT_IN, ...(extra as object) });
  if (!parsed.success) throw new Error(`TOOLAPI_PLANS: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const plans = new Map(Object.entries(parsed.data).map(([name, plan]) => [name, { ...plan, name }]));
  return { get: (name) => plans.get(name), names: () => [...plans.keys()] };
}

/** `documents/*` matches `documents/docx-to-pdf`; `*` matches any characters. */
export function matchesToolGlob(glob: string, toolId: string): boolean {
  const pattern = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(toolId);
}
