// The client package as a script developer gets it: `pnpm pack` (which builds dist first), then the
// tarball installed with plain npm into an empty folder outside the repository, offline from the
// consumer cache (`consumer-cache.mjs`). Used by the tarball test and the console's script-token test.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumerCacheDir, consumerCacheReady, ensureConsumerCache, npmEnv } from './consumer-cache.mjs';

const here = fileURLToPath(new URL('..', import.meta.url));

/** Runs `command` to its end: its exit code, stdout and stderr (stdin gets `input`, then closes). */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c) => {
      stdout += c.toString();
    });
    child.stderr?.on('data', (c) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin?.end(options.input ?? '');
  });
}

/** npm with `--offline`: the consumer cache holds every package, so the install reaches no registry. */
export function npmInstallOffline(cwd, specs) {
  if (!consumerCacheReady())
    throw new Error(
      'the consumer npm cache is not filled: run `node packages/client/scripts/consumer-cache.mjs`',
    );
  const args = [
    'install',
    '--offline',
    '--cache',
    consumerCacheDir,
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
  ];
  return run('npm', [...args, ...specs], { cwd, env: npmEnv() });
}

/**
 * Packs the client and installs the tarball (and the `extra` packages, from the cache) into a new folder.
 * Resolves with the folder, the tarball's path and `remove()`; rejects naming the step that failed.
 */
export async function installPackedClient(extra = []) {
  ensureConsumerCache();
  const packDir = await mkdtemp(path.join(tmpdir(), 'waybill-pack-'));
  const consumer = await mkdtemp(path.join(tmpdir(), 'waybill-consumer-'));
  const remove = async () => {
    await rm(consumer, { recursive: true, force: true });
    await rm(packDir, { recursive: true, force: true });
  };
  try {
    const packed = await run('pnpm', ['pack', '--pack-destination', packDir], { cwd: here });
    if (packed.code !== 0) throw new Error(`pnpm pack failed:\n${packed.stdout}\n${packed.stderr}`);
    const [name] = (await readdir(packDir)).filter((f) => f.endsWith('.tgz'));
    const tarball = path.join(packDir, name);
    await writeFile(
      path.join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    const installed = await npmInstallOffline(consumer, [tarball, ...extra]);
    if (installed.code !== 0) throw new Error(`npm install of the tarball failed:\n${installed.stderr}`);
    return { consumer, tarball, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
