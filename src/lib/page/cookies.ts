/** Set-Cookie parsing (RFC 6265bis attributes) for the cookie analyzer. */
export interface ParsedCookie {
  name: string;
  valueLength: number;
  secure: boolean;
  httpOnly: boolean;
  sameSite: string | null;
  domain: string | null;
  path: string | null;
  expires: string | null;
  maxAge: number | null;
  partitioned: boolean;
  raw: string;
}

export function parseSetCookie(header: string): ParsedCookie {
  const [pair = '', ...attrs] = header.split(';');
  const eq = pair.indexOf('=');
  const name = (eq >= 0 ? pair.slice(0, eq) : pair).trim();
  const value = eq >= 0 ? pair.slice(eq + 1).trim() : '';
  const c: ParsedCookie = {
    name,
    valueLength: value.length,
    secure: false,
    httpOnly: false,
    sameSite: null,
    domain: null,
    path: null,
    expires: null,
    maxAge: null,
    partitioned: false,
    raw: header.length > 300 ? `${header.slice(0, 299)}…` : header,
  };
  for (const a of attrs) {
    const i = a.indexOf('=');
    const key = (i >= 0 ? a.slice(0, i) : a).trim().toLowerCase();
    const val = i >= 0 ? a.slice(i + 1).trim() : '';
    if (key === 'secure') c.secure = true;
    else if (key === 'httponly') c.httpOnly = true;
    else if (key === 'samesite') c.sameSite = val || null;
    else if (key === 'domain') c.domain = val || null;
    else if (key === 'path') c.path = val || null;
    else if (key === 'expires') c.expires = val || null;
    else if (key === 'max-age') c.maxAge = Number.isFinite(Number(val)) ? Number(val) : null;
    else if (key === 'partitioned') c.partitioned = true;
  }
  return c;
}

const SESSION_LIKE = /sess|sid|auth|token|jwt|login|csrf|xsrf|remember|identity|connect\.sid|phpsessid|jsessionid|asp\.net/i;

export function looksSensitive(name: string): boolean {
  return SESSION_LIKE.test(name);
}
