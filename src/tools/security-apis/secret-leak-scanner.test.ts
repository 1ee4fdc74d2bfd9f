import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Json, moduleTools } from '../../../test/helpers/module-tools.ts';
import secretLeakScanner from './secret-leak-scanner.ts';

/** secret-leak-scanner's documented formats, heuristics and limits: a file of its own, as scanning megabytes for the no-ReDoS check takes a while. */
const { result, outcome } = moduleTools([secretLeakScanner]);

describe('secret-leak-scanner', () => {
  // Synthetic tokens in each provider's documented format (none is a live credential).
  const SAMPLES: [string, string, string][] = [
    ['aws-access-key-id', 'AKIAQ2W3E4R5T6Y7U2I3', 'AKIA'],
    ['github-token', `ghp_${'a1B2c3D4e5'.repeat(3)}F6g7H8`, 'ghp_'],
    ['github-token', `gho_${'Z9y8X7w6V5'.repeat(3)}u4T3s2`, 'gho_'],
    ['github-token', `ghu_${'Z9y8X7w6V5'.repeat(3)}u4T3s2`, 'ghu_'],
    ['github-token', `ghs_${'Z9y8X7w6V5'.repeat(3)}u4T3s2`, 'ghs_'],
    ['github-token', `ghr_${'Z9y8X7w6V5'.repeat(3)}u4T3s2`, 'ghr_'],
    ['github-fine-grained-token', `github_pat_11ABCDEFG0${'abcdefghij'.repeat(7)}12`, 'gith'],
    ['slack-token', 'xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx', 'xoxb'],
    ['slack-token', 'xoxp-1234567890-1234567890123-1234567890123-0123456789abcdef0123456789abcdef', 'xoxp'],
    ['slack-app-token', 'xapp-1-A0123456789-1234567890123-0123456789abcdef0123456789abcdef', 'xapp'],
    ['stripe-secret-key', `sk_live_${'51Hq2X3Yz'.repeat(4)}`, 'sk_l'],
    ['stripe-secret-key', `rk_live_${'51Hq2X3Yz'.repeat(4)}`, 'rk_l'],
    ['stripe-publishable-key', `pk_live_${'51Hq2X3Yz'.repeat(4)}`, 'pk_l'],
    ['google-api-key', 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6q', 'AIza'],
    ['npm-token', `npm_${'a1B2c3D4e5F6'.repeat(3)}`, 'npm_'],
    ['gitlab-token', 'glpat-Ab1Cd2Ef3Gh4Ij5Kl6Mn', 'glpa'],
    ['google-oauth-client-secret', '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', 'GOCS'],
    ['openai-api-key', 'sk-proj-Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8T3BlbkFJQr9St0Uv1Wx2Yz3Ab4Cd5Ef', 'sk-p'],
    ['anthropic-api-key', `sk-ant-api03-${'Ab1Cd2Ef3G'.repeat(9)}h4I-j5KlAA`, 'sk-a'],
    ['sendgrid-api-key', `SG.${'Ab1Cd2Ef3Gh4Ij5Kl6Mn7O'}.${'p8Qr9St0Uv1Wx2Yz3Ab4Cd5Ef6Gh7Ij8Kl9Mn0Op1Qr'}`, 'SG.A'],
    ['webhook-signing-secret', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'whse'],
  ];

  for (const [rule, token, prefix] of SAMPLES) {
    test(`${rule}: ${prefix}… is found, located and masked`, async () => {
      const text = `line one\n  key = "${token}" # comment`;
      const r = await result('secret-leak-scanner', { text });
      const match = (r.matches as Json[]).find((m) => m.rule === rule);
      assert.ok(match, `${rule} not found in ${JSON.stringify(r.matches)}`);
      assert.deepEqual([match.line, match.column, match.masked], [2, 10, `${prefix}****`]);
      assert.ok(!JSON.stringify(r).includes(token.slice(0, 12)), 'the secret leaks into the output');
      assert.ok((r.findings as Json[]).some((f) => f.id === `${rule}:2:10`));
    });
  }

  test('a lone CR ends a line (as CRLF and LF do): the Stripe key after "\\r" is on line 3, column 9', async () => {
    // Expected positions from python3: str.splitlines() breaks at "\r\n", "\r" and "\n" alike, and the column counts
    // UTF-16 units (len(prefix.encode('utf-16-le')) // 2 + 1, so 😀 counts 2): AKIA… 1:5, ghp_… 2:5, sk_live_… 3:9.
    const text = `😀é AKIAQYLPMN5HHHFPZAM2\r\nx = ghp_${'aB3'.repeat(12)}\rtoken: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'\n`;
    const r = await result('secret-leak-scanner', { text });
    const at = (r.matches as Json[]).map((m) => `${m.rule}@${m.line}:${m.column}`);
    assert.deepEqual(at, ['aws-access-key-id@1:5', 'github-token@2:5', 'stripe-secret-key@3:9']);
    assert.ok((r.findings as Json[]).some((f) => f.id === 'stripe-secret-key:3:9'));
    // Three line breaks, the last one final: 4 lines as the scanner counts them (an empty last line included).
    assert.deepEqual(r.scanned, { characters: 113, lines: 4 });
  });

  test('Slack webhook URL, AWS secret key in context, password in a URL, PEM block, JWT (expiry vs ctx.now())', async () => {
    const exp = 1_900_000_000;
    const jwt = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: '1', exp })).toString('base64url')}.abcdefghijklmnop`;
    const text = [
      'SLACK=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
      'aws_secret_access_key = "hDpjFq5MlWAvJMaYGHWB4kGns4cq36J4uE+FUtQ8"',
      'url: mysql://root:Sup3rS3cret!@db.example.com/app',
      '-----BEGIN OPENSSH PRIVATE KEY-----',
      'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
      '-----END OPENSSH PRIVATE KEY-----',
      `Authorization: Bearer ${jwt}`,
    ].join('\n');
    const before = await result('secret-leak-scanner', { text }, new Date((exp - 10) * 1000));
    const byRule = Object.fromEntries((before.matches as Json[]).map((m) => [m.rule, m]));
    assert.deepEqual(Object.keys(byRule).sort(), ['aws-secret-access-key', 'jwt', 'private-key', 'slack-webhook', 'url-credentials']);
    assert.deepEqual([byRule['slack-webhook']?.masked, byRule['slack-webhook']?.line], ['T000****', 1]);
    assert.deepEqual([byRule['aws-secret-access-key']?.masked, byRule['url-credentials']?.masked], ['hDpj****', 'Sup****']);
    assert.deepEqual([byRule['private-key']?.line, byRule['private-key']?.masked, byRule['private-key']?.severity], [4, 'b3Bl****', 'high']);
    assert.deepEqual([byRule.jwt?.line, byRule.jwt?.severity], [7, 'medium']);
    const after = await result('secret-leak-scanner', { text }, new Date((exp + 10) * 1000));
    assert.equal((after.matches as Json[]).find((m) => m.rule === 'jwt')?.severity, 'low');
    assert.ok(!JSON.stringify(before).includes('Sup3rS3cret'));
  });

  test('heuristics: keyword assignments and high-entropy strings; placeholders and identifiers are ignored', async () => {
    const text = [
      'DB_PASSWORD=Xk9#mP2$vL7qR4tW',
      'api_key: "${API_KEY}"',
      'password = "changeme"',
      'const token = config.auth.token;',
      'blob = "Zq8Lm3Rt7Vx2Np5Kw9Bc4Hd6Jf1Gs0Ty"',
      'commit 3f786850e387550fdab836ed7e6dc881de23001b',
      'path/to/someFile_name-with-words.ts',
    ].join('\n');
    const r = await result('secret-leak-scanner', { text });
    const rules = (r.matches as Json[]).map((m) => `${m.rule}@${m.line}`);
    assert.deepEqual(rules, ['generic-credential@1', 'high-entropy-string@5']);
    const off = await result('secret-leak-scanner', { text, includeGeneric: false });
    assert.deepEqual(off.matches, []);
    const strict = await result('secret-leak-scanner', { text, entropyThreshold: 5.5 });
    assert.deepEqual(
      (strict.matches as Json[]).map((m) => m.rule),
      ['generic-credential'],
    );
  });

  test('the AWS documentation example keys are reported as info; test-mode Stripe keys as low', async () => {
    const r = await result('secret-leak-scanner', {
      text: `aws_access_key_id=AKIAIOSFODNN7EXAMPLE\naws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nsk_test_${'4eC39HqLyjWDarjtT1zdp7dc'}`,
    });
    assert.deepEqual(
      (r.matches as Json[]).map((m) => [m.rule, m.severity]),
      [
        ['aws-access-key-id', 'info'],
        ['aws-secret-access-key', 'info'],
        ['stripe-secret-key', 'low'],
      ],
    );
  });

  test('no ReDoS: a million adversarial characters scan in bounded time', async () => {
    const inputs = [
      'a'.repeat(1_000_000),
      '-eyJ'.repeat(250_000),
      'eyJhbGciOi.'.repeat(90_000),
      'ghp_'.repeat(250_000),
      'secret='.repeat(140_000),
      'x://a:'.repeat(160_000),
      '-----BEGIN PRIVATE KEY-----'.repeat(37_000),
      'sk-'.repeat(330_000),
      'AIza'.repeat(250_000),
      'AKIAQ2W3E4R5T6Y7U2I3 '.repeat(47_000),
      'pwd=Xk9#mP2$vL7qR4tW\n'.repeat(47_000),
    ];
    for (const text of inputs) {
      const started = performance.now();
      const r = await result('secret-leak-scanner', { text });
      const ms = performance.now() - started;
      assert.ok(ms < 4000, `${text.slice(0, 12)}… took ${ms.toFixed(0)} ms`);
      assert.ok((r.matches as Json[]).length <= 500);
    }
    const { result: many, warnings } = await outcome('secret-leak-scanner', { text: 'AKIAQ2W3E4R5T6Y7U2I3 '.repeat(47_000) });
    assert.deepEqual([(many.summary as Json).total, (many.summary as Json).truncated], [5000, true]);
    assert.match(warnings.join(' '), /stopped after 5,000/);
  });

  test('more than 500 secrets: the first 500 are listed and the summary says so', async () => {
    const text = Array.from({ length: 520 }, (_, i) => `k${i}=ghp_${String(i).padStart(36, 'A')}`).join('\n');
    const { result: r, warnings } = await outcome('secret-leak-scanner', { text });
    assert.equal((r.matches as Json[]).length, 500);
    assert.deepEqual([(r.summary as Json).total, (r.summary as Json).truncated], [520, true]);
    assert.match(warnings.join(' '), /520/);
    assert.equal(r.score, 0);
  });
});
