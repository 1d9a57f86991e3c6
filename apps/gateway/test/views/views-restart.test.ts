import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ORDERS_FILTER } from '@waybill/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../realtime/harness.js';

describe('a single-process gateway keeps saved views in DATA_DIR', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'waybill-views-'));
  const stacks: Stack[] = [];

  afterAll(async () => {
    for (const stack of stacks) await stack.close().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  it('a view saved and shared before a restart is listed, shared, after it', async () => {
    const before = await startStack({ DATA_DIR: dir });
    stacks.push(before);
    const a = await before.signIn('ops@example.com');
    await a.client.views.save.mutate({
      id: 'kept',
      name: 'Kept across restarts',
      path: '/realtime',
      search: 'q=1',
      filter: { ...DEFAULT_ORDERS_FILTER, reference: '1' },
    });
    await a.client.views.share.mutate({ id: 'kept', shared: true });
    await before.close();
    stacks.pop();

    const after = await startStack({ DATA_DIR: dir });
    stacks.push(after);
    const b = await after.signIn('dev@example.com');
    expect((await b.client.views.list.query()).views).toEqual([
      expect.objectContaining({
        id: 'kept',
        name: 'Kept across restarts',
        shared: true,
        mine: false,
        search: 'q=1',
        owner: expect.objectContaining({ name: 'Olivia Ops' }),
      }),
    ]);
  });
});
