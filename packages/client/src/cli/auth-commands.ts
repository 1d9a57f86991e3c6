import { signInWithPassword } from '../index.js';
import {
  checkSessionFile,
  configPath,
  deleteSession,
  loadSession,
  type StoredSession,
  saveSession,
} from './config-file.js';
import { CliError, describeError, refusedAs, usageError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { clientFor, requestTimeoutMs, useGateway } from './gateway.js';
import { ask, askSecret } from './prompt.js';
import { warnOnClientVersion } from './version-check.js';

export interface LoginOptions {
  url?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  token?: string | undefined;
}

/** What a gateway command may override of the stored session. */
export interface SessionOptions {
  url?: string | undefined;
  token?: string | undefined;
}

/**
 * A gateway URL as given (--url, WAYBILL_URL, the prompt, the config file), checked before any
 * call: one that cannot be parsed (a port above 65535, say) is a wrong value, not an unreachable
 * gateway. The scheme and host come out in lower case, as URLs treat them (`HTTP://` is `http://`).
 */
function checkedUrl(url: string, where = 'The gateway URL'): string {
  if (!/^https?:\/\//i.test(url))
    throw usageError(`${where} must start with http:// or https:// (got "${url}")`);
  if (/\s/.test(url) || !URL.canParse(url))
    throw usageError(`${where} is not a valid address (got "${url}"): check its host and port`);
  return new URL(url).href.replace(/\/+$/, '');
}

/** The gateway in the config file, checked as one given would be (the file may have been edited). */
function storedUrl(url: string): string {
  return checkedUrl(url, `The gateway URL stored in ${configPath()}`);
}

/** `--url`, else WAYBILL_URL: what replaces the stored session's gateway. */
function urlOverride(flag: string | undefined): string | undefined {
  const url = flag ?? (process.env.WAYBILL_URL || undefined);
  return url === undefined ? undefined : checkedUrl(url);
}

/**
 * Signs in and stores the session: with `--token`, a script token made on the console's /me page
 * (checked with users.me first); otherwise e-mail and password with `bearer: true` (the gateway
 * answers a session token only then). WAYBILL_TOKEN is not read: a token from the environment needs
 * no login, and storing one the user never typed would surprise.
 */
export async function login(options: LoginOptions): Promise<Record<string, unknown>> {
  const file = configPath();
  // Before signing in: a session made and then not stored would be held by nobody.
  await checkSessionFile(file);
  const url = checkedUrl(options.url || process.env.WAYBILL_URL || (await ask('Gateway URL: ')));
  const timeoutMs = requestTimeoutMs();
  useGateway(url);
  const replaced = await loadSession(file).catch(() => null);
  if (options.token !== undefined) {
    if (options.email !== undefined || options.password !== undefined)
      throw usageError('Give --token, or --email and --password, not both');
    const token = options.token.trim();
    if (!token) throw usageError('--token needs the token from the console’s /me page');
    const client = clientFor(url, token);
    warnOnClientVersion(url);
    try {
      const { user } = await client.users.me.query().catch(refusedAs('The gateway refused this token'));
      await saveSession({ url, token, kind: 'script-token' }, file);
      await endReplaced(replaced, url, token);
      return { signedIn: true, url, user: user.name, email: user.email ?? null, config: file, with: 'token' };
    } finally {
      client.close();
    }
  }
  const email = options.email || (await ask('E-mail: '));
  if (!email) throw usageError('An e-mail is needed (--email or the prompt)');
  const password = options.password ?? (await askSecret('Password: '));
  if (!password) throw usageError('A password is needed (--password, the prompt or stdin)');
  warnOnClientVersion(url);
  const { client, token, user } = await signInWithPassword({ url, email, password, timeoutMs }).catch(
    refusedAs('Sign-in refused'),
  );
  client.close();
  await saveSession({ url, token }, file);
  await endReplaced(replaced, url, token);
  return { signedIn: true, url, user: user.name, email: user.email ?? email, config: file };
}

/**
 * Ends the stored session a new sign-in replaced at the same gateway: left alone it would stay valid,
 * held by nobody, until its idle timeout. A stored script token is only replaced (it is revoked on the
 * console's /me page, as `logout` says), and a session of another gateway is never sent here. A
 * failure to end it fails nothing: one line on stderr says so.
 */
async function endReplaced(replaced: StoredSession | null, url: string, token: string): Promise<void> {
  if (!replaced || replaced.kind === 'script-token' || replaced.token === token) return;
  if (!URL.canParse(replaced.url) || !sameGateway(replaced.url, url)) return;
  try {
    await endOnGateway(url, replaced.token);
  } catch (error) {
    process.stderr.write(
      `waybill: warning: the replaced session was not ended (${describeError(error, url)}); it ends after its idle timeout\n`,
    );
  }
}

/**
 * Ends the stored session on the gateway, then forgets it (even when the gateway had ended it). A
 * stored script token is only forgotten here: it lives until revoked on the console's /me page.
 * With `--token`, ends that token's session instead, and forgets the stored one only when it is the
 * same token. WAYBILL_TOKEN is not read: a token kept in the environment (often a script token
 * other jobs use) is never ended by a bare `waybill logout`.
 */
export async function logout(options: SessionOptions = {}): Promise<Record<string, unknown>> {
  if (options.token !== undefined) return endToken(options.token, options.url);
  const { url, token, kind } = await storedSessionAt(urlOverride(options.url));
  if (kind === 'script-token') {
    await deleteSession();
    return { signedOut: true, url, tokenRevoked: false, note: 'revoke the token on the console’s /me page' };
  }
  await endOnGateway(url, token);
  await deleteSession();
  return { signedOut: true, url };
}

async function endToken(given: string, flagUrl: string | undefined): Promise<Record<string, unknown>> {
  const token = given.trim();
  if (!token) throw usageError('--token needs the token of the session to end');
  const stored = await loadSession().catch(() => null);
  const url = urlOverride(flagUrl) ?? (stored ? storedUrl(stored.url) : undefined);
  if (url === undefined)
    throw usageError('A token needs a gateway: give --url or set WAYBILL_URL (or run `waybill login`)');
  await endOnGateway(url, token);
  const forgotten = stored?.token === token;
  if (forgotten) await deleteSession();
  return { signedOut: true, url, storedSessionForgotten: forgotten };
}

async function endOnGateway(url: string, token: string): Promise<void> {
  const client = clientFor(url, token);
  try {
    await client.auth.logout.mutate();
  } finally {
    client.close();
  }
}

/** Two spellings of one gateway address (host case, default port, trailing slash) are the same gateway. */
function sameGateway(a: string, b: string): boolean {
  const normal = (url: string) => new URL(url).href.replace(/\/+$/, '');
  return normal(a) === normal(b);
}

/**
 * The stored session, used only with the gateway that issued it: its token is never sent to another
 * address that `--url` or WAYBILL_URL names (a staging gateway, a mistyped host).
 */
async function storedSessionAt(url: string | undefined): Promise<StoredSession> {
  const loaded = await loadSession();
  const stored = { ...loaded, url: storedUrl(loaded.url) };
  if (url === undefined || sameGateway(url, stored.url)) return stored;
  throw new CliError(
    `The stored session is for ${stored.url}, not ${url}: run \`waybill login --url ${url}\`, or give --token or WAYBILL_TOKEN`,
    EXIT.auth,
  );
}

/**
 * The gateway and credential a command uses: `--token`, else WAYBILL_TOKEN, else the stored
 * session's token; `--url`, else WAYBILL_URL, else the stored session's gateway.
 * The stored token goes only to the gateway it was issued by.
 */
export async function resolveSession(options: SessionOptions = {}): Promise<StoredSession> {
  const token = options.token ?? (process.env.WAYBILL_TOKEN || undefined);
  const url = urlOverride(options.url);
  if (token === undefined) return storedSessionAt(url);
  if (!token.trim()) throw usageError('The token is empty: give --token or WAYBILL_TOKEN a script token');
  const stored = url === undefined ? await loadSession().catch(() => null) : null;
  const gateway = url ?? (stored ? storedUrl(stored.url) : undefined);
  if (gateway === undefined)
    throw usageError('A token needs a gateway: give --url or set WAYBILL_URL (or run `waybill login`)');
  return { url: gateway, token: token.trim() };
}

export async function sessionClient(options: SessionOptions = {}) {
  const session = await resolveSession(options);
  warnOnClientVersion(session.url);
  return { session, client: clientFor(session.url, session.token) };
}
