/**
 * Deterministic template filling for the "ai-*-variants" tools (no language model: the same input always
 * gives the same variants). Module-internal helper (no default export).
 */
export interface Template {
  id: string;
  angle: string;
  text: string;
}

const PLACEHOLDER = /\{(\w+)\}/g;
/** Fills `{name}` placeholders; `{Name}` capitalises the value's first letter. Returns null when a value is missing. */
export function fill(template: string, values: Record<string, string | undefined>): string | null {
  let missing = false;
  const out = template.replace(PLACEHOLDER, (_, name: string) => {
    const key = name.charAt(0).toLowerCase() + name.slice(1);
    const value = values[key]?.trim();
    if (value === undefined || value === '') {
      missing = true;
      return '';
    }
    return name.charAt(0) === name.charAt(0).toUpperCase() ? capitalise(value) : value;
  });
  return missing ? null : out.replace(/\s+/g, ' ').trim();
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
