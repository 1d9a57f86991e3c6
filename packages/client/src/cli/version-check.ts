import { checkClientVersion } from '../version-check.js';
import { requestTimeoutMs } from './gateway.js';

const pending: Promise<void>[] = [];
let warned = false;

/**
 * Checks, alongside the command, that this waybill is one the gateway serves; when it is not, one
 * warning line goes to stderr. Never fails the command (an unreachable gateway fails it anyway).
 */
export function warnOnClientVersion(url: string): void {
  // Never longer than the command's own calls may wait: a silent gateway must not hold the exit.
  const signal = AbortSignal.timeout(Math.min(5000, requestTimeoutMs()));
  const check = checkClientVersion(url, { signal })
    .then(({ client, gateway, ok }) => {
      if (ok !== false || warned) return;
      warned = true;
      process.stderr.write(
        `waybill: warning: this gateway serves waybill ${gateway}; this is ${client}: install a release in that range\n`,
      );
    })
    .catch(() => undefined);
  pending.push(check);
}

/** Waits for the checks started, so their warning is printed before the command exits. */
export async function versionChecksDone(): Promise<void> {
  await Promise.all(pending);
}
