import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Service {
  networks?: Record<string, { ipv4_address?: string } | null> | string[];
}
interface Compose {
  services: Record<string, Service>;
  networks: Record<string, { ipam?: { config?: Array<{ subnet?: string }> } }>;
}

const compose = parse(
  readFileSync(fileURLToPath(new URL('../../../../docker-compose.yml', import.meta.url)), 'utf8'),
) as Compose;
const nginx = readFileSync(fileURLToPath(new URL('../../../../deploy/nginx.conf', import.meta.url)), 'utf8');

describe('docker-compose.yml', () => {
  it("keeps each replica the balancer names on a fixed address of the balancer's network", () => {
    // nginx resolves the upstream names once, at start: a replica recreated elsewhere would get none of its requests.
    const named = [...nginx.matchAll(/^\s*server\s+([a-z0-9-]+):\d+/gm)].map((m) => m[1]!);
    expect(named).toEqual(['gateway-a', 'gateway-b']);
    const subnet = compose.networks.balancer?.ipam?.config?.[0]?.subnet;
    expect(subnet).toBe('172.30.80.0/24');
    const addresses = named.map((name) => {
      const networks = compose.services[name]?.networks;
      return Array.isArray(networks) ? undefined : networks?.balancer?.ipv4_address;
    });
    for (const address of addresses) expect(address).toMatch(/^172\.30\.80\.\d+$/);
    expect(new Set(addresses).size).toBe(named.length);
  });
});
