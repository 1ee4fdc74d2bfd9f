import assert from 'node:assert/strict';
import { createHmac, generateKeyPair, type KeyObject } from 'node:crypto';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { exportJWK, jwtVerify, SignJWT } from 'jose';
import { pino } from 'pino';
import { asToolError } from '../../core/errors.ts';
import { invoke } from '../../core/invoke.ts';
import type { AnyTool } from '../../registry/define-tool.ts';
import { binaryUnit } from '../../../test/helpers/binary-unit.ts';
import { expectBadRequest, expectNoServerError, run, wrongType } from '../../../test/helpers/invoke.ts';
import { type Json, moduleTools } from '../../../test/helpers/module-tools.ts';
import { securityApisTools as allTools } from './index.ts';
import { securityUrlTools } from './url-checks.ts';

/** The JSON tools of this module; its URL tools (url-checks.ts) are tested with the real fetcher in url-checks.test.ts. */
const securityApisTools = allTools.filter((t) => !securityUrlTools.includes(t));

/** Edge cases and outside test vectors beyond the examples (which test/examples.test.ts runs over HTTP). */
const tools = new Map(securityApisTools.map((t) => [t.slug, t]));
const { tool, result, outcome, refusal } = moduleTools(securityApisTools);
const hex = (n: number, byte: number): string => Buffer.alloc(n, byte).toString('hex');

interface KeyPair {
  publicKey: KeyObject;
  privateKey: KeyObject;
}
/** A key pair generated here, on libuv's thread pool: the JWT tests start it early and await it when they need it. */
function keyPair(type: 'rsa' | 'ec' | 'ed25519', options: { modulusLength?: number; namedCurve?: string }): Promise<KeyPair> {
  return new Promise((resolve, reject) => {
    generateKeyPair(type as 'rsa', options as { modulusLength: number }, (error, publicKey, privateKey) =>
      error ? reject(error) : resolve({ publicKey, privateKey }),
    );
  });
}

test('the module lists its 10 JSON slugs, in catalog order', () => {
  assert.deepEqual(
    securityApisTools.map((t) => t.slug),
    [
      'jwt-decoder',
      'password-strength-checker',
      'secure-password-generator',
      'hash-generator',
      'secret-leak-scanner',
      'hmac-generator',
      'bcrypt-hash-generator',
      'csp-policy-evaluator',
      'jwt-signature-verifier',
      'webhook-signature-verifier',
    ],
  );
});

// RFC 4648 §4: a last group of one Base64 character is 6 bits, not a byte, and "=" pads a group to 4 characters.
// python3 agrees: base64.b64decode(s, validate=True) raises binascii.Error for each of these ("number of data characters
// (1) cannot be 1 more than a multiple of 4", "Incorrect padding" or "Leading padding not allowed"), and b64decode('AA==') is b'\x00'.
const BAD_BASE64 = ['A=', 'A', 'A===', 'AAAAA===', 'AA=', '=='];

describe('hash-generator', () => {
  // FIPS 180-4 / NIST CSRC "Examples with intermediate values" (SHA_All.pdf): "abc" and the empty message.
  // RFC 1321 §A.5 test suite for MD5; FIPS 202 / NIST SHA-3 examples (SHA3-224…512_Msg0 and _abc);
  // RFC 7693 Appendices A and B for BLAKE2b-512 / BLAKE2s-256 of "abc"; RIPEMD-160 of "abc" from Dobbertin,
  // Bosselaers and Preneel's RIPEMD-160 page (homes.esat.kuleuven.be/~bosselae/ripemd160.html).
  const ABC: Record<string, string> = {
    md5: '900150983cd24fb0d6963f7d28e17f72',
    sha1: 'a9993e364706816aba3e25717850c26c9cd0d89d',
    sha224: '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7',
    sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    sha384: 'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7',
    sha512: 'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    'sha512-224': '4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa',
    'sha512-256': '53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23',
    'sha3-224': 'e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf',
    'sha3-256': '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532',
    'sha3-384': 'ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25',
    'sha3-512': 'b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0',
    blake2b512: 'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
    blake2s256: '508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982',
    ripemd160: '8eb208f7e05d987a9b044a8e98c6b087f15a0bfc',
  };
  const EMPTY: Record<string, string> = {
    md5: 'd41d8cd98f00b204e9800998ecf8427e',
    sha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
    sha224: 'd14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f',
    sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    sha384: '38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b',
    sha512: 'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e',
    'sha3-224': '6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7',
    'sha3-256': 'a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a',
    'sha3-384': '0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2ac3713831264adb47fb6bd1e058d5f004',
    'sha3-512': 'a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26',
  };

  test('"abc" digests match FIPS 180-4, FIPS 202, RFC 1321 and RFC 7693', async () => {
    const r = await result('hash-generator', { text: 'abc', algorithms: Object.keys(ABC) });
    const got = Object.fromEntries((r.digests as Json[]).map((d) => [d.algorithm, d.digest]));
    assert.deepEqual(got, ABC);
  });

  test('empty-message digests match the NIST examples', async () => {
    const r = await result('hash-generator', { text: '', algorithms: Object.keys(EMPTY) });
    assert.deepEqual(Object.fromEntries((r.digests as Json[]).map((d) => [d.algorithm, d.digest])), EMPTY);
  });

  test('RFC 1321 "message digest" and the default set', async () => {
    const r = await result('hash-generator', { text: 'message digest', algorithm: 'MD5' });
    assert.equal((r.digests as Json[])[0]?.digest, 'f96b697d7cb7938d525a2f31aaf161d0');
    const all = await result('hash-generator', { text: 'abc' });
    assert.deepEqual(
      (all.digests as Json[]).map((d) => d.algorithm),
      ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3-256', 'sha3-512'],
    );
    assert.equal((all.digests as Json[]).find((d) => d.algorithm === 'md5')?.collisionResistant, false);
  });

  test('spellings, input encodings and output encodings', async () => {
    for (const spelling of ['SHA-256', 'sha_256', 'Sha256']) {
      const r = await result('hash-generator', { text: 'abc', algorithm: spelling });
      assert.equal((r.digests as Json[])[0]?.digest, ABC.sha256);
    }
    const b64 = await result('hash-generator', { text: 'YWJj', inputEncoding: 'base64', algorithm: 'sha256', encoding: 'base64url' });
    assert.equal((b64.digests as Json[])[0]?.digest, Buffer.from(ABC.sha256 ?? '', 'hex').toString('base64url'));
    assert.equal(b64.inputBytes, 3);
    await expectBadRequest(tool('hash-generator'), { text: 'xyz', inputEncoding: 'hex' }, 'text');
    await expectBadRequest(tool('hash-generator'), { text: 'a', algorithm: 'sha999' }, 'algorithm');
  });

  test('Base64 whose last group is one character, or padded short of 4, is a 400 (RFC 4648 §4), not a hash of 0 bytes', async () => {
    for (const text of BAD_BASE64) await expectBadRequest(tool('hash-generator'), { text, inputEncoding: 'base64', algorithm: 'sha256' }, 'text');
    // SHA-256 of the one byte 0x00: python3 hashlib.sha256(b'\x00').hexdigest().
    const one = await result('hash-generator', { text: 'AA==', inputEncoding: 'base64', algorithm: 'sha256' });
    assert.deepEqual([one.inputBytes, (one.digests as Json[])[0]?.digest], [1, '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d']);
  });
});

