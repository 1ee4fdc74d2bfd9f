import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileSuite } from './file-suite.ts';

/**
 * The file pipeline on local disk (the default store): links point at the service's own
 * `/api/v1/files/{fileId}/{fileName}?expires=…&sig=…`, which checks them (HMAC) and serves the bytes.
 * test/files/s3.test.ts runs the same suite on S3.
 */
fileSuite({
  env: () => ({}),
  assertLink(result, server) {
    assert.ok(result.downloadUrl.startsWith(`${server.url}/api/v1/files/${result.fileId}/notes.html?expires=`));
  },
  linkProtection: { title: 'a tampered link is 403 invalid_signature; an expired one 410 link_expired (injected clock)' },
  async assertLinkProtected(downloadUrl, clock) {
    const tampered = downloadUrl.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    const forged = await fetch(tampered);
    assert.equal(forged.status, 403);
    assert.equal(((await forged.json()) as { error: string }).error, 'invalid_signature');
    const longer = downloadUrl.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`);
    assert.equal((await fetch(longer)).status, 403, 'extending the expiry breaks the signature');
    assert.equal((await fetch(downloadUrl.replace(/&sig=.*/, ''))).status, 403);

    clock.advance(60 * 60 * 1000 + 1000);
    const expired = await fetch(downloadUrl);
    assert.equal(expired.status, 410);
    assert.equal(((await expired.json()) as { error: string }).error, 'link_expired');
  },
  async holds(server, file) {
    return readdirSync(path.join(server.dataDir, 'files')).includes(file.fileId);
  },
});
