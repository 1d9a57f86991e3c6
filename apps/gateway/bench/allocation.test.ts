import { describe, expect, it } from 'vitest';
import { bytesBySource, sourceOf } from './allocation.js';
import type { SamplingHeapNode } from './inspector.js';

const node = (url: string, selfSize: number, children: SamplingHeapNode[] = []): SamplingHeapNode => ({
  callFrame: { functionName: 'f', url },
  selfSize,
  children,
});

describe('allocation by source', () => {
  it.each([
    ['file:///w/node_modules/.pnpm/zod@4.6.7/node_modules/zod/v4/core/schemas.js', 'zod@4.6.7'],
    [
      'file:///w/node_modules/.pnpm/@trpc+server@11.25.2_@types+ws@8.18.1_typescript@7.0.2/node_modules/@trpc/server/dist/x.mjs',
      '@trpc/server@11.25.2',
    ],
    ['file:///w/apps/gateway/src/backend/backend-client.ts', 'src/backend/backend-client.ts'],
    ['node:internal/streams/readable', 'node'],
    ['', '(native)'],
  ])('names %s as %s', (url, source) => {
    expect(sourceOf(url)).toBe(source);
  });

  it("sums each source's own bytes over the whole tree, callers not charged for callees", () => {
    const zod = 'file:///w/node_modules/.pnpm/zod@4.6.7/node_modules/zod/index.js';
    const own = 'file:///w/apps/gateway/src/trpc.ts';
    const tree = node('', 0, [node(own, 100, [node(zod, 40), node(own, 10, [node(zod, 5)])]), node(zod, 1)]);
    expect(Object.fromEntries(bytesBySource({ head: tree }))).toEqual({
      'src/trpc.ts': 110,
      'zod@4.6.7': 46,
    });
  });
});
