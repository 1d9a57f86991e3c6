import { applyListMessage, type ListMessage, type ListState } from '@waybill/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderDetailMeta, orderDetailKind } from '../../src/live-lists/order-detail-live.js';
import { type Client, eventually, polledOrders, type Stack, startStack } from './harness.js';

type Msg = ListMessage<{ uid: string }, OrderDetailMeta>;

/** An open order detail as the console follows it. */
function view(client: Client, uid: string) {
  const tab = {
    state: null as ListState<{ uid: string }, OrderDetailMeta> | null,
    messages: [] as Msg[],
    error: null as unknown,
    stop: () => {},
  };
  const sub = client.orders.detailLive.subscribe(
    { uid },
    {
      onData: ({ data }) => {
        if (data.kind === 'health') return;
        tab.messages.push(data as Msg);
        tab.state = applyListMessage(tab.state, data as Msg);
      },
      onError: (error) => {
        tab.error = error;
      },
    },
  );
  tab.stop = () => sub.unsubscribe();
  return tab;
}

describe('orders.detailLive', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack.close();
  });

  it('one backend detail call per change of the order and user, whatever the number of their viewers', async () => {
    const ops = await stack.signIn('ops@example.com');
    const dev = await stack.signIn('dev@example.com');
    const list = await ops.client.orders.search.query({});
    const target = polledOrders(list.orders)[0]!;
    const viewers = [
      view(ops.client, target.uid),
      view(stack.tab(ops.token), target.uid),
      view(dev.client, target.uid),
      view(stack.tab(dev.token), target.uid),
    ];
    await eventually('every snapshot', () => viewers.every((v) => v.state));
    expect(viewers[0]!.state!.meta.detail.order.uid).toBe(target.uid);
    // The live detail's backend reads (each is one /orders/order/{uid} call). The sim's own count
    // of that route also holds the notifier's reads of escalated orders, so it is not used here.
    const detailCalls = async () =>
      (await stack.app.services.realtime.metrics.cohortFetches.get()).values
        .filter((v) => v.labels.kind === 'orderDetail')
        .reduce((n, v) => n + v.value, 0);
    // One cohort per user (each reads with its own user's token): one first load each.
    const before = await detailCalls();
    expect(before).toBe(2);
    const changed = stack.sim.control.changeOrder(target.uid) as { aggregated_status: { key: string } };
    await eventually('the change on every viewer', () =>
      viewers.every(
        (v) => v.state?.meta.detail.order.aggregated_status.key === changed.aggregated_status.key,
      ),
    );
    expect(viewers.every((v) => v.messages.at(-1)?.kind === 'patch')).toBe(true);
    expect((await detailCalls()) - before).toBe(2);
    for (const v of viewers) v.stop();
  });

  it('a viewer the backend does not show the order to gets an error, not the shared detail', async () => {
    const ops = await stack.signIn('ops@example.com');
    const missing = view(ops.client, 'ord_doesnotexist000000000000');
    await eventually('the error', () => missing.error);
    expect(missing.state).toBeNull();
    expect(String((missing.error as Error).message)).not.toMatch(/internal/i);
  });
});

describe('orders.detailLive of an order the change poll does not report', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ LIST_REFRESH_MS: '200' });
  });
  afterAll(async () => {
    await stack.close();
  });

  it('re-reads an order managed by someone else every LIST_REFRESH_MS, and only such orders', async () => {
    const ops = await stack.signIn('ops@example.com');
    const orders = [...stack.sim.store.orders.values()];
    const theirs = orders.find((o) => o.managed_by !== 'waybill')!;
    const ours = orders.find((o) => o.managed_by === 'waybill')!;
    const [other, own] = [view(ops.client, theirs.uid), view(ops.client, ours.uid)];
    await eventually('both snapshots', () => other.state && own.state);
    // The poll asks for this gateway's orders only: this change reaches no change event.
    const changed = stack.sim.control.changeOrder(theirs.uid) as { aggregated_status: { key: string } };
    await eventually(
      'the change on the viewer',
      () => other.state?.meta.detail.order.aggregated_status.key === changed.aggregated_status.key,
    );
    const timers = [...stack.app.services.realtime.list(orderDetailKind).cohorts.values()].map((entry) => [
      entry.query.uid,
      entry.cohort.refreshTimer !== null,
    ]);
    expect(Object.fromEntries(timers)).toEqual({ [theirs.uid]: true, [ours.uid]: false });
    other.stop();
    own.stop();
  });
});
