import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { expectBadRequest } from '../../../test/helpers/invoke.ts';
import { moduleTools } from '../../../test/helpers/module-tools.ts';
import jwtGenerator from './jwt-generator.ts';

/** jwt-generator's time claims and keys beyond developer-apis.test.ts (which keeps its examples' and property tests). */
const { tool, result, refusal } = moduleTools([jwtGenerator]);
const NOW = new Date('2024-05-01T00:00:00Z');

describe('jwt-generator: iat, exp and nbf in payload are NumericDates (RFC 7519 §2: any JSON number)', () => {
  // Expected tokens from python3's hmac and hashlib, independently of jose: HMAC-SHA256 with key b"x" over
  // base64url('{"alg":"HS256","typ":"JWT"}') + "." + base64url(the payload JSON written without spaces).
  const CASES: [string, Record<string, unknown>, string][] = [
    [
      'iat 1e17 (exp = iat + the default hour)',
      { iat: 1e17 },
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpYXQiOjEwMDAwMDAwMDAwMDAwMDAwMCwiZXhwIjoxMDAwMDAwMDAwMDAwMDM2MDB9.jYPK7TJtelUrgrkcyK6w93f7taaRk1KB_soh3RkWRRM',
    ],
    [
      'iat -1e16',
      { iat: -1e16 },
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpYXQiOi0xMDAwMDAwMDAwMDAwMDAwMCwiZXhwIjotOTk5OTk5OTk5OTk5NjQwMH0.yZGLem_JFllp_KSgDQg4WArtArkj4-0mXRfUMf9ftyQ',
    ],
    [
      'exp 1e20 (iat from the clock)',
      { exp: 1e20 },
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjEwMDAwMDAwMDAwMDAwMDAwMDAwMCwiaWF0IjoxNzE0NTIxNjAwfQ.wDlunRPibWPARWRov8iQfEQfL9PZRruZJzleVyV0vxY',
    ],
  ];
  for (const [name, payload, token] of CASES) {
    test(`${name} is signed as given, its ISO time null where no date can hold it`, async () => {
      const r = await result('jwt-generator', { secret: 'x', payload }, NOW);
      assert.equal(r.token, token);
      // python3 datetime.fromtimestamp(t, timezone.utc) cannot write 1e17, 1e20 or -1e16 either (OSError, OverflowError,
      // "year -316885416 is out of range"); ECMAScript's dates end at ±8.64e12 s.
      if ('iat' in payload) assert.equal(r.issuedAt, null);
      else assert.equal(r.issuedAt, '2024-05-01T00:00:00.000Z'); // python3: datetime.fromtimestamp(1714521600, timezone.utc)
      assert.equal(r.expiresAt, null);
    });
  }

  test('the last and first dates ECMAScript can write are shown; one second beyond is null', async () => {
    // ECMA-262, Date Time String Format, "Expanded Years": +275760-09-13T00:00:00Z and -271821-04-20T00:00:00Z, ±8.64e15 ms from 1970.
    const last = await result('jwt-generator', { secret: 'x', payload: { iat: 8.64e12 }, noExpiry: true });
    assert.equal(last.issuedAt, '+275760-09-13T00:00:00.000Z');
    const first = await result('jwt-generator', { secret: 'x', payload: { iat: -8.64e12 }, noExpiry: true });
    assert.equal(first.issuedAt, '-271821-04-20T00:00:00.000Z');
    const beyond = await result('jwt-generator', { secret: 'x', payload: { iat: 8.64e12 + 1 }, noExpiry: true });
    assert.equal(beyond.issuedAt, null);
  });

  test('a time claim that is not a number is a 400 naming payload.<claim>', async () => {
    await expectBadRequest(tool('jwt-generator'), { secret: 'x', payload: { nbf: 'x' } }, 'payload.nbf');
    await expectBadRequest(tool('jwt-generator'), { secret: 'x', payload: { exp: '2030-01-01' } }, 'payload.exp');
    await expectBadRequest(tool('jwt-generator'), { secret: 'x', payload: { iat: null } }, 'payload.iat');
    // JSON 1e400 parses to Infinity: no finite NumericDate, and JSON.stringify could not write it back.
    await expectBadRequest(tool('jwt-generator'), { secret: 'x', payload: JSON.parse('{"exp":1e400}') }, 'payload.exp');
    // A claim the options replace is not checked: issuedAt sets iat, noExpiry drops exp.
    const replaced = await result('jwt-generator', { secret: 'x', payload: { iat: 'x', exp: 'x' }, issuedAt: 0, noExpiry: true });
    assert.deepEqual(replaced.payload, { iat: 0 });
  });
});

describe('jwt-generator: EdDSA keys', () => {
  // An Ed448 key (RFC 8037 lists Ed448 for EdDSA) made with `openssl genpkey -algorithm ed448`: jose signs EdDSA with
  // Ed25519 only, so the key is refused as a 400 naming privateKey instead of failing inside the signer (a 500).
  const ED448 =
    '-----BEGIN PRIVATE KEY-----\nMEcCAQAwBQYDK2VxBDsEOYg5ij4pewDi6Txzw/5Q1rFu7EXEgTy9GtMSm18whOu2\nVEsRpj9MUOWbe5u8s4LEg0yP8vxeAW3H4w==\n-----END PRIVATE KEY-----\n';

  test('an Ed448 private key is a 400 naming privateKey, saying Ed25519 is needed', async () => {
    await expectBadRequest(tool('jwt-generator'), { algorithm: 'EdDSA', privateKey: ED448 }, 'privateKey');
    const e = await refusal('jwt-generator', { algorithm: 'EdDSA', privateKey: ED448 });
    assert.match(e.detail, /^privateKey: EdDSA needs an Ed25519 key/);
  });
});
