/** security.txt (RFC 9116) parsing. */
export interface SecurityTxtField {
  name: string;
  value: string;
  line: number;
}

export interface ParsedSecurityTxt {
  fields: SecurityTxtField[];
  signed: boolean;
  problems: Array<{ line: number | null; severity: 'high' | 'medium' | 'low'; message: string }>;
}

const KNOWN = new Set(['acknowledgments', 'canonical', 'contact', 'encryption', 'expires', 'hiring', 'policy', 'preferred-languages', 'csaf']);

export function parseSecurityTxt(text: string): ParsedSecurityTxt {
  const out: ParsedSecurityTxt = { fields: [], signed: /-----BEGIN PGP SIGNED MESSAGE-----/.test(text), problems: [] };
  let body = text;
  if (out.signed) {
    const m = /-----BEGIN PGP SIGNED MESSAGE-----\r?\n(?:Hash:[^\n]*\r?\n)*\r?\n([\s\S]*?)-----BEGIN PGP SIGNATURE-----/.exec(text);
    body = m?.[1] ?? text;
  }
  body.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const m = /^([A-Za-z][A-Za-z0-9-]*):\s*(.*)$/.exec(line);
    if (!m) {
      out.problems.push({ line: i + 1, severity: 'medium', message: `not a "Field: value" line: ${line.slice(0, 80)}` });
      return;
    }
    const name = m[1]!.toLowerCase();
    if (!KNOWN.has(name)) out.problems.push({ line: i + 1, severity: 'low', message: `unknown field "${m[1]}"` });
    out.fields.push({ name, value: m[2]!.trim(), line: i + 1 });
  });
  return out;
}
