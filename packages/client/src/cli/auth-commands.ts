import { createWaybillClient, signInWithPassword } from '../index.js';
import { configPath, deleteSession, loadSession, saveSession } from './config-file.js';
import { usageError } from './errors.js';
import { ask, askSecret } from './prompt.js';

export interface LoginOptions {
  url?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
}

/** Signs in with `bearer: true` (the gateway answers a session token only then) and stores it. */
export async function login(options: LoginOptions): Promise<Record<string, unknown>> {
  const url = options.url || process.env.WAYBILL_URL || (await ask('Gateway URL: '));
  if (!/^https?:\/\/\S+$/.test(url))
    throw usageError(`The gateway URL must start with http:// or https:// (got "${url}")`);
  const email = options.email || (await ask('E-mail: '));
  if (!email) throw usageError('An e-mail is needed (--email or the prompt)');
  const password = options.password ?? (await askSecret('Password: '));
  if (!password) throw usageError('A password is needed (--password, the prompt or stdin)');
  const { client, token, user } = await signInWithPassword({ url, email, password });
  client.close();
  const file = configPath();
  await saveSession({ url: url.replace(/\/+$/, ''), token }, file);
  return { signedIn: true, url, user: user.name, email: user.email ?? email, config: file };
}

/** Ends the stored session on the gateway, then forgets it (even when the gateway had ended it). */
export async function logout(): Promise<Record<string, unknown>> {
  const { url, token } = await loadSession();
  const client = createWaybillClient({ url, token });
  await client.auth.logout.mutate();
  client.close();
  await deleteSession();
  return { signedOut: true, url };
}

export async function sessionClient() {
  const session = await loadSession();
  return { session, client: createWaybillClient(session) };
}
