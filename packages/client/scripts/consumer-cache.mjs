/**
 * Fills the npm cache the tarball test installs from, so that test installs with `--offline` and
 * reaches nothing beyond loopback. It holds what a user outside the monorepo gets from the registry:
 * the package's runtime dependencies (catalog versions, as `pnpm pack` writes them) and the
 * TypeScript 5 toolchain the test's consumer script uses. Run as a set-up step (`pnpm test` does);
 * it does nothing when the cache already holds the same list.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('..', import.meta.url));
export const consumerCacheDir = path.join(here, 'node_modules/.cache/consumer-npm');
/** The consumer's own toolchain, beside the package: TypeScript 5 on Node 20's types. */
export const CONSUMER_TOOLS = ['typescript@5.9.3', '@types/node@20'];
const listFile = path.join(consumerCacheDir, 'specs.json');

/** `name@range` for each runtime dependency, with `catalog:` read from pnpm-workspace.yaml. */
export function runtimeSpecs() {
  const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
  const workspace = readFileSync(path.join(here, '../../pnpm-workspace.yaml'), 'utf8');
  return Object.entries(pkg.dependencies).map(([name, range]) => {
    if (range !== 'catalog:') return `${name}@${range}`;
    const line = workspace.split('\n').find((l) => l.replace(/["']/g, '').trim().startsWith(`${name}:`));
    if (!line) throw new Error(`${name} uses catalog: but pnpm-workspace.yaml's catalog has no entry for it`);
    return `${name}@${line.slice(line.lastIndexOf(':') + 1).trim()}`;
  });
}

export function consumerCacheReady(specs = [...runtimeSpecs(), ...CONSUMER_TOOLS]) {
  return existsSync(listFile) && readFileSync(listFile, 'utf8') === JSON.stringify(specs);
}

/**
 * Installs the list once into a scratch folder with the cache pointed here; three tries. Like the
 * other set-up steps, a failure stops the process with one `[setup]` line.
 */
export function ensureConsumerCache() {
  const specs = [...runtimeSpecs(), ...CONSUMER_TOOLS];
  if (consumerCacheReady(specs)) return;
  mkdirSync(consumerCacheDir, { recursive: true });
  const scratch = mkdtempSync(path.join(tmpdir(), 'waybill-consumer-cache-'));
  writeFileSync(path.join(scratch, 'package.json'), JSON.stringify({ name: 'cache', private: true }));
  const args = [
    'install',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    '--cache',
    consumerCacheDir,
    ...specs,
  ];
  let fetched = false;
  for (let attempt = 1; attempt <= 3 && !fetched; attempt += 1) {
    fetched = spawnSync('npm', args, { cwd: scratch, stdio: 'inherit', env: npmEnv() }).status === 0;
    if (!fetched)
      console.error(`[setup] npm could not fill the client's consumer cache (try ${attempt} of 3)`);
  }
  rmSync(scratch, { recursive: true, force: true });
  if (!fetched) process.exit(1);
  writeFileSync(listFile, JSON.stringify(specs));
}

/** npm as a user outside the workspace runs it: none of pnpm's npm_* variables but the registry's. */
export function npmEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm|pnpm)_/i.test(key) && !/^npm_config_(registry|cafile)$/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  ensureConsumerCache();
}
