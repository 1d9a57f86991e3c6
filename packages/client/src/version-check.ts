import { packageVersion } from './cli/version.js';
import { satisfies } from './version-range.js';

export interface ClientVersionCheck {
  /** This package's version. */
  client: string;
  /** The client versions the gateway's wire serves (its /healthz `clientVersions`), or null when it does not say. */
  gateway: string | null;
  /** False when the client is outside the gateway's range; null when either cannot be read. */
  ok: boolean | null;
}

/** Asks the gateway (GET /healthz, no token needed) which client versions it serves. */
export async function checkClientVersion(
  url: string,
  options: { signal?: AbortSignal } = {},
): Promise<ClientVersionCheck> {
  const client = packageVersion();
  const response = await fetch(`${url.replace(/\/+$/, '')}/healthz`, {
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const body = (await response.json().catch(() => null)) as { clientVersions?: unknown } | null;
  const gateway = typeof body?.clientVersions === 'string' ? body.clientVersions : null;
  return { client, gateway, ok: gateway === null ? null : satisfies(client, gateway) };
}
