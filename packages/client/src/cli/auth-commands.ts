import { createWaybillClient, signInWithPassword } from '../index.js';
import { configPath, deleteSession, loadSession, type StoredSession, saveSession } from './config-file.js';
import { CliError, usageError } from './errors.js';
import { EXIT } from './exit-codes.js';
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

const GATEWAY_URL = /^https?:\/\/\S+$/;

function checkedUrl(url: string): string {
  if (!GATEWAY_URL.test(url))
    throw usageError(`The gateway URL must start with http:// or https:// (got "${url}")`);
  return url.replace(/\/+$/, '');
}

/**
 * Signs in and stores the session: with `--token`, a script token made on the console's /me page
 * (checked with users.me first); otherwise e-mail and password with `bearer: true` (the gateway
 * answers a session token only then).
 */
export async function login(options: LoginOptions): Promise<Record<string, unknown>> {
  const url = checkedUrl(options.url || process.env.WAYBILL_URL || (await ask('Gateway URL: ')));
  const file = configPath();
  if (options.token !== undefined) {
    if (options.email !== undefined || options.password !== undefined)
      throw usageError('Give --token, or --email and --password, not both');
    const token = options.token.trim();
    if (!token) throw usageError('--token needs the token from the console’s /me page');
    const client = createWaybillClient({ url, token });
    warnOnClientVersion(url);
    try {
      const { user } = await client.users.me.query();
      await saveSession({ url, token, kind: 'script-token' }, file);
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
  const { client, token, user } = await signInWithPassword({ url, email, password });
  client.close();
  await saveSession({ url, token }, file);
  return { signedIn: true, url, user: user.name, email: user.email ?? email, config: file };
}

/**
 * Ends the stored session on the gateway, then forgets it (even when the gateway had ended it). A
 * stored script token is only forgotten here: it lives until revoked on the console's /me page.
 */
export async function logout(): Promise<Record<string, unknown>> {
  const { url, token, kind } = await loadSession();
  if (kind === 'script-token') {
    await deleteSession();
    return { signedOut: true, url, tokenRevoked: false, note: 'revoke the token on the console’s /me page' };
  }
  const client = createWaybillClient({ url, token });
  await client.auth.logout.mutate();
  client.close();
  await deleteSession();
  return { signedOut: true, url };
}

/**
 * The gateway and credential a command uses: `--token`, else WAYBILL_TOKEN, else the stored
 * session's token; `--url`, else WAYBILL_URL, else the stored session's gateway.
 */
export async function resolveSession(options: SessionOptions = {}): Promise<StoredSession> {
  const token = options.token ?? (process.env.WAYBILL_TOKEN || undefined);
  const url = options.url ?? (process.env.WAYBILL_URL || undefined);
  if (token === undefined) {
    const stored = await loadSession();
    return url === undefined ? stored : { ...stored, url: checkedUrl(url) };
  }
  if (!token.trim())
    throw new CliError('The token is empty: give --token or WAYBILL_TOKEN a script token', EXIT.auth);
  const gateway = url ?? (await loadSession().catch(() => null))?.url;
  if (gateway === undefined)
    throw usageError('A token needs a gateway: give --url or set WAYBILL_URL (or run `waybill login`)');
  return { url: checkedUrl(gateway), token: token.trim() };
}

export async function sessionClient(options: SessionOptions = {}) {
  const session = await resolveSession(options);
  warnOnClientVersion(session.url);
  return { session, client: createWaybillClient(session) };
}