describe('hmac-generator', () => {
  // RFC 4231 §4: test cases 1–4, 6 and 7 for HMAC-SHA-224/256/384/512 (case 5 tests truncated output).
  const K131 = hex(131, 0xaa);
  const CASES: { name: string; key: string; data: string; dataEncoding: 'utf8' | 'hex'; expect: [string, string, string, string] }[] = [
    {
      name: 'case 1',
      key: hex(20, 0x0b),
      data: 'Hi There',
      dataEncoding: 'utf8',
      expect: [
        '896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22',
        'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
        'afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6',
        '87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854',
      ],
    },
    {
      name: 'case 2',
      key: Buffer.from('Jefe').toString('hex'),
      data: 'what do ya want for nothing?',
      dataEncoding: 'utf8',
      expect: [
        'a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44',
        '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
        'af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649',
        '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737',
      ],
    },
    {
      name: 'case 3',
      key: hex(20, 0xaa),
      data: hex(50, 0xdd),
      dataEncoding: 'hex',
      expect: [
        '7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea',
        '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
        '88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b2a5ab39dc13814b94e3ab6e101a34f27',
        'fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb',
      ],
    },
    {
      name: 'case 4',
      key: '0102030405060708090a0b0c0d0e0f10111213141516171819',
      data: hex(50, 0xcd),
      dataEncoding: 'hex',
      expect: [
        '6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a',
        '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
        '3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e6801dd23c4a7d679ccf8a386c674cffb',
        'b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd',
      ],
    },
    {
      name: 'case 6',
      key: K131,
      data: 'Test Using Larger Than Block-Size Key - Hash Key First',
      dataEncoding: 'utf8',
      expect: [
        '95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e',
        '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
        '4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952',
        '80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598',
      ],
    },
    {
      name: 'case 7',
      key: K131,
      data: 'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
      dataEncoding: 'utf8',
      expect: [
        '3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1',
        '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
        '6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5a678cc31e799176d3860e6110c46523e',
        'e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58',
      ],
    },
  ];
  for (const c of CASES) {
    test(`RFC 4231 test ${c.name}, SHA-224/256/384/512`, async () => {
      const algorithms = ['sha224', 'sha256', 'sha384', 'sha512'] as const;
      for (const [i, algorithm] of algorithms.entries()) {
        const r = await result('hmac-generator', { text: c.data, textEncoding: c.dataEncoding, secret: c.key, secretEncoding: 'hex', algorithm });
        assert.equal(r.hmac, c.expect[i], `${c.name} ${algorithm}`);
      }
    });
  }

  test('defaults: sha256 and hex; a UTF-8 secret; a short secret is warned about, never echoed', async () => {
    const { result: r, warnings } = await outcome('hmac-generator', { text: 'what do ya want for nothing?', secret: 'Jefe' });
    assert.equal(r.algorithm, 'sha256');
    assert.equal(r.hmac, '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    assert.match(warnings.join(' '), /4 bytes/);
    assert.ok(!JSON.stringify(r).includes('Jefe'));
  });

  test('a one-character Base64 group (RFC 4648 §4) in text or secret is a 400 naming the field', async () => {
    for (const bad of BAD_BASE64) {
      await expectBadRequest(tool('hmac-generator'), { text: bad, textEncoding: 'base64', secret: 'key', algorithm: 'sha256' }, 'text');
      await expectBadRequest(tool('hmac-generator'), { text: 'abc', secret: bad, secretEncoding: 'base64', algorithm: 'sha256' }, 'secret');
    }
  });

  test('a malformed hex secret is a 400 that names the field but not the value', async () => {
    const e = await refusal('hmac-generator', { text: 'x', secret: 'zz-top-secret-zz', secretEncoding: 'hex' });
    assert.equal(e.status, 400);
    assert.match(e.detail, /^secret: /);
    assert.ok(!e.detail.includes('top-secret'));
  });
});

describe('webhook-signature-verifier', () => {
  // GitHub docs, "Validating webhook deliveries": secret "It's a Secret to Everybody", payload "Hello, World!".
  const GITHUB = {
    payload: 'Hello, World!',
    secret: "It's a Secret to Everybody",
    signature: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
  };
  // Standard Webhooks reference vector (standard-webhooks spec and libraries' tests).
  const STANDARD = {
    payload: '{"test": 2432232314}',
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    timestamp: '1614265330',
  };
  const STANDARD_TIME = new Date(1614265330 * 1000 + 60_000);

  test("GitHub's documented example verifies, in auto and github schemes", async () => {
    for (const scheme of ['auto', 'github']) {
      const r = await result('webhook-signature-verifier', { ...GITHUB, scheme });
      assert.equal(r.valid, true);
      assert.equal(r.scheme, 'github');
      assert.equal(r.reason, null);
    }
    const wrongSecret = await result('webhook-signature-verifier', { ...GITHUB, secret: 'another secret' });
    assert.deepEqual([wrongSecret.valid, wrongSecret.reason], [false, 'mismatch']);
  });

  test('Standard Webhooks reference vector: valid at its own time, refused 10 minutes later or earlier', async () => {
    const r = await result('webhook-signature-verifier', STANDARD, STANDARD_TIME);
    assert.deepEqual([r.valid, r.scheme, r.timestampWithinTolerance, r.timestamp], [true, 'standard', true, 1614265330]);
    const late = await result('webhook-signature-verifier', STANDARD, new Date(1614265330 * 1000 + 600_000));
    assert.deepEqual([late.valid, late.signatureMatches, late.reason], [false, true, 'timestamp_expired']);
    const early = await result('webhook-signature-verifier', STANDARD, new Date(1614265330 * 1000 - 600_000));
    assert.deepEqual([early.valid, early.reason], [false, 'timestamp_in_future']);
    const loose = await result('webhook-signature-verifier', { ...STANDARD, toleranceSeconds: 0 }, new Date('2030-01-01T00:00:00Z'));
    assert.equal(loose.valid, true);
    // Several signatures (key rotation): the second one matches.
    const rotated = await result(
      'webhook-signature-verifier',
      { ...STANDARD, signature: `v1,AAAA${STANDARD.signature.slice(7)} ${STANDARD.signature}` },
      STANDARD_TIME,
    );
    assert.deepEqual([rotated.valid, rotated.signaturesChecked], [true, 2]);
    const tampered = await result('webhook-signature-verifier', { ...STANDARD, payload: '{"test": 2432232315}' }, STANDARD_TIME);
    assert.deepEqual([tampered.valid, tampered.reason], [false, 'mismatch']);
  });

  test('a published vector with an old timestamp verifies against an explicit `now`, with the tolerance still on (real clock otherwise)', async () => {
    // The vector of the Standard Webhooks reference libraries' tests (standard-webhooks/standard-webhooks), signed in 2021.
    const atItsTime = await result('webhook-signature-verifier', { ...STANDARD, now: 1614265330 + 60 });
    assert.deepEqual([atItsTime.valid, atItsTime.timestampWithinTolerance], [true, true]);
    const asString = await result('webhook-signature-verifier', { ...STANDARD, now: String(1614265330 + 60) });
    assert.equal(asString.valid, true);
    const tooLate = await result('webhook-signature-verifier', { ...STANDARD, now: 1614265330 + 600 });
    assert.deepEqual([tooLate.valid, tooLate.reason], [false, 'timestamp_expired']);
    const today = await result('webhook-signature-verifier', STANDARD);
    assert.deepEqual([today.valid, today.reason], [false, 'timestamp_expired'], 'without now, the current time applies');
    await expectBadRequest(tool('webhook-signature-verifier'), { ...STANDARD, now: 'yesterday' }, 'now');
  });

  test('Standard Webhooks needs id and timestamp, and a Base64 secret', async () => {
    await expectBadRequest(tool('webhook-signature-verifier'), { ...STANDARD, id: undefined }, 'id');
    await expectBadRequest(tool('webhook-signature-verifier'), { ...STANDARD, timestamp: undefined }, 'timestamp');
    const e = await refusal('webhook-signature-verifier', { ...STANDARD, secret: 'whsec_not base64 at all!' });
    assert.match(e.detail, /^secret: /);
    assert.ok(!e.detail.includes('not base64 at all'));
  });

  test('Stripe: HMAC-SHA256 of "t.payload" (Stripe docs, "Verify signatures manually"), several v1, tolerance vs ctx.now()', async () => {
    const secret = 'whsec_test_secret_for_stripe';
    const payload = '{"id":"evt_1","object":"event"}';
    const t = 1_700_000_000;
    // Computed here independently, as Stripe documents it: HMAC-SHA256 with the endpoint secret over `${t}.${payload}`.
    const good = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
    const signature = `t=${t},v1=${'0'.repeat(64)},v1=${good},v0=${'f'.repeat(64)}`;
    const now = new Date((t + 100) * 1000);
    const r = await result('webhook-signature-verifier', { payload, secret, signature }, now);
    assert.deepEqual([r.valid, r.scheme, r.signaturesChecked, r.timestamp], [true, 'stripe', 2, t]);
    const old = await result('webhook-signature-verifier', { payload, secret, signature }, new Date((t + 301) * 1000));
    assert.deepEqual([old.valid, old.signatureMatches, old.reason], [false, true, 'timestamp_expired']);
    const wider = await result('webhook-signature-verifier', { payload, secret, signature, toleranceSeconds: 600 }, new Date((t + 301) * 1000));
    assert.equal(wider.valid, true);
    const other = await result('webhook-signature-verifier', { payload: `${payload} `, secret, signature }, now);
    assert.deepEqual([other.valid, other.reason], [false, 'mismatch']);
    const malformed = await result('webhook-signature-verifier', { payload, secret, signature: 't=abc,v1=12', scheme: 'stripe' }, now);
    assert.deepEqual([malformed.valid, malformed.reason], [false, 'malformed']);
  });

  test('bare hex and Base64 HMACs; algorithm from the length or given', async () => {
    const payload = 'order=42';
    const secret = 'shpss_secret';
    const sha256 = createHmac('sha256', secret).update(payload).digest();
    const viaHex = await result('webhook-signature-verifier', { payload, secret, signature: sha256.toString('hex') });
    assert.deepEqual([viaHex.valid, viaHex.scheme, viaHex.algorithm], [true, 'hex', 'sha256']);
    const viaB64 = await result('webhook-signature-verifier', { payload, secret, signature: sha256.toString('base64') });
    assert.deepEqual([viaB64.valid, viaB64.scheme], [true, 'base64']);
    const sha1 = createHmac('sha1', secret).update(payload).digest('hex');
    assert.equal((await result('webhook-signature-verifier', { payload, secret, signature: sha1 })).algorithm, 'sha1');
    const sha3 = createHmac('sha3-256', secret).update(payload).digest('hex');
    assert.equal((await result('webhook-signature-verifier', { payload, secret, signature: sha3, scheme: 'hex', algorithm: 'SHA3-256' })).valid, true);
    const unknown = await result('webhook-signature-verifier', { payload, secret, signature: 'not a signature' });
    assert.deepEqual([unknown.scheme, unknown.reason], ['unknown', 'malformed']);
  });
});

describe('secure-password-generator', () => {
  test('each password has the length, only allowed characters and one of each chosen class', async () => {
    const r = await result('secure-password-generator', { length: 8, count: 100, excludeAmbiguous: true, exclude: '{}' });
    const passwords = r.passwords as string[];
    assert.equal(passwords.length, 100);
    assert.equal(new Set(passwords).size, 100);
    for (const p of passwords) {
      assert.equal(p.length, 8);
      assert.match(p, /[A-Z]/);
      assert.match(p, /[a-z]/);
      assert.match(p, /[0-9]/);
      assert.match(p, /[^A-Za-z0-9]/);
      assert.doesNotMatch(p, /[Il1|O0o{}"'`\\ ]/);
    }
  });

  test('entropy is exact: a 6-digit PIN has log2(10^6) bits; 4 classes use inclusion–exclusion', async () => {
    const pin = await result('secure-password-generator', { length: 6, uppercase: false, lowercase: false, symbols: false });
    assert.equal(pin.entropyBits, 19.93);
    assert.equal(pin.alphabetSize, 10);
    assert.match(String(pin.password), /^\d{6}$/);
    // Four letters with both cases: 52⁴ − 26⁴ − 26⁴ = 6,397,664 passwords, log2 = 22.61.
    const two = await result('secure-password-generator', { length: 4, digits: false, symbols: false });
    assert.equal(two.entropyBits, 22.61);
    assert.match(String(two.password), /^(?=.*[A-Z])(?=.*[a-z])[A-Za-z]{4}$/);
  });

  test('characters are uniform (chi-square over 25,600 digits, far beyond the 1e-6 quantile fails)', async () => {
    const r = await result('secure-password-generator', { length: 256, count: 100, uppercase: false, lowercase: false, symbols: false });
    const counts = new Array<number>(10).fill(0);
    for (const p of r.passwords as string[]) for (const c of p) counts[Number(c)] = (counts[Number(c)] ?? 0) + 1;
    const expected = 25_600 / 10;
    const chi2 = counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    assert.ok(chi2 < 45, `chi-square ${chi2} for ${counts.join(',')}`); // 9 degrees of freedom: P(χ² > 45) ≈ 1e-6
  });

  test('impossible settings are 400s naming the field', async () => {
    await expectBadRequest(tool('secure-password-generator'), { uppercase: false, lowercase: false, digits: false, symbols: false }, 'uppercase');
    await expectBadRequest(tool('secure-password-generator'), { length: 3 }, 'length');
    await expectBadRequest(tool('secure-password-generator'), { length: 257 }, 'length');
    await expectBadRequest(tool('secure-password-generator'), { count: 0 }, 'count');
    await expectBadRequest(tool('secure-password-generator'), { digits: true, exclude: '0123456789' }, 'exclude');
  });
});

/**
 * HS256 tokens whose NumericDates lie beyond the dates a JavaScript Date holds (±8.64e12 s): signed with python3's hmac
 * and hashlib (header {"alg":"HS256","typ":"JWT"}, the payloads as written here), secret FAR_SECRET. RFC 7519 §2: a
 * NumericDate is any JSON numeric value, so these are far-future (or far-past) times, not malformed claims.
 */
const FAR_SECRET = 'a-string-secret-at-least-256-bits-long';
const FAR_TOKENS = {
  /** {"exp":99999999999999} */
  exp99999999999999: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjk5OTk5OTk5OTk5OTk5fQ.bHla_pUJCCwN2F1GdDg2csAVo_QlTpKk7GEqlM3-F8M',
  /** {"exp":1e30,"iat":1700000000} */
  exp1e30: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjFlMzAsImlhdCI6MTcwMDAwMDAwMH0.2hCmKHgY7erz7KV-iqN-f9wW7mV9UKUv4YqarfBVCDo',
  /** {"exp":-1e20} */
  expMinus1e20: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOi0xZTIwfQ.JeEbQR6ZZBWktDVvF8TMPWfhi5O7rPq0RPhzEJ2VOXc',
};
const FAR_NOW = new Date('2026-01-01T00:00:00Z');

describe('jwt-decoder', () => {
  const RFC7515_A1 =
    'eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

  test('RFC 7515 A.1 before its expiry is reported valid against ctx.now()', async () => {
    const r = await result('jwt-decoder', { token: RFC7515_A1 }, new Date('2011-03-22T18:00:00Z'));
    assert.equal((r.timing as Json).status, 'valid');
    assert.ok(!(r.findings as Json[]).some((f) => f.id === 'exp:expired'));
  });

  test('sensitive claim names are flagged, ordinary ones are not', async () => {
    const make = (claims: Json): string =>
      `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;
    const flagged = await result('jwt-decoder', { token: make({ sub: 'u', password: 'x', exp: 4102444800 }) });
    assert.ok((flagged.findings as Json[]).some((f) => f.id === 'payload:sensitive-data'));
    const fine = await result('jwt-decoder', { token: make({ sub: 'u', classname: 'a', compass: 'n', exp: 4102444800 }) });
    assert.ok(!(fine.findings as Json[]).some((f) => f.id === 'payload:sensitive-data'));
  });

  test('exp 1e30 is a NumericDate (RFC 7519 §2): not expired, not "no_expiry", with no ISO time to show', async () => {
    const r = await result('jwt-decoder', { token: FAR_TOKENS.exp1e30 }, FAR_NOW);
    const timing = r.timing as Json;
    // iat 1700000000 is 2023-11-14T22:13:20Z: python3 datetime.fromtimestamp(1700000000, timezone.utc).
    assert.deepEqual([timing.status, timing.expired, timing.expiresAt, timing.issuedAt], ['valid', false, null, '2023-11-14T22:13:20.000Z']);
    const ids = (r.findings as Json[]).map((f) => f.id);
    assert.ok(!ids.includes('exp:missing') && !ids.includes('exp:invalid') && !ids.includes('exp:expired'), ids.join());
    assert.equal((r.claims as Json[]).find((c) => c.name === 'exp')?.time, null);
    const past = await result('jwt-decoder', { token: FAR_TOKENS.expMinus1e20 }, FAR_NOW);
    assert.deepEqual([(past.timing as Json).status, (past.timing as Json).expired], ['expired', true]);
    const evidence = String((past.findings as Json[]).find((f) => f.id === 'exp:expired')?.evidence);
    assert.ok(!evidence.includes('null'), evidence);
  });

  test('not a JWT is a 400 naming token', async () => {
    await expectBadRequest(tool('jwt-decoder'), { token: 'abc.def' }, 'token');
    await expectBadRequest(tool('jwt-decoder'), { token: '!!!.e30.x' }, 'token');
  });
});

describe('jwt-signature-verifier', () => {
  const RFC7515_A1 =
    'eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  // RFC 7515 Appendix A.1: the HMAC key as the "k" of its JWK.
  const A1_KEY = 'AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow';
  const BEFORE_EXP = new Date('2011-03-22T18:00:00Z');
  const NOW = new Date('2026-01-01T00:00:00Z');
  const nowSeconds = NOW.getTime() / 1000;

  test('RFC 7515 A.1 (HS256) verifies before exp, fails after, with either secret form', async () => {
    const r = await result('jwt-signature-verifier', { token: RFC7515_A1, secret: A1_KEY, secretEncoding: 'base64url' }, BEFORE_EXP);
    assert.deepEqual([r.valid, r.reason, r.signatureValid], [true, null, true]);
    const asJwk = await result('jwt-signature-verifier', { token: RFC7515_A1, publicKey: { kty: 'oct', k: A1_KEY } }, BEFORE_EXP);
    assert.equal(asJwk.valid, true);
    const after = await result('jwt-signature-verifier', { token: RFC7515_A1, secret: A1_KEY, secretEncoding: 'base64url' }, new Date('2011-03-22T18:43:00Z'));
    assert.deepEqual([after.valid, after.reason, after.signatureValid], [false, 'expired', true]);
    const tolerant = await result(
      'jwt-signature-verifier',
      { token: RFC7515_A1, secret: A1_KEY, secretEncoding: 'base64url', clockToleranceSeconds: 60 },
      new Date('2011-03-22T18:43:30Z'),
    );
    assert.equal(tolerant.valid, true);
  });

  // Two key pairs per key type (the token's and another one), made while the tests before them run; RS256 and
  // PS384 both sign with the RSA pairs, and the algorithm-confusion test borrows an RSA public key.
  const pairsOf = (type: 'rsa' | 'ec' | 'ed25519', options: { modulusLength?: number; namedCurve?: string }) =>
    Promise.all([keyPair(type, options), keyPair(type, options)]);
  const rsaPairs = pairsOf('rsa', { modulusLength: 2048 });
  for (const [alg, pairs] of [
    ['RS256', rsaPairs],
    ['PS384', rsaPairs],
    ['ES256', pairsOf('ec', { namedCurve: 'P-256' })],
    ['ES384', pairsOf('ec', { namedCurve: 'P-384' })],
    ['EdDSA', pairsOf('ed25519', {})],
  ] as const) {
    test(`${alg} with a key pair generated here: PEM, JWK and JWK Set`, async () => {
      const [{ privateKey, publicKey }, otherPair] = await pairs;
      const token = await new SignJWT({ sub: 'user-1', aud: 'api', iss: 'https://issuer.example' })
        .setProtectedHeader({ alg, kid: 'k1' })
        .setIssuedAt(nowSeconds - 60)
        .setExpirationTime(nowSeconds + 3600)
        .sign(privateKey);
      const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const jwk = await exportJWK(publicKey);
      const expect = { audience: 'api', issuer: 'https://issuer.example' };
      const viaPem = await result('jwt-signature-verifier', { token, publicKey: pem, ...expect }, NOW);
      assert.deepEqual([viaPem.valid, viaPem.reason, (viaPem.key as Json).source], [true, null, 'pem']);
      const viaJwk = await result('jwt-signature-verifier', { token, publicKey: JSON.stringify(jwk), ...expect }, NOW);
      assert.equal(viaJwk.valid, true);
      const other = await exportJWK(otherPair.publicKey);
      const jwks = {
        keys: [
          { ...other, kid: 'k0' },
          { ...jwk, kid: 'k1' },
        ],
      };
      const viaJwks = await result('jwt-signature-verifier', { token, publicKey: jwks, ...expect }, NOW);
      assert.deepEqual([viaJwks.valid, (viaJwks.key as Json).kid, (viaJwks.key as Json).source], [true, 'k1', 'jwks']);
      const wrongKey = await result('jwt-signature-verifier', { token, publicKey: other, ...expect }, NOW);
      assert.deepEqual([wrongKey.valid, wrongKey.reason, wrongKey.signatureValid], [false, 'signature_invalid', false]);
      const noKid = await result('jwt-signature-verifier', { token, publicKey: { keys: [{ ...other, kid: 'k9' }] } }, NOW);
      assert.deepEqual([noKid.valid, noKid.reason], [false, 'no_matching_key']);
      const wrongAud = await result('jwt-signature-verifier', { token, publicKey: pem, audience: 'other-api' }, NOW);
      assert.deepEqual([wrongAud.valid, wrongAud.reason, wrongAud.signatureValid], [false, 'audience_mismatch', true]);
    });
  }

  test('alg "none" is refused whatever the key; an HS256 token is refused with an RSA public key', async () => {
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"admin"}').toString('base64url')}.`;
    const r = await result('jwt-signature-verifier', { token: none, secret: 'a'.repeat(32) });
    assert.deepEqual([r.valid, r.reason, r.signatureValid], [false, 'alg_none', null]);
    const upper = `${Buffer.from('{"alg":"NONE"}').toString('base64url')}.${Buffer.from('{"sub":"admin"}').toString('base64url')}.`;
    assert.equal((await result('jwt-signature-verifier', { token: upper, secret: 'a'.repeat(32) })).reason, 'alg_none');
    // Algorithm confusion: an attacker signs HS256 with the server's public key as the HMAC secret.
    const { publicKey } = (await rsaPairs)[0];
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const forged = await new SignJWT({ sub: 'admin' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(pem));
    const confused = await result('jwt-signature-verifier', { token: forged, publicKey: pem });
    assert.deepEqual([confused.valid, confused.reason, confused.signatureValid], [false, 'algorithm_not_allowed', null]);
    const restricted = await result(
      'jwt-signature-verifier',
      { token: RFC7515_A1, secret: A1_KEY, secretEncoding: 'base64url', algorithms: ['HS512'] },
      BEFORE_EXP,
    );
    assert.equal(restricted.reason, 'algorithm_not_allowed');
  });

  test('exp, nbf, iat, maxTokenAge, iss, sub and required claims against a fixed ctx time', async () => {
    const secret = new TextEncoder().encode('s'.repeat(32));
    const sign = (claims: Json): Promise<string> => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const check = async (claims: Json, extra: Json = {}): Promise<Json> =>
      result('jwt-signature-verifier', { token: await sign(claims), secret: 's'.repeat(32), ...extra }, NOW);
    assert.equal((await check({ nbf: nowSeconds + 120 })).reason, 'not_yet_valid');
    assert.equal((await check({ nbf: nowSeconds + 120 }, { clockToleranceSeconds: 300 })).valid, true);
    assert.equal((await check({ exp: nowSeconds - 1 })).reason, 'expired');
    assert.equal((await check({ exp: nowSeconds })).reason, 'expired'); // RFC 7519: now must be before exp
    assert.equal((await check({ exp: nowSeconds + 1 })).valid, true);
    assert.equal((await check({ iat: nowSeconds - 7200 }, { maxTokenAgeSeconds: 3600 })).reason, 'token_too_old');
    assert.equal((await check({ iat: nowSeconds - 60 }, { maxTokenAgeSeconds: 3600 })).valid, true);
    const future = await check({ iat: nowSeconds + 600 });
    assert.deepEqual([future.valid, (future.checks as Json[]).find((c) => c.check === 'iat')?.status], [true, 'warn']);
    assert.equal((await check({ iat: nowSeconds + 600 }, { maxTokenAgeSeconds: 3600 })).reason, 'issued_in_future');
    assert.equal((await check({ exp: 'tomorrow' })).reason, 'malformed');
    assert.equal((await check({ iss: 'a' }, { issuer: ['b', 'c'] })).reason, 'issuer_mismatch');
    assert.equal((await check({ iss: 'c' }, { issuer: ['b', 'c'] })).valid, true);
    assert.equal((await check({ aud: ['x', 'api'] }, { audience: 'api' })).valid, true);
    assert.equal((await check({}, { audience: 'api' })).reason, 'missing_claim');
    assert.equal((await check({ sub: 'u1' }, { subject: 'u2' })).reason, 'subject_mismatch');
    assert.equal((await check({ sub: 'u1' }, { requiredClaims: ['sub', 'jti'] })).reason, 'missing_claim');
  });

  test('exp 99999999999999 is a valid far-future expiry (RFC 7519 §2 NumericDate; jose accepts it), exp -1e20 has expired', async () => {
    const key = new TextEncoder().encode(FAR_SECRET);
    const { payload } = await jwtVerify(FAR_TOKENS.exp99999999999999, key, { currentDate: FAR_NOW });
    assert.equal(payload.exp, 99999999999999);
    const r = await result('jwt-signature-verifier', { token: FAR_TOKENS.exp99999999999999, secret: FAR_SECRET }, FAR_NOW);
    assert.deepEqual([r.valid, r.reason, r.signatureValid, (r.timing as Json).status], [true, null, true, 'valid']);
    assert.equal((r.checks as Json[]).find((c) => c.check === 'exp')?.status, 'pass');
    await assert.rejects(jwtVerify(FAR_TOKENS.expMinus1e20, key, { currentDate: FAR_NOW }), { code: 'ERR_JWT_EXPIRED' });
    const past = await result('jwt-signature-verifier', { token: FAR_TOKENS.expMinus1e20, secret: FAR_SECRET }, FAR_NOW);
    assert.deepEqual([past.valid, past.reason, past.signatureValid], [false, 'expired', true]);
  });

  test('bad requests: JWE, both or no keys, unreadable keys; secrets never appear in details', async () => {
    const jwe = 'eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ.a.b.c.d';
    await expectBadRequest(tool('jwt-signature-verifier'), { token: jwe, secret: 'x' }, 'token');
    await expectBadRequest(tool('jwt-signature-verifier'), { token: RFC7515_A1 }, 'secret');
    await expectBadRequest(tool('jwt-signature-verifier'), { token: RFC7515_A1, secret: 'x', publicKey: '{}' }, 'secret');
    await expectBadRequest(
      tool('jwt-signature-verifier'),
      { token: RFC7515_A1, publicKey: '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----' },
      'publicKey',
    );
    await expectBadRequest(tool('jwt-signature-verifier'), { token: RFC7515_A1, publicKey: { kty: 'RSA', n: 'AQAB' } }, 'publicKey');
    const e = await refusal('jwt-signature-verifier', { token: RFC7515_A1, secret: 'my-very-private-secret!', secretEncoding: 'hex' });
    assert.match(e.detail, /^secret: /);
    assert.ok(!e.detail.includes('my-very-private-secret'));
  });
});

describe('csp-policy-evaluator', () => {
  test('a source that is no source expression is a 400 naming policy, not a 500 (fuzz seed 338843035)', async () => {
    await expectBadRequest(tool('csp-policy-evaluator'), { policy: '> $@#Tz<"', delivery: 'header' }, 'policy');
  });

  const ids = async (policy: string, extra: Json = {}): Promise<string[]> =>
    ((await result('csp-policy-evaluator', { policy, ...extra })).findings as Json[]).map((f) => String(f.id));

  test("'unsafe-inline' without nonce is high; with a nonce it is ignored (info)", async () => {
    const bare = await result('csp-policy-evaluator', { policy: "script-src 'self' 'unsafe-inline'; object-src 'none'" });
    const f = (bare.findings as Json[]).find((x) => x.id === 'script-unsafe-inline:script-src:unsafe-inline');
    assert.equal(f?.severity, 'high');
    const nonce = await ids("script-src 'nonce-ZmFrZW5vbmNlMTIzNDU2' 'unsafe-inline'; object-src 'none'; base-uri 'none'");
    assert.ok(!nonce.includes('script-unsafe-inline:script-src:unsafe-inline'));
    assert.ok(nonce.includes('ignored:script-src:unsafe-inline'));
  });

  test('unsafe-eval, wildcards, scheme-only sources and http: sources', async () => {
    const found = await ids("script-src * https: data: http://cdn.example.com 'unsafe-eval'; object-src *");
    for (const id of [
      'script-unsafe-eval:script-src:unsafe-eval',
      'plain-wildcard:script-src:*',
      'plain-url-schemes:script-src:https:',
      'plain-url-schemes:script-src:data:',
      'src-http:script-src:http://cdn.example.com',
      'plain-wildcard:object-src:*',
    ]) {
      assert.ok(found.includes(id), `${id} in ${found.join(', ')}`);
    }
  });

  test('missing directives: script-src/default-src, object-src, base-uri (with nonces), frame-ancestors', async () => {
    const found = await ids('img-src https://img.example.com');
    for (const id of [
      'missing-directives:script-src',
      'missing-directives:object-src',
      'missing-directives:frame-ancestors',
      'missing-directives:default-src',
    ]) {
      assert.ok(found.includes(id), id);
    }
    assert.ok((await ids("script-src 'nonce-ZmFrZW5vbmNlMTIzNDU2' 'strict-dynamic'; object-src 'none'")).includes('missing-directives:base-uri'));
    assert.ok(!(await ids("default-src 'self'; frame-ancestors 'none'", { delivery: 'header' })).includes('missing-directives:frame-ancestors'));
    const meta = await ids("default-src 'self'; frame-ancestors 'none'", { delivery: 'meta' });
    assert.ok(meta.includes('meta-ignored:frame-ancestors') && !meta.includes('missing-directives:frame-ancestors'));
  });

  test('known bypass hosts (Google CSP Evaluator lists): *.googleapis.com, cdnjs, www.google.com', async () => {
    const r = await result('csp-policy-evaluator', {
      policy: "script-src *.googleapis.com https://cdnjs.cloudflare.com https://www.google.com; object-src 'none'",
    });
    const bypass = (r.findings as Json[]).filter((f) => String(f.id).startsWith('script-allowlist-bypass:') && f.severity === 'high');
    assert.deepEqual(bypass.map((f) => f.id).sort(), [
      'script-allowlist-bypass:script-src:*.googleapis.com',
      'script-allowlist-bypass:script-src:https://cdnjs.cloudflare.com',
      'script-allowlist-bypass:script-src:https://www.google.com',
    ]);
  });

  test('strict CSP: nonce + strict-dynamic + object-src/base-uri none scores well; reporting and Trusted Types', async () => {
    const strict = await result('csp-policy-evaluator', {
      policy:
        "script-src 'nonce-ZmFrZW5vbmNlMTIzNDU2' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; default-src 'self'; require-trusted-types-for 'script'; report-uri /csp; report-to csp",
    });
    assert.equal(strict.strictCsp, true);
    assert.ok((strict.score as number) >= 90, String(strict.score));
    assert.deepEqual(
      [
        (strict.uses as Json).nonces,
        (strict.uses as Json).strictDynamic,
        (strict.uses as Json).reportUri,
        (strict.uses as Json).reportTo,
        (strict.uses as Json).trustedTypes,
      ],
      [true, true, true, true, true],
    );
    assert.ok((await ids("script-src 'strict-dynamic'")).includes('strict-dynamic-not-standalone:script-src'));
    assert.ok((await ids("script-src 'self'; report-to grp")).includes('report-to-only:report-to'));
    assert.ok((await ids("script-src 'self'")).includes('reporting-destination-missing:report-uri'));
  });

  test('syntax: unquoted keywords, unknown and deprecated directives, duplicates, commas, short nonces', async () => {
    const found = await ids(
      "default-src self; scirpt-src 'self'; reflected-xss block; block-all-mixed-content; script-src 'nonce-abc'; script-src 'unsafe-inline', img-src *",
    );
    for (const id of [
      'invalid-keyword:default-src:self',
      'unknown-directive:scirpt-src',
      'deprecated-directive:reflected-xss',
      'deprecated-directive:block-all-mixed-content',
      'duplicate-directive:script-src',
      'policy:comma',
      'nonce-length:script-src:nonce-abc',
    ]) {
      assert.ok(found.includes(id), `${id} in ${found.join(', ')}`);
    }
  });

  test('ids are stable, report-only is flagged, a header name is stripped, nonces keep their case', async () => {
    const policy = "Content-Security-Policy-Report-Only: script-src 'NONCE-AbCdEfGh12345678' 'unsafe-inline'; object-src 'none'";
    const a = await outcome('csp-policy-evaluator', { policy });
    const b = await outcome('csp-policy-evaluator', { policy });
    assert.deepEqual(a.result, b.result);
    assert.ok((a.result.findings as Json[]).some((f) => f.id === 'report-only'));
    assert.deepEqual((a.result.directives as Json[])[0], { name: 'script-src', values: ["'nonce-AbCdEfGh12345678'", "'unsafe-inline'"], known: true });
    await expectBadRequest(tool('csp-policy-evaluator'), { policy: ' ; ; ' }, 'policy');
  });
});

describe('secrets stay out of logs and error details', () => {
  const lines: string[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
  const SECRET = 'Sekr1t-Marker-9f8e7d';
  const cases: [string, Json][] = [
    ['hmac-generator', { text: 'x', secret: SECRET, secretEncoding: 'base64' }],
    ['webhook-signature-verifier', { payload: 'x', secret: `whsec_${SECRET}!`, signature: 'v1,abc', id: 'm', timestamp: 1 }],
    ['jwt-signature-verifier', { token: 'a.b.c', secret: SECRET }],
    ['bcrypt-hash-generator', { password: SECRET, mode: 'verify', hash: `$2b$99$${SECRET}` }],
    ['password-strength-checker', { password: SECRET, userInputs: 'not-a-list' }],
  ];
  for (const [slug, input] of cases) {
    test(`${slug}: a refused call names the field, not the secret`, async () => {
      await assert.rejects(invoke(tool(slug), input, { requestId: 't', log }), (error: unknown) => {
        const e = asToolError(error);
        assert.equal(e.status, 400);
        assert.ok(!e.detail.includes('Sekr1t'), e.detail);
        return true;
      });
      assert.ok(!lines.join('').includes('Sekr1t'));
    });
  }
});

describe('property tests: random valid inputs never give a 5xx, random invalid ones a 400', () => {
  // password-strength-checker's are in password-strength-checker.test.ts, with zxcvbn's dictionaries.
  const text = fc.string({ unit: binaryUnit, maxLength: 300 });
  const nonEmpty = fc.string({ unit: binaryUnit, minLength: 1, maxLength: 100 });
  const b64url = (s: string): string => Buffer.from(s).toString('base64url');
  const token = fc.oneof(
    text,
    fc
      .tuple(fc.jsonValue({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 40 }))
      .map(([h, p, s]) => `${b64url(JSON.stringify(h) ?? 'null')}.${b64url(JSON.stringify(p) ?? 'null')}.${b64url(s)}`),
    fc
      .tuple(
        fc.constantFrom('HS256', 'RS256', 'none', 'ES256', 'EdDSA', 'XX'),
        fc.dictionary(fc.constantFrom('exp', 'nbf', 'iat', 'aud', 'iss', 'sub'), fc.oneof(fc.integer(), fc.string(), fc.array(fc.string()))),
      )
      .map(([alg, claims]) => `${b64url(JSON.stringify({ alg }))}.${b64url(JSON.stringify(claims))}.${b64url('sig')}`),
  );
  const cspToken = fc.constantFrom(
    "'self'",
    "'none'",
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'strict-dynamic'",
    "'nonce-abc123DEF456'",
    "'sha256-AAAA'",
    '*',
    'https:',
    'data:',
    'http://a.b',
    '*.googleapis.com',
    'self',
    ',',
    ';',
    'script-src',
    'object-src',
    'default-src',
    'base-uri',
    'frame-ancestors',
    'report-uri',
    '__proto__',
    'constructor',
    'x',
  );
  const secretish = fc.constantFrom(
    'AKIAQ2W3E4R5T6Y7U2I3',
    'ghp_',
    'xoxb-',
    'sk_live_',
    'eyJ',
    '.',
    '-----BEGIN PRIVATE KEY-----',
    '-----END ',
    'password=',
    '://u:p@h',
    'AIza',
    '\n',
    ' ',
    '"',
  );

  const valid: [string, fc.Arbitrary<unknown>][] = [
    ['jwt-decoder', fc.record({ token })],
    [
      'secure-password-generator',
      fc.record({
        length: fc.integer({ min: 4, max: 64 }),
        count: fc.integer({ min: 1, max: 3 }),
        uppercase: fc.boolean(),
        lowercase: fc.boolean(),
        digits: fc.boolean(),
        symbols: fc.boolean(),
        excludeAmbiguous: fc.boolean(),
        exclude: fc.string({ maxLength: 20 }),
      }),
    ],
    [
      'hash-generator',
      fc.record({
        text,
        algorithm: fc.constantFrom('md5', 'SHA-256', 'sha3_512', 'blake2b512', 'ripemd160', 'sha512/256'),
        inputEncoding: fc.constantFrom('utf8', 'hex', 'base64', 'base64url'),
      }),
    ],
    [
      'secret-leak-scanner',
      fc.record({
        text: fc.array(fc.oneof(secretish, fc.string({ maxLength: 30 })), { maxLength: 40 }).map((parts) => parts.join('')),
        entropyThreshold: fc.double({ min: 3, max: 6, noNaN: true }),
      }),
    ],
    [
      'hmac-generator',
      fc.record({
        text,
        secret: nonEmpty,
        algorithm: fc.constantFrom('sha1', 'sha256', 'SHA3-384', 'md5'),
        encoding: fc.constantFrom('hex', 'base64', 'base64url'),
        secretEncoding: fc.constantFrom('utf8', 'hex', 'base64'),
      }),
    ],
    [
      'bcrypt-hash-generator',
      fc.oneof(
        fc.record({ password: nonEmpty, rounds: fc.constant(4) }),
        fc.record({
          password: nonEmpty,
          algorithm: fc.constant('argon2id'),
          memoryCost: fc.integer({ min: 8, max: 512 }),
          timeCost: fc.integer({ min: 1, max: 2 }),
          salt: fc.option(fc.string({ minLength: 0, maxLength: 20 }), { nil: undefined }),
        }),
        fc.record({
          password: nonEmpty,
          mode: fc.constant('verify'),
          hash: fc.oneof(
            text,
            fc.constantFrom(
              '$2b$04$',
              '$argon2id$v=19$m=8,t=1,p=1$c29tZXNhbHQ$AAAAAAAA',
              '$argon2id$v=19$m=0,t=0,p=0$c29tZXNhbHQ$AAAAAAAA',
              '$2y$04$' + 'A'.repeat(53),
            ),
          ),
        }),
      ),
    ],
    [
      'csp-policy-evaluator',
      fc.record({
        policy: fc.array(cspToken, { minLength: 1, maxLength: 30 }).map((t) => `script-src ${t.join(' ')}`),
        delivery: fc.constantFrom('header', 'meta'),
        reportOnly: fc.boolean(),
      }),
    ],
    [
      'jwt-signature-verifier',
      fc.oneof(
        fc.record({ token, secret: nonEmpty, secretEncoding: fc.constantFrom('utf8', 'hex', 'base64url') }),
        fc.record({
          token,
          publicKey: fc.oneof(
            text,
            fc.jsonValue({ maxDepth: 2 }).map((v) => ({ keys: [v] })),
            fc.constant({ kty: 'EC', crv: 'P-256', x: 'a', y: 'b' }),
          ),
        }),
      ),
    ],
    [
      'webhook-signature-verifier',
      fc.record({
        payload: text,
        secret: nonEmpty,
        signature: fc.oneof(nonEmpty, fc.constantFrom('sha256=zz', 't=1,v1=ab', 'v1,abc v1a,xyz', 'sha1=' + 'a'.repeat(40))),
        scheme: fc.constantFrom('auto', 'github', 'stripe', 'standard', 'hex', 'base64'),
        id: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
        timestamp: fc.option(fc.nat(), { nil: undefined }),
      }),
    ],
  ];
  for (const [slug, arbitrary] of valid) {
    test(`${slug}: valid-shaped inputs never 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => {
          await expectNoServerError(tool(slug), input);
        }),
        { numRuns: slug === 'bcrypt-hash-generator' ? 40 : 150 },
      );
    });
  }

  const required: Record<string, string[]> = {
    'jwt-decoder': ['token'],
    'hash-generator': ['text'],
    'secret-leak-scanner': ['text'],
    'hmac-generator': ['text', 'secret'],
    'bcrypt-hash-generator': ['password'],
    'csp-policy-evaluator': ['policy'],
    'jwt-signature-verifier': ['token'],
    'webhook-signature-verifier': ['payload', 'secret', 'signature'],
  };
  const base: Record<string, Json> = {
    'jwt-decoder': { token: 'a.b.c' },
    'hash-generator': { text: 'x' },
    'secret-leak-scanner': { text: 'x' },
    'hmac-generator': { text: 'x', secret: 'k' },
    'bcrypt-hash-generator': { password: 'x' },
    'csp-policy-evaluator': { policy: "script-src 'self'" },
    'jwt-signature-verifier': { token: 'a.b.c', secret: 'k' },
    'webhook-signature-verifier': { payload: 'x', secret: 'k', signature: 'sha256=00' },
  };
  for (const [slug, fields] of Object.entries(required)) {
    test(`${slug}: a required field of the wrong type or missing is a 400 naming it`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), fc.option(wrongType, { nil: undefined }), async (field, value) => {
          await expectBadRequest(tool(slug), { ...base[slug], [field]: value }, field);
        }),
        { numRuns: 60 },
      );
    });
  }

  test('secure-password-generator: out-of-range numbers are 400s naming the field', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('length', 'count'),
        fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 257 }), fc.double({ min: 4.1, max: 9.9, noInteger: true })),
        async (field, value) => {
          await expectBadRequest(tool('secure-password-generator'), { [field]: value }, field);
        },
      ),
      { numRuns: 60 },
    );
  });
});

test('jwt-decoder: claim names that are Object.prototype members (toString, constructor) are plain claims', async () => {
  const payload = Buffer.from(JSON.stringify({ toString: null, constructor: 1 })).toString('base64url');
  const outcome = await run(tools.get('jwt-decoder') as AnyTool, { token: `e30.${payload}.` });
  assert.ok(outcome.result);
});
