import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** Signup sends a real message over SMTP to a server this test runs on loopback; its link verifies the account. */
const messages: { to: string; body: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      messages.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
      callback();
    });
  },
});
let server: TestServer;

before(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  server = await startTestServer({ TOOLAPI_SMTP_URL: `smtp://127.0.0.1:${port}` });
});
after(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

test('signup mails a link; the link verifies the account once and hands out its first key', async () => {
  const response = await server.post('/api/v1/accounts/signup', { email: 'new.user@example.test' }, { 'x-api-key': '' });
  assert.equal(response.status, 201);
  const body = (await response.json()) as { result: { emailVerified: boolean } };
  assert.equal(body.result.emailVerified, false);

  assert.equal(messages.length, 1);
  assert.equal(messages[0]?.to, 'new.user@example.test');
  const unfolded = messages[0]?.body.replace(/=\r?\n/g, '').replace(/=3D/g, '=') ?? '';
  const link = /(http:\/\/\S+\/verify\?token=([0-9A-Za-z]+))/.exec(unfolded);
  assert.ok(link?.[1] && link[2], 'the message holds the verification link');
  assert.ok(link[1].startsWith(server.url), 'the link points at this server');
  // The link opens a page whose button verifies: fetching it (as a mail scanner would) uses nothing up.
  const opened = await fetch(link[1]);
  assert.equal(opened.status, 200);
  assert.match(opened.headers.get('content-type') ?? '', /^text\/html/);
  const apiLink = `${server.url}/api/v1/accounts/verify?token=${link[2]}`;

  const verified = await fetch(apiLink);
  assert.equal(verified.status, 200);
  const result = ((await verified.json()) as { result: { emailVerified: boolean; apiKey: { key: string } } }).result;
  assert.equal(result.emailVerified, true);
  const call = await server.post('/api/v1/text-utilities/reverse-text', { text: 'ok' }, { 'x-api-key': result.apiKey.key });
  assert.equal(call.status, 200, 'the new key works: the account is verified');

  const reused = await fetch(apiLink);
  assert.equal(reused.status, 400, 'tokens are single-use');
  assert.ok(!server.logs.some((l) => l.includes(result.apiKey.key)), 'the key is never logged');
});

test('signup of an address already verified (by the test above) is a 409; a bad address a 400', async () => {
  const first = await server.post('/api/v1/accounts/signup', { email: 'New.User@example.test' });
  assert.equal(first.status, 409);
  const bad = await server.post('/api/v1/accounts/signup', { email: 'nope' });
  assert.equal(bad.status, 400);
});
