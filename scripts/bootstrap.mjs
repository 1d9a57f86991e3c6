// Set-up shared by `npm start` / `npm test` (and their pnpm twins): on a machine with only Node and
// npm, it brings a supported Node when the machine's is older, the pinned pnpm, installs the workspace
// when node_modules is missing or stale, and checks the system programs a command needs. Node builtins
// only: nothing is installed yet.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// On stderr: `supported-node-dir` prints a directory on stdout that CI puts on PATH.
const log = (message) => console.error(`[setup] ${message}`);

function run(command, args, opts = {}) {
  return spawnSync(command, args, { stdio: 'inherit', cwd: root, ...opts });
}

function output(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd: root });
  return result.status === 0 ? result.stdout.trim() : null;
}

const cacheHome = () => process.env.XDG_CACHE_HOME || join(homedir(), '.cache');

/** The lowest Node version package.json's `engines` accepts, as [major, minor] (`>=22.19` → [22, 19]). */
export function requiredNode() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const match = /(\d+)(?:\.(\d+))?/.exec(String(pkg.engines?.node ?? ''));
  return match ? [Number(match[1]), Number(match[2] ?? 0)] : [0, 0];
}

/** Whether a Node version (`process.versions.node`) is at least `engines`' lowest. */
export function meetsEngines(version) {
  const [major, minor] = version.split('.').map(Number);
  const [needMajor, needMinor] = requiredNode();
  return major > needMajor || (major === needMajor && minor >= needMinor);
}

/** The Node release fetched for machines with an older one: the containers' runtime. */
const FETCHED_NODE_MAJOR = 24;

/**
 * On a Node older than `engines` allows, runs this same command again on Node 24 and exits with its
 * status. That Node comes from the npm registry (the `node-<platform>-<arch>` package npm's own `node`
 * package uses), kept in the user's cache, and goes first on PATH so every child process uses it.
 * Signals are passed on, so Ctrl-C and SIGTERM stop the command as before. Await it before anything
 * else: on an older Node it never settles, the process ends with the command's exit status.
 */
