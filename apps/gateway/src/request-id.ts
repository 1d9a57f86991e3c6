import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like: a UUID, a hex trace id, a load balancer's token. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Whether the socket's peer is one of the proxies in TRUST_PROXY (addresses or CIDR ranges). */
export function trustedPeers(entries: readonly string[]): (address: string | undefined) => boolean {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
    return list.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4');
  };
}

/**
 * Fastify's genReqId: a proxy's X-Request-Id when the peer is a trusted proxy and the id is sane
 * (anyone else could forge ids to pollute the logs or pose as another request), else a new UUID.
 */
export function requestIdGenerator(trustProxy: readonly string[]): (req: IncomingMessage) => string {
  const trusted = trustedPeers(trustProxy);
  return (req) => {
    const header = req.headers[REQUEST_ID_HEADER];
    if (typeof header === 'string' && SANE_ID.test(header) && trusted(req.socket.remoteAddress))
      return header;
    return randomUUID();
  };
}

/**
 * The request a piece of work is done for, so code far from the request (backend calls) can log
 * its id and pass it on. A place for a trace id later.
 */
export interface RequestScope {
  requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

export function runInRequestScope<T>(requestScope: RequestScope, fn: () => T): T {
  return scope.run(requestScope, fn);
}

/** The id of the request the current work is done for, or undefined outside of one (the change poll). */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** A websocket upgrade as the connection's tRPC context needs it (it only sees the raw request). */
export interface Upgrade {
  id: string;
  /** `request.ip`: X-Forwarded-For counts only from TRUST_PROXY. */
  address: string;
}

const upgrades = new WeakMap<IncomingMessage, Upgrade>();

export function rememberUpgrade(req: IncomingMessage, upgrade: Upgrade): void {
  upgrades.set(req, upgrade);
}

export function upgradeOf(req: IncomingMessage): Upgrade | undefined {
  return upgrades.get(req);
}
