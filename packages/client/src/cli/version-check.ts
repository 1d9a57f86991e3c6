import { checkClientVersion } from '../version-check.js';

const pending: Promise<void>[] = [];
let warned = false;

/**
 * Checks, alongside the command, that this waybill is one the gateway serves; when it is not, one
 * warning line goes to stderr. Never fails the command (an unreachable gateway fails it anyway).
 */
export function warnOnClientVersion(url: string): void {
  const check = checkClientVersion(url, { signal: AbortSignal.timeout(5000) })
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