export function ensureSupportedNode() {
  const bin = supportedNodeBin();
  if (bin === process.execPath) return Promise.resolve();
  log(`running on Node ${output(bin, ['--version'])} from ${dirname(bin)}`);
  const env = { ...process.env, PATH: `${dirname(bin)}${delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(bin, process.argv.slice(1), { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 1));
  return new Promise(() => {});
}

/** This Node when `engines` accepts it; else Node 24's binary, fetched into the user's cache once. */
export function supportedNodeBin() {
  if (meetsEngines(process.versions.node)) return process.execPath;
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}@${FETCHED_NODE_MAJOR}`;
  const dir = join(cacheHome(), 'waybill', `node${FETCHED_NODE_MAJOR}-${platform}-${process.arch}`);
  const bin = join(dir, 'package', 'bin', platform === 'win' ? 'node.exe' : 'node');
  if (existsSync(bin)) return bin;
  log(`Node ${process.versions.node} is older than package.json's engines: fetching ${pkg} into ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const packed = spawnSync('npm', ['pack', '-s', pkg], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tarball = packed.status === 0 ? packed.stdout.trim().split('\n').pop() : null;
  if (!tarball || run('tar', ['xzf', tarball], { cwd: dir }).status !== 0) fail(`npm could not fetch ${pkg}`);
  rmSync(join(dir, tarball), { force: true });
  return bin;
}

/** The pnpm version package.json pins in `packageManager`. */
export function pinnedPnpmVersion() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return String(pkg.packageManager).replace(/^pnpm@/, '');
}

/**
 * Puts the pinned pnpm first on PATH for this process and its children. One already on PATH at that
 * version is used as is; otherwise npm installs it into the user's cache (no root, no corepack).
 */
export function ensurePnpm() {
  const version = pinnedPnpmVersion();
  if (output('pnpm', ['--version']) === version) return;
  const prefix = join(cacheHome(), 'waybill', `pnpm-${version}`);
  const bin = join(prefix, 'node_modules', '.bin');
  if (!existsSync(join(bin, 'pnpm'))) {
    log(`installing pnpm ${version} into ${prefix}`);
    const result = run('npm', [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-audit',
      '--no-fund',
      `pnpm@${version}`,
    ]);
    if (result.status !== 0) fail(`npm could not install pnpm@${version}`);
  }
  process.env.PATH = `${bin}${delimiter}${process.env.PATH ?? ''}`;
  if (output('pnpm', ['--version']) !== version) fail(`pnpm ${version} did not start from ${bin}`);
}

/** True when node_modules was installed from exactly the lock file in the repository. */
export function dependenciesCurrent() {
  const installed = join(root, 'node_modules', '.pnpm', 'lock.yaml');
  if (!existsSync(installed)) return false;
  return readFileSync(installed, 'utf8') === readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8');
}

export function ensureDependencies() {
  if (dependenciesCurrent()) return;
  log('node_modules is missing or older than pnpm-lock.yaml: pnpm install --frozen-lockfile');
  const result = run('pnpm', ['install', '--frozen-lockfile']);
  if (result.status !== 0) fail('pnpm install failed');
}

/** System programs the suites use: where to find each, and its package name per system. */
const SYSTEM_PROGRAMS = {
  chromium: {
    why: 'browser tests',
    found: () => [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].some((path) => path && existsSync(path)),
    apt: 'chromium',
    dnf: 'chromium',
    brew: '--cask chromium (then set CHROMIUM_PATH to its binary)',
  },
  'redis-server': {
    why: 'multi-replica tests',
    found: () =>
      [process.env.REDIS_SERVER, '/usr/bin/redis-server'].some((path) => path && existsSync(path)) ||
      output('redis-server', ['--version']) !== null,
    apt: 'redis-server',
    dnf: 'redis',
    brew: 'redis',
  },
  nginx: {
    why: 'the rolling-restart test (replicas behind a balancer)',
    found: () =>
      [process.env.NGINX, '/usr/sbin/nginx'].some((path) => path && existsSync(path)) ||
      output('nginx', ['-v']) !== null,
    apt: 'nginx',
    dnf: 'nginx',
    brew: 'nginx',
  },
  prometheus: {
    why: "the test of the Grafana dashboard's and the alert rules' queries",
    found: () => existsSync('/usr/bin/prometheus'),
    apt: 'prometheus',
    dnf: 'golang-github-prometheus',
    brew: 'prometheus (the test then skips: it runs /usr/bin/prometheus)',
  },
};

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Installs missing system programs with apt when running as root; otherwise stops before anything
 * runs, with one message listing what to install on Debian/Ubuntu, Fedora and macOS.
 */
export function ensureSystemPrograms(names) {
  const missing = names.filter((name) => !SYSTEM_PROGRAMS[name].found());
  if (missing.length === 0) return;
  const programs = missing.map((name) => SYSTEM_PROGRAMS[name]);
  if (isRoot() && output('apt-get', ['--version']) !== null) {
    log(`installing ${missing.join(', ')} with apt-get`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const updated = run('apt-get', ['update', '-qq'], { env });
    const installed =
      updated.status === 0 &&
      run('apt-get', ['install', '-y', '-qq', ...programs.map((p) => p.apt)], { env });
    if (installed && installed.status === 0 && missing.every((name) => SYSTEM_PROGRAMS[name].found())) return;
    fail(`apt-get could not install ${missing.join(', ')}`);
  }
  const lines = [
    `Missing: ${missing.map((name) => `${name} (${SYSTEM_PROGRAMS[name].why})`).join(', ')}. Install, then run again:`,
    `  Debian/Ubuntu: sudo apt-get install -y ${programs.map((p) => p.apt).join(' ')}`,
    `  Fedora:        sudo dnf install -y ${programs.map((p) => p.dnf).join(' ')}`,
    ...programs.map((p) => `  macOS:         brew install ${p.brew}`),
  ];
  fail(lines.join('\n'));
}

function fail(message) {
  console.error(`[setup] ${message}`);
  process.exit(1);
}

// `node scripts/bootstrap.mjs supported-node-dir` (CI): prints the directory of a Node `engines` accepts.
if (process.argv[1] === new URL(import.meta.url).pathname && process.argv[2] === 'supported-node-dir') {
  console.log(dirname(supportedNodeBin()));
}
