import { isIPv6 } from 'node:net';

/**
 * The key a client address is counted under by the per-address limits (sign-in, unknown tokens,
 * unverified websockets). An IPv6 client is counted by its /64: one subscriber is usually given a
 * whole /64, so counting single addresses would let it rotate past every limit. An IPv4 address
 * (also one written as IPv4-mapped IPv6) counts alone.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  // Only the first four groups matter, and a "::" before them stands for zeros up to them.
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
