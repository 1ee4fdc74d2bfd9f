import { describeKinds, FILE_KINDS, type FileKind } from '../../files/kinds.ts';
import type { UploadSpec } from '../../registry/define-tool.ts';
import type { JsonSchema } from '../../registry/json-schema.ts';
import { html, type Html } from '../html.ts';

/**
 * A tool's form, generated from its input JSON Schema (registry/json-schema.ts), so a new tool gets a form with
 * no web code. Every control carries `data-kind` (how assets/playground.js turns it back into JSON) and its
 * field path as `name` (`seller.name` for nested objects), which is also the query parameter that prefills it
 * without JavaScript (`?text=…`).
 *
 * Kinds: `string`, `number` (type=number with the schema's bounds), `numeric-text` (a number, or a string the
 * server reads, such as "1,234.5"), `boolean` (a checkbox, sent when it differs from its default), `tristate`
 * (an optional boolean without a default), `enum` / `enum-number` (a select), `lines` / `lines-number` (a
 * list of strings or numbers, one a line), `checks` (a list of allowed values), `json` (lists of objects,
 * maps, unions: JSON text), `file` (the upload).
 */

/** What a control shows: from an example's input (JSON) or from the query string (text). */
export type Prefill = { source: 'json'; input: Record<string, unknown> } | { source: 'query'; query: Record<string, unknown> };

type Kind = 'string' | 'number' | 'numeric-text' | 'boolean' | 'tristate' | 'enum' | 'enum-number' | 'lines' | 'lines-number' | 'checks' | 'json';

/** Longer text than this gets a textarea (the house text fields allow up to 1,000,000 characters). */
const LONG_TEXT = 300;

export function schemaFields(input: JsonSchema, prefill: Prefill | undefined): Html {
  return objectFields(input, [], prefill);
}

function objectFields(schema: JsonSchema, path: string[], prefill: Prefill | undefined): Html {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return html`${Object.entries(properties).map(([name, property]) => field([...path, name], property, required.has(name), prefill))}`;
}

function field(path: string[], schema: JsonSchema, required: boolean, prefill: Prefill | undefined): Html {
  const name = path.join('.');
  const id = `f-${path.join('-')}`;
  const description = typeof schema.description === 'string' ? schema.description : '';
  if (schema.type === 'object' && schema.properties) {
    return html`<fieldset class="nested"><legend>${name}${required ? html` <span class="req">(required)</span>` : ''}</legend>
      ${description && html`<p class="hint">${description}</p>`}
      ${objectFields(schema, path, prefill)}
    </fieldset>`;
  }
  const kind = kindOf(schema);
  const value = prefillValue(prefill, path);
  const hintId = `${id}-hint`;
  const hints = [description, boundsHint(schema), schema.default !== undefined ? `Default: ${JSON.stringify(schema.default)}.` : ''].filter(Boolean).join(' ');
  const common = { id, name, kind, required, describedBy: hints ? hintId : undefined };
  const label = html`<label for="${id}">${name}${required ? html` <span class="req">(required)</span>` : ''}</label>`;
  const hint = hints && html`<span class="hint" id="${hintId}">${hints}</span>`;
  if (kind === 'boolean') {
    const checked = value === undefined ? schema.default === true : asBoolean(value);
    return html`<div class="field check">
      <input type="checkbox" ${attrs(common)} data-default="${String(schema.default === true)}"${checked ? html` checked` : ''}> ${label} ${hint}
    </div>`;
  }
  if (kind === 'checks') {
    const options = enumValues((schema.items ?? {}) as JsonSchema) ?? [];
    const chosen = new Set((value === undefined ? ((schema.default as unknown[]) ?? []) : asList(value)).map(String));
    return html`<fieldset class="field checks" id="${id}" data-kind="checks" data-name="${name}"${hints ? html` aria-describedby="${hintId}"` : ''}>
      <legend>${name}${required ? html` <span class="req">(required)</span>` : ''}</legend>
      ${hint}
      <div class="check-grid">${options.map(
        (option, i) =>
          html`<span class="check"><input type="checkbox" id="${id}-${i}" value="${String(option)}"${chosen.has(String(option)) ? html` checked` : ''}> <label for="${id}-${i}">${String(option)}</label></span>`,
      )}</div>
    </fieldset>`;
  }
  return html`<div class="field">${label}${hint}${control(schema, kind, common, value)}</div>`;
}

interface Common {
  id: string;
  name: string;
  kind: Kind;
  required: boolean;
  describedBy: string | undefined;
}

function attrs({ id, name, kind, required, describedBy }: Common): Html {
  return html`id="${id}" name="${name}" data-kind="${kind}"${required ? html` required` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}`;
}

