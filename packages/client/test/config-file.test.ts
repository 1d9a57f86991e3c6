import { lstat, mkdtemp, readdir, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSession, saveSession } from '../src/cli/config-file.js';
import { CliError } from '../src/cli/errors.js';

const SESSION = { url: 'http://127.0.0.1:3000', token: 'wbs_secret-session-token' };

describe('waybill login config file', () => {
  let home: string;
  let file: string;

  beforeEach(async () => {
    home = await mkdtemp(path.join(tmpdir(), 'waybill-config-'));
    file = path.join(home, 'waybill', 'config.json');
  });
  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it('refuses to write the token through a symbolic link, and leaves the link and its target alone', async () => {
    const target = path.join(home, 'elsewhere.txt');
    await writeFile(target, 'not yours\n');
    await saveSession(SESSION, file); // creates the directory
    await rm(file);
    await symlink(target, file);

    const refused = await saveSession(SESSION, file).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CliError);
    expect((refused as Error).message).toBe(
      `${file} is a symbolic link: waybill will not write a session token through it. Remove the link (or set XDG_CONFIG_HOME elsewhere) and run \`waybill login\` again.`,
    );
    expect(await readFile(target, 'utf8')).toBe('not yours\n');
    expect(await readlink(file)).toBe(target);
    // A link to where the file does not exist yet is refused too (it would create the target).
    await rm(target);
    await expect(saveSession(SESSION, file)).rejects.toThrow('is a symbolic link');
    await expect(stat(target)).rejects.toThrow();
    expect(await readdir(path.dirname(file))).toEqual(['config.json']);
  });

  it('writes the session 0600 in a 0700 directory, replacing an old file whole, with nothing left beside it', async () => {
    await saveSession({ url: 'http://old', token: 'old' }, file);
    const old = await stat(file);
    await writeFile(file, '{}', { mode: 0o644 });
    await saveSession(SESSION, file);
    const now = await lstat(file);
    expect(now.isFile()).toBe(true);
    expect(now.mode & 0o777).toBe(0o600);
    expect(now.ino).not.toBe(old.ino);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await readdir(path.dirname(file))).toEqual(['config.json']);
    expect(await loadSession(file)).toEqual(SESSION);
  });
});
