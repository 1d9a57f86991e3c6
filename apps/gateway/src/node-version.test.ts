import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIN_NODE_VERSION, unsupportedNode } from './node-version.js';

describe('unsupportedNode', () => {
  it('refuses an older Node.js by name, in one line', () => {
    expect(unsupportedNode('20.20.2')).toBe('The gateway needs Node.js 22.19.0 or later; this is 20.20.2.');
    expect(unsupportedNode('22.18.9')).toMatch(/needs Node\.js 22\.19\.0/);
  });

  it('runs on the minimum and anything newer', () => {
    for (const version of ['22.19.0', '22.20.1', '24.0.0', '25.1.0'])
      expect(unsupportedNode(version)).toBeNull();
  });

  it("is the workspace's engines", () => {
    const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(root.engines.node).toBe(`>=${MIN_NODE_VERSION.replace(/\.0$/, '')}`);
  });
});
