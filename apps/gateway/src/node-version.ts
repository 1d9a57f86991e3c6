/**
 * The oldest Node.js the gateway runs on: its HTTP client (undici 8) needs 22.19. The workspace's
 * `engines` says the same (a test holds them together).
 */
export const MIN_NODE_VERSION = '22.19.0';

/** Why this Node.js cannot run the gateway, in one line, or null when it can. */
export function unsupportedNode(version: string = process.versions.node): string | null {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [minMajor = 0, minMinor = 0] = MIN_NODE_VERSION.split('.').map(Number);
  if (major > minMajor || (major === minMajor && minor >= minMinor)) return null;
  return `The gateway needs Node.js ${MIN_NODE_VERSION} or later; this is ${version}.`;
}
