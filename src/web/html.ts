/**
 * Server-rendered HTML without a template engine: `html` escapes every interpolated value unless it is
 * already `Html` (made by `html` itself or, for trusted markup only, `unsafeHtml`). Arrays are joined, and
 * `undefined`, `null` and `false` render as nothing, so `${cond && html`…`}` and `${items.map(…)}` read naturally.
 */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for element content and quoted attribute values (the five characters HTML gives meaning to). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

export type Renderable = Html | string | number | boolean | null | undefined | readonly Renderable[];

function render(value: Renderable): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return (value as readonly Renderable[]).map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Renderable[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** Markup produced by code we trust (never by user input): e.g. an SVG built from numbers. */
export function unsafeHtml(markup: string): Html {
  return new Html(markup);
}
