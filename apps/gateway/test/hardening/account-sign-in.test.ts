import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Hardened, startHardened } from './stack.js';

/**
 * Failed password sign-ins are counted per account over every client address
 * (SIGNIN_ACCOUNT_FAILURES_MAX): the per-address limit alone let guesses from many addresses go on.
 */
const MAX = 3;
const PASSWORD = 'waybill-demo';
const PASSWORD_LOGIN = '/login/username_password';

let stack: Hardened;
let lines: string[];

// A gateway per test: each starts with every account's whole budget.
beforeEach(async () => {
  lines = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  stack = await startHardened(
    {
      // Each attempt names its own client address, as a proxy in front would.
      TRUST_PROXY: '127.0.0.1',
      SIGNIN_ACCOUNT_FAILURES_MAX: String(MAX),
      SIGNIN_ACCOUNT_WINDOW_MS: '900000',
      LOG_LEVEL: 'info',
    },
    pino({ level: 'info' }, sink),
  );
});

afterEach(async () => {
  await stack?.close();
});

type Answer = { status: number; code?: string; limit?: string | null; message?: string };
let address = 0;

/** One password sign-in from a client address of its own; resolves with the answer's status and error. */
async function signIn(email: string, password: string): Promise<Answer> {
  address += 1;
  const res = await fetch(`${stack.url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${address}` },
    body: JSON.stringify({ email, password, bearer: true }),
  });
  const body = (await res.json()) as { error?: { message: string; data: { code: string; limit?: string } } };
  return {
    status: res.status,
    code: body.error?.data.code,
    limit: body.error?.data.limit,
    message: body.error?.message,
  };
}

const passwordChecks = () => stack.sim!.control.callCounts()[PASSWORD_LOGIN] ?? 0;

describe('failed password sign-ins per account', () => {
  it('refuses the account past SIGNIN_ACCOUNT_FAILURES_MAX from any address, the right password too, without asking the backend', async () => {
    for (let i = 0; i < MAX; i++) expect((await signIn('ops@example.com', `wrong-${i}`)).status).toBe(401);
    const checks = passwordChecks();
    // The same account however it is typed.
    for (const email of ['ops@example.com', '  OPS@Example.com ']) {
      const refused = await signIn(email, PASSWORD);
      expect(refused).toMatchObject({
        status: 429,
        code: 'TOO_MANY_REQUESTS',
        limit: 'SIGNIN_ACCOUNT_FAILURES_MAX',
      });
      expect(refused.message).toMatch(
        /^Too many failed sign-in attempts for this e-mail address .*try again in \d+ s$/,
      );
    }
    expect(passwordChecks()).toBe(checks);
    // Another account is not affected.
    expect((await signIn('dev@example.com', PASSWORD)).status).toBe(200);
  });

  it('refuses an e-mail the backend does not know in the same words, so a refusal tells nothing of the account', async () => {
    for (const email of ['ops@example.com', 'nobody@example.com'])
      for (let i = 0; i < MAX; i++) expect((await signIn(email, `wrong-${i}`)).status).toBe(401);
    const known = await signIn('ops@example.com', PASSWORD);
    const unknown = await signIn('nobody@example.com', PASSWORD);
    expect(unknown).toMatchObject({ status: 429, limit: 'SIGNIN_ACCOUNT_FAILURES_MAX' });
    const words = (m?: string) => m?.replace(/\d+ s$/, 'N s');
    expect(words(unknown.message)).toBe(words(known.message));
  });

  it('counts failures only: successful sign-ins and backend outages leave the budget whole', async () => {
    for (let i = 0; i < MAX + 2; i++) expect((await signIn('ops@example.com', PASSWORD)).status).toBe(200);
    stack.sim!.control.setFault({ kind: 'down' });
    for (let i = 0; i < MAX + 2; i++) expect((await signIn('ops@example.com', 'wrong')).status).toBe(502);
    stack.sim!.control.setFault(null);
    for (let i = 0; i < MAX - 1; i++) expect((await signIn('ops@example.com', 'wrong')).status).toBe(401);
    expect((await signIn('ops@example.com', PASSWORD)).status).toBe(200);
  });

  it('logs each failed attempt at warn with the account hash and the client, never the e-mail or password', async () => {
    for (let i = 0; i <= MAX; i++) await signIn('ops@example.com', `secret-guess-${i}`);
    const logged = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; account?: string; client?: string })
      .filter((entry) => entry.account !== undefined);
    expect(logged.map((e) => [e.level, e.msg])).toEqual([
      ...Array.from({ length: MAX }, () => [40, 'password sign-in failed: wrong e-mail or password']),
      [40, 'password sign-in refused: too many failed attempts for this account'],
    ]);
    const hash = stack.app.services.signInAccounts.accountHash('ops@example.com');
    expect(new Set(logged.map((e) => e.account))).toEqual(new Set([hash]));
    expect(logged.map((e) => e.client)).toEqual(logged.map((_, i) => `198.51.100.${address - MAX + i}`));
    const text = lines.join('');
    expect(text).not.toContain('ops@example.com');
    expect(text).not.toContain('secret-guess');
  });
});
