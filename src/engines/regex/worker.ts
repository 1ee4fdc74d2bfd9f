/**
 * Worker thread that runs user regular expressions for regex-tester, so a catastrophically
 * backtracking pattern burns this thread, not the server's event loop: the pool terminates it at
 * the deadline. CPU isolation only — no I/O. No default export.
 */
import { parentPort } from 'node:worker_threads';
import { captureGroupNames } from './groups.ts';

export interface RegexTask {
  id: number;
  pattern: string;
  flags: string;
  text: string;
  replace: string | null;
  maxMatches: number;
  /** Longest string returned for one match or group; longer ones are cut and flagged. */
  maxValueChars: number;
  /** Budget of characters over all returned values; matching stops when it is spent. */
  maxTotalChars: number;
  /** Largest replace result. */
  maxReplacedChars: number;
}

export interface RegexGroup {
  number: number;
  name: string | null;
  value: string | null;
  index: number | null;
  end: number | null;
}

export interface RegexMatch {
  value: string;
  index: number;
  end: number;
  groups: RegexGroup[];
  namedGroups: Record<string, string | null>;
  valueTruncated: boolean;
}

export type RegexReply =
  | { id: number; ok: true; matches: RegexMatch[]; truncated: boolean; replaced: string | null; replacements: number | null }
  | { id: number; ok: false; message: string };

function cut(value: string, max: number): [string, boolean] {
  return value.length > max ? [value.slice(0, max), true] : [value, false];
}

/** The next index after an empty match: one code point in unicode mode, else one code unit. */
function advance(text: string, index: number, unicode: boolean): number {
  if (!unicode || index + 1 >= text.length) return index + 1;
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff ? index + 2 : index + 1;
}

export function runRegexTask(task: RegexTask): RegexReply {
  const userFlags = task.flags;
  const re = new RegExp(task.pattern, userFlags.includes('d') ? userFlags : `${userFlags}d`);
  const names = captureGroupNames(task.pattern, userFlags);
  const unicode = userFlags.includes('u') || userFlags.includes('v');
  const global = userFlags.includes('g');
  const matches: RegexMatch[] = [];
  let budget = task.maxTotalChars;
  let truncated = false;
  re.lastIndex = 0;
  for (;;) {
    const m = re.exec(task.text);
    if (!m) break;
    if (matches.length >= task.maxMatches || budget <= 0) {
      truncated = true;
      break;
    }
    const [value, valueTruncated] = cut(m[0], task.maxValueChars);
    budget -= value.length;
    const groups: RegexGroup[] = [];
    for (let g = 1; g < m.length; g++) {
      const raw = m[g];
      const span = m.indices?.[g];
      const [groupValue, groupCut] = raw === undefined ? [null, false] : cut(raw, task.maxValueChars);
      if (groupValue !== null) budget -= groupValue.length;
      groups.push({ number: g, name: names[g - 1] ?? null, value: groupValue, index: span ? span[0] : null, end: span ? span[1] : null });
      if (groupCut) truncated = true;
    }
    const namedGroups: Record<string, string | null> = {};
    for (const [name, v] of Object.entries(m.groups ?? {})) namedGroups[name] = v === undefined ? null : cut(v, task.maxValueChars)[0];
    matches.push({ value, index: m.index, end: m.index + m[0].length, groups, namedGroups, valueTruncated });
    if (!global) break;
    if (m[0].length === 0) re.lastIndex = advance(task.text, re.lastIndex, unicode);
  }
  let replaced: string | null = null;
  let replacements: number | null = null;
  if (task.replace !== null) {
    const replacer = new RegExp(task.pattern, userFlags);
    let count = 0;
    const counter = new RegExp(task.pattern, userFlags);
    task.text.replace(counter, (whole: string) => {
      count++;
      return whole;
    });
    replaced = task.text.replace(replacer, task.replace);
    replacements = count;
    if (replaced.length > task.maxReplacedChars) {
      return {
        id: task.id,
        ok: false,
        message: `replace: the result would be ${replaced.length.toLocaleString('en')} characters; at most ${task.maxReplacedChars.toLocaleString('en')} are returned`,
      };
    }
  }
  return { id: task.id, ok: true, matches, truncated, replaced, replacements };
}

const port = parentPort;
if (port) {
  port.on('message', (task: RegexTask) => {
    let reply: RegexReply;
    try {
      reply = runRegexTask(task);
    } catch (error) {
      reply = { id: task.id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage('ready');
}
