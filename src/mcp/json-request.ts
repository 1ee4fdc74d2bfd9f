/**
 * A request written as JSON by another program ({"action": "slugify", "input": "…"}, {"fn": "convert_temperature",
 * "args": {"from": "C", "to": "F"}}, {"intent": "convert", "from": "odt", "to": "pdf"}): the operation it names, and
 * the formats or units it converts between, in words. Undefined for JSON that is data to work on.
 */
export function requestInJson(json: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const operation = Object.entries(value).find(([key, v]) => OPERATION_KEYS.test(key) && typeof v === 'string')?.[1] as string | undefined;
  if (!operation) return undefined;
  // The formats or units it converts between, at the top or one level down ("args", "params").
  const levels = [value, ...Object.values(value).filter(isObject)];
  const named = (key: RegExp): string | undefined =>
    levels.flatMap((level) => Object.entries(level)).find(([k, v]) => key.test(k) && typeof v === 'string')?.[1] as string | undefined;
  const from = named(/^(?:from|source|input_?format|from_?unit)$/i);
  const to = named(/^(?:to|target|output_?format|to_?unit)$/i);
  return [operation.replace(/[_-]+/g, ' '), from && `from ${from}`, to && `to ${to}`].filter(Boolean).join(' ');
}

/** Keys under which a program names the operation it asks for. */
const OPERATION_KEYS = /^(?:action|fn|function|tool|task|intent|job|operation|op|command|cmd|method)$/i;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
