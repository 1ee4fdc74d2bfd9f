import assert from 'node:assert/strict';
import { argon2Sync, randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { expectBadRequest } from '../../../test/helpers/invoke.ts';
import { type Json, moduleTools } from '../../../test/helpers/module-tools.ts';
import bcryptHashGenerator from './bcrypt-hash-generator.ts';

/** bcrypt and Argon2id against outside vectors: a file of its own, as each hash costs what it is meant to cost. */
const { tool, result, outcome } = moduleTools([bcryptHashGenerator]);

describe('bcrypt-hash-generator', () => {
  // OpenBSD bcrypt test set (also in bcryptjs and jBCrypt tests): "U*U" with salt "CCCCCCCCCCCCCCCCCCCCC.", cost 5.
  const OPENBSD = '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW';
  // The Argon2 reference implementation's tests (P-H-C/phc-winner-argon2 src/test.c, Argon2id v0x13, "password"/"somesalt").
  const REFERENCE = [
    '$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4',
    '$argon2id$v=19$m=256,t=2,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc',
    '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
  ];

  test('the OpenBSD "U*U" vector verifies, in $2a$, $2b$ and $2y$ form; a wrong password does not', async () => {
    for (const prefix of ['$2a$', '$2b$', '$2y$']) {
      const r = await result('bcrypt-hash-generator', { password: 'U*U', mode: 'verify', hash: prefix + OPENBSD.slice(4) });
      assert.deepEqual([r.match, r.algorithm, (r.parameters as Json).rounds], [true, 'bcrypt', 5]);
    }
    assert.equal((await result('bcrypt-hash-generator', { password: 'U*V', mode: 'verify', hash: OPENBSD })).match, false);
  });

  test('a new bcrypt hash has a random salt, the cost asked for, and verifies', async () => {
    const a = await result('bcrypt-hash-generator', { password: 'correct horse', rounds: 4 });
    const b = await result('bcrypt-hash-generator', { password: 'correct horse', rounds: 4 });
    assert.match(String(a.hash), /^\$2b\$04\$[./A-Za-z0-9]{53}$/);
    assert.notEqual(a.hash, b.hash);
    assert.equal((await result('bcrypt-hash-generator', { password: 'correct horse', mode: 'verify', hash: a.hash })).match, true);
    const long = await outcome('bcrypt-hash-generator', { password: 'é'.repeat(40), rounds: 4 });
    assert.equal(long.result.truncated, true);
    assert.match(long.warnings.join(' '), /72 bytes/);
    assert.equal((await result('bcrypt-hash-generator', { password: 'x', rounds: 10 })).meetsOwaspMinimum, true);
  });

  test('Argon2id reference-implementation vectors verify (hashes made by another implementation)', async () => {
    for (const hash of REFERENCE) {
      const r = await result('bcrypt-hash-generator', { password: 'password', mode: 'verify', hash });
      assert.deepEqual([r.match, r.algorithm], [true, 'argon2id'], hash);
      assert.equal((await result('bcrypt-hash-generator', { password: 'passwore', mode: 'verify', hash })).match, false);
    }
  });

  test('an Argon2id hash from OpenSSL (node:crypto, checked against RFC 9106 §5.3) verifies', async () => {
    // RFC 9106 §5.3 Argon2id test vector, to show node:crypto's Argon2 is a correct second implementation.
    const rfc = argon2Sync('argon2id', {
      message: Buffer.alloc(32, 1),
      nonce: Buffer.alloc(16, 2),
      secret: Buffer.alloc(8, 3),
      associatedData: Buffer.alloc(12, 4),
      memory: 32,
      passes: 3,
      parallelism: 4,
      tagLength: 32,
    });
    assert.equal(rfc.toString('hex'), '0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659');
    const salt = randomBytes(16);
    const tag = argon2Sync('argon2id', { message: Buffer.from('hunter2 but longer'), nonce: salt, memory: 19456, passes: 2, parallelism: 1, tagLength: 32 });
    const b64 = (b: Buffer): string => b.toString('base64').replace(/=+$/, '');
    const phc = `$argon2id$v=19$m=19456,t=2,p=1$${b64(salt)}$${b64(tag)}`;
    const r = await result('bcrypt-hash-generator', { password: 'hunter2 but longer', mode: 'verify', hash: phc });
    assert.deepEqual([r.match, r.meetsOwaspMinimum], [true, true]);
  });

  test('a new Argon2id hash uses the OWASP defaults, verifies, and OpenSSL agrees with it', async () => {
    const r = await result('bcrypt-hash-generator', { password: 'pässwörd', algorithm: 'argon2id' });
    assert.deepEqual(r.parameters, { version: '19', rounds: null, memoryKiB: 19456, timeCost: 2, parallelism: 1, saltBytes: 16, outputBytes: 32 });
    const [, , , params, salt, hash] = String(r.hash).split('$');
    assert.equal(params, 'm=19456,t=2,p=1');
    const fromB64 = (s: string): Buffer => Buffer.from(s, 'base64');
    const tag = argon2Sync('argon2id', {
      message: Buffer.from('pässwörd'),
      nonce: fromB64(salt ?? ''),
      memory: 19456,
      passes: 2,
      parallelism: 1,
      tagLength: 32,
    });
    assert.equal(tag.toString('base64').replace(/=+$/, ''), hash);
    assert.equal((await result('bcrypt-hash-generator', { password: 'pässwörd', mode: 'verify', hash: r.hash })).match, true);
  });

  test('costs are bounded in both modes; the password is never echoed', async () => {
    await expectBadRequest(tool('bcrypt-hash-generator'), { password: 'x', rounds: 15 }, 'rounds');
    await expectBadRequest(tool('bcrypt-hash-generator'), { password: 'x', rounds: 3 }, 'rounds');
    await expectBadRequest(tool('bcrypt-hash-generator'), { password: 'x', algorithm: 'argon2id', memoryCost: 65537 }, 'memoryCost');
    await expectBadRequest(tool('bcrypt-hash-generator'), { password: 'x', algorithm: 'argon2id', timeCost: 5 }, 'timeCost');
    await expectBadRequest(tool('bcrypt-hash-generator'), { password: 'x', algorithm: 'argon2id', memoryCost: 8, parallelism: 2 }, 'memoryCost');
    await expectBadRequest(tool('bcrypt-hash-generator'), { password: 'x', mode: 'verify', hash: `$2b$15$${OPENBSD.slice(7)}` }, 'hash');
    await expectBadRequest(
      tool('bcrypt-hash-generator'),
      { password: 'x', mode: 'verify', hash: '$argon2id$v=19$m=131072,t=1,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4' },
      'hash',
    );
    await expectBadRequest(
      tool('bcrypt-hash-generator'),
      { password: 'x', mode: 'verify', hash: '$argon2id$v=19$m=65536,t=5,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4' },
      'hash',
    );
    await expectBadRequest(tool('bcrypt-hash-generator'), { password: 'x', mode: 'verify' }, 'hash');
    await expectBadRequest(tool('bcrypt-hash-generator'), { password: 'x', mode: 'verify', hash: 'md5:abc' }, 'hash');
    await expectBadRequest(tool('bcrypt-hash-generator'), { password: 'x', salt: 'short' }, 'salt');
    await expectBadRequest(tool('bcrypt-hash-generator'), { password: 'x', mode: 'verify', hash: OPENBSD, algorithm: 'argon2id' }, 'algorithm');
    const secret = 'Tr0ub4dor&3-unique-marker';
    for (const input of [
      { password: secret, rounds: 4 },
      { password: secret, algorithm: 'argon2id', memoryCost: 1024, timeCost: 1 },
    ]) {
      assert.ok(!JSON.stringify(await result('bcrypt-hash-generator', input)).includes('unique-marker'));
    }
  });
});
