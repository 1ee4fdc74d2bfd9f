/** RFC 6266: an ASCII fallback plus the exact UTF-8 name (RFC 8187). Used by downloads served here and by S3's presigned ones. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
