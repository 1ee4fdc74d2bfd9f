import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';

/** Inputs of the DNS tools: `url` (a domain or any URL of it) or `domain`. */
export const domainInput = {
  url: z.string().trim().max(2048, 'at most 2048 characters').optional().describe('Domain or URL (e.g. example.com or https://example.com/page)'),
  domain: z.string().trim().max(253, 'at most 253 characters').optional().describe('Domain name (alternative to url)'),
};

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/i;

export function domainOf(input: { url?: string | undefined; domain?: string | undefined }): string {
  const raw = (input.domain || input.url || '').trim();
  const field = input.domain ? 'domain' : 'url';
  if (!raw) throw new ToolError('validation_failed', 'url: give a domain or URL (url or domain)');
  let host = raw;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    try {
      host = new URL(raw).hostname;
    } catch {
      throw new ToolError('validation_failed', `${field}: not a valid URL or domain`);
    }
  } else if (raw.includes('@')) {
    host = raw.slice(raw.lastIndexOf('@') + 1);
  } else {
    host = raw.split(/[/?#:]/)[0] ?? '';
  }
  host = host.toLowerCase().replace(/\.$/, '');
  try {
    host = new URL(`http://${host}`).hostname;
  } catch {
    throw new ToolError('validation_failed', `${field}: "${raw.slice(0, 100)}" is not a valid domain`);
  }
  if (host.length > 253 || (!host.includes('.') && host !== 'localhost') || !host.split('.').every((l) => LABEL.test(l))) {
    throw new ToolError('validation_failed', `${field}: "${raw.slice(0, 100)}" is not a valid domain name`);
  }
  return host;
}
