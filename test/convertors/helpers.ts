import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { TestServer } from '../helpers/server.ts';

export interface Part {
  field: string;
  name: string;
  data: Buffer | string;
}

export interface Answer {
  status: number;
  contentType: string;
  body: unknown;
  text: string;
}

/** POSTs a multipart form (files and fields) with the server's key. */
export async function postForm(server: TestServer, route: string, parts: Part[], fields: Record<string, unknown> = {}): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  for (const part of parts) form.append(part.field, new Blob([part.data]), part.name);
  const response = await fetch(server.url + route, { method: 'POST', headers: { 'x-api-key': server.key }, body: form });
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  let body: unknown = text;
  if (contentType.includes('json')) body = JSON.parse(text) as unknown;
  return { status: response.status, contentType, body, text };
}

export interface FileResultBody {
  status: boolean;
  message: string;
  warnings?: string[];
  result: { fileId: string; downloadUrl: string; fileName: string; mimeType: string; sizeBytes: number } & Record<string, unknown>;
}

/** The answer as a successful file conversion (asserting it is one) and the downloaded bytes. */
export async function fileOf(answer: Answer): Promise<{ body: FileResultBody; bytes: Buffer }> {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status}: ${answer.text}`);
  const body = answer.body as FileResultBody;
  const download = await fetch(body.result.downloadUrl);
  if (download.status !== 200) throw new Error(`download failed: ${download.status}`);
  const bytes = Buffer.from(await download.arrayBuffer());
  if (bytes.length !== body.result.sizeBytes) throw new Error('sizeBytes does not match the download');
  return { body, bytes };
}

export function errorOf(answer: Answer): { error: string; detail: string } {
  return answer.body as { error: string; detail: string };
}

export function scratchEntries(server: TestServer): string[] {
  try {
    return readdirSync(path.join(server.dataDir, 'scratch'));
  } catch {
    return [];
  }
}
