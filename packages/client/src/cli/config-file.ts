import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';

export interface StoredSession {
  url: string;
  token: string;
  /** `script-token`: stored by `waybill login --token` (made on the console's /me page, revoked there). */
  kind?: 'script-token';
}

/** $XDG_CONFIG_HOME/waybill/config.json, or ~/.config/waybill/config.json. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(base, 'waybill', 'config.json');
}

/**
 * The token is a live session: only the user may read it (directory 0700, file 0600). A symbolic
 * link at the file's place is refused: writing through it would put the token wherever it points.
 * The file is written whole under a fresh name in the same directory, then renamed over the old one,
 * so it is never half-written, and a link that appears meanwhile is replaced, never followed.
 */
export async function saveSession(session: StoredSession, file = configPath()): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  await checkSessionFile(file);
  const temporary = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    // `wx`: create it or fail, never open an existing file or follow a link placed there.
    await writeFile(temporary, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Refuses a link or anything but a regular file where the session is to be written. */
export async function checkSessionFile(file: string): Promise<void> {
  const found = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (found?.isSymbolicLink())
    throw new CliError(
      `${file} is a symbolic link: waybill will not write a session token through it. Remove the link (or set XDG_CONFIG_HOME elsewhere) and run \`waybill login\` again.`,
    );
  if (found && !found.isFile())
    throw new CliError(`${file} is not a regular file: remove it and run \`waybill login\` again.`);
}

export async function loadSession(file = configPath()): Promise<StoredSession> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new CliError('Not signed in: run `waybill login` first.', EXIT.auth);
  }
  const parsed = (() => {
    try {
      return JSON.parse(text) as Partial<StoredSession>;
    } catch {
      return null;
    }
  })();
  if (typeof parsed?.url !== 'string' || typeof parsed.token !== 'string')
    throw new CliError(`${file} is not a waybill session: run \`waybill login\` again.`, EXIT.auth);
  return {
    url: parsed.url,
    token: parsed.token,
    ...(parsed.kind === 'script-token' ? { kind: parsed.kind } : {}),
  };
}

export async function deleteSession(file = configPath()): Promise<void> {
  await rm(file, { force: true });
}
