import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { CliError } from './errors.js';

export interface StoredSession {
  url: string;
  token: string;
}

/** $XDG_CONFIG_HOME/waybill/config.json, or ~/.config/waybill/config.json. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(base, 'waybill', 'config.json');
}

/** The token is a live session: only the user may read it (directory 0700, file 0600). */
export async function saveSession(session: StoredSession, file = configPath()): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  await writeFile(file, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600 });
  // writeFile keeps the mode of a file that already existed.
  await chmod(file, 0o600);
}

export async function loadSession(file = configPath()): Promise<StoredSession> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new CliError('Not signed in: run `waybill login` first.');
  }
  const parsed = (() => {
    try {
      return JSON.parse(text) as Partial<StoredSession>;
    } catch {
      return null;
    }
  })();
  if (typeof parsed?.url !== 'string' || typeof parsed.token !== 'string')
    throw new CliError(`${file} is not a waybill session: run \`waybill login\` again.`);
  return { url: parsed.url, token: parsed.token };
}

export async function deleteSession(file = configPath()): Promise<void> {
  await rm(file, { force: true });
}
