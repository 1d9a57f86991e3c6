import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The `@waybill/client` releases this gateway's wire serves (a semver range; /healthz says it). The
 * client warns when it is outside: raise the lower bound when a procedure the client uses changes
 * incompatibly, the upper one when a new client major is released.
 */
export const CLIENT_VERSIONS = '>=1.0.0 <2';

/** Which gateway answers: its release (semver) and the commit it was built from. */
export interface BuildInfo {
  version: string;
  commit: string;
}

/** The gateway's package.json: next to src/ from the sources, next to dist/ in the image. */
const PACKAGE_JSON = new URL('../package.json', import.meta.url);

function packageVersion(): string {
  try {
    const { version } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The checkout's commit when running from one (no git, or no repository, in the image: "unknown"). */
function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: fileURLToPath(new URL('.', PACKAGE_JSON)),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    }).trim();
  } catch {
    return 'unknown';
  }
}

let version: string | undefined;
let checkoutCommit: string | undefined;

/** Read once per process: the commit is WAYBILL_COMMIT (set by the image build or the deploy), else git's. */
export function buildInfo(commit?: string): BuildInfo {
  version ??= packageVersion();
  if (commit) return { version, commit };
  checkoutCommit ??= gitCommit() || 'unknown';
  return { version, commit: checkoutCommit };
}