function control(schema: JsonSchema, kind: Kind, common: Common, value: unknown): Html {
  switch (kind) {
    case 'enum':
    case 'enum-number':
    case 'tristate': {
      const options = kind === 'tristate' ? [true, false] : (enumValues(schema) ?? []);
      const current = value === undefined ? undefined : String(value);
      return html`<select ${attrs(common)}>
        ${!common.required && html`<option value="">${schema.default === undefined ? '(not set)' : `(default: ${String(schema.default)})`}</option>`}
        ${options.map((o) => html`<option value="${String(o)}"${current === String(o) ? html` selected` : ''}>${String(o)}</option>`)}
      </select>`;
    }
    case 'number': {
      const numeric = numberSchema(schema);
      const min = numeric.minimum ?? numeric.exclusiveMinimum;
      const max = numeric.maximum ?? numeric.exclusiveMaximum;
      return html`<input type="number" ${attrs(common)} step="${numeric.type === 'integer' ? '1' : 'any'}"${min !== undefined ? html` min="${String(min)}"` : ''}${
        max !== undefined ? html` max="${String(max)}"` : ''
      } value="${value === undefined ? '' : String(value)}">`;
    }
    case 'numeric-text':
      return html`<input type="text" inputmode="decimal" autocomplete="off" ${attrs(common)} value="${value === undefined ? '' : String(value)}">`;
    case 'lines':
    case 'lines-number':
      return html`<textarea rows="4" ${attrs(common)}>${value === undefined ? '' : asList(value).map(String).join('\n')}</textarea>`;
    case 'json': {
      const text = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      return html`<textarea rows="${Math.min(12, Math.max(4, text.split('\n').length))}" class="code" spellcheck="false" ${attrs(common)}>${text}</textarea>`;
    }
    default: {
      const text = value === undefined ? '' : String(value);
      const suggestions = enumValues(schema);
      const long = (maxLengthOf(schema) ?? Infinity) > LONG_TEXT && !suggestions && schema.format !== 'uri';
      if (long) return html`<textarea rows="${text.length > 200 ? 8 : 4}" ${attrs(common)}>${text}</textarea>`;
      const listId = `${common.id}-list`;
      return html`<input type="${schema.format === 'uri' ? 'url' : 'text'}" autocomplete="off" ${attrs(common)} value="${text}"${suggestions ? html` list="${listId}"` : ''}>${
        suggestions && html`<datalist id="${listId}">${suggestions.map((s) => html`<option value="${String(s)}"></option>`)}</datalist>`
      }`;
    }
  }
}

/** How a field is edited and sent back (see the kinds above). */
function kindOf(schema: JsonSchema): Kind {
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  const types = alternatives ? alternatives.flatMap(typesOf) : typesOf(schema);
  if (types.includes('boolean') && types.every((t) => t === 'boolean' || t === 'string') && !alternatives) {
    return schema.default === undefined ? 'tristate' : 'boolean';
  }
  if (types.length === 1 && types[0] === 'boolean') return schema.default === undefined ? 'tristate' : 'boolean';
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'number')) return 'enum-number';
  if (types.length === 1 && (types[0] === 'number' || types[0] === 'integer') && !alternatives) return 'number';
  if (types.some((t) => t === 'number' || t === 'integer') && types.every((t) => t === 'number' || t === 'integer' || t === 'string')) return 'numeric-text';
  if (types.length === 1 && types[0] === 'string' && !alternatives) return Array.isArray(schema.enum) ? 'enum' : 'string';
  if (alternatives && types.every((t) => t === 'string')) return 'string'; // a listed value or another spelling
  if (schema.type === 'array') {
    const items = (schema.items ?? {}) as JsonSchema;
    if (enumValues(items) && items.type === 'string') return 'checks';
    if (items.type === 'string' && !items.anyOf) return 'lines';
    if (items.type === 'number' || items.type === 'integer') return 'lines-number';
  }
  return 'json';
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.const !== undefined) return [typeof schema.const];
  if (Array.isArray(schema.type)) return schema.type as string[];
  return typeof schema.type === 'string' ? [schema.type] : ['any'];
}

function enumValues(schema: JsonSchema): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum as unknown[];
  const alternatives = schema.anyOf as JsonSchema[] | undefined;
  const listed = alternatives?.find((a) => Array.isArray(a.enum));
  return listed ? (listed.enum as unknown[]) : undefined;
}

function numberSchema(schema: JsonSchema): { type?: string; minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number } {
  return schema as never;
}

function maxLengthOf(schema: JsonSchema): number | undefined {
  return typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
}

function boundsHint(schema: JsonSchema): string {
  const s = numberSchema(schema);
  const parts: string[] = [];
  if (s.minimum !== undefined) parts.push(`at least ${s.minimum}`);
  if (s.exclusiveMinimum !== undefined) parts.push(`more than ${s.exclusiveMinimum}`);
  if (s.maximum !== undefined) parts.push(`at most ${s.maximum}`);
  if (s.exclusiveMaximum !== undefined) parts.push(`less than ${s.exclusiveMaximum}`);
  const kind = kindOf(schema);
  if (kind === 'lines' || kind === 'lines-number') parts.push('one a line');
  if (kind === 'json') parts.push('JSON');
  return parts.length ? `(${parts.join(', ')})` : '';
}

function prefillValue(prefill: Prefill | undefined, path: string[]): unknown {
  if (!prefill) return undefined;
  if (prefill.source === 'query') return prefill.query[path.join('.')];
  let value: unknown = prefill.input;
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

function asBoolean(value: unknown): boolean {
  return value === true || value === 'true' || value === 'on';
}

function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string')
    return value
      .split(/\r?\n|,/)
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

/** The file input of a file tool: its field, the formats it takes (by extension and media type), how many. */
export function fileField(upload: UploadSpec, maxUploadMb: number): Html {
  const accept = [...new Set(upload.accept.flatMap((kind: FileKind) => [`.${kind}`, FILE_KINDS[kind].mimeType]))].join(',');
  const many = (upload.maxFiles ?? 1) > 1;
  const id = `f-${upload.field}`;
  return html`<div class="field">
    <label for="${id}">${upload.field}${upload.optional ? '' : html` <span class="req">(required)</span>`}</label>
    <span class="hint" id="${id}-hint">${many ? `Up to ${upload.maxFiles} files` : 'One file'}: ${describeKinds(upload.accept)}, at most ${maxUploadMb} MB; recognised by its bytes.</span>
    <input type="file" id="${id}" name="${upload.field}" data-kind="file" accept="${accept}" aria-describedby="${id}-hint"${many ? html` multiple` : ''}${upload.optional ? '' : html` required`}>
  </div>`;
}
