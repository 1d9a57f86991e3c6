import { act, renderHook, waitFor } from '@testing-library/react';
import { TRPCError } from '@trpc/server';
import { DEFAULT_ORDERS_FILTER } from '@waybill/contracts';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  type CallLog,
  type Emit,
  type Handlers,
  neverStarted,
  TestProviders,
} from '../../../test/trpc-mock.js';
import { makeOrder, makeStatistics } from '../test/fixtures.js';
import { useOrdersList } from './use-orders-list.js';

const rows = (n: number) => Array.from({ length: n }, (_, i) => makeOrder({ uid: `o-${i}` }));
const snapshot = (count: number, hasMore: boolean) => ({
  kind: 'snapshot',
  rows: rows(count),
  meta: { comments: [], statistics: makeStatistics(), hasMore },
});

function wrapperWith(handlers: Handlers, log: CallLog[] = []) {
  return ({ children }: { children: ReactNode }) => (
    <TestProviders handlers={handlers} log={log}>
      {children}
    </TestProviders>
  );
}

describe('useOrdersList', () => {
  it('loads more by growing the live window 20 rows at a time until a short page', async () => {
    const inputs: { window: { skip: number; limit: number } }[] = [];
    const live: Handlers['orders.live'] = (input, emit) => {
      const query = input as { window: { skip: number; limit: number } };
      inputs.push(query);
      const loaded = query.window.skip + query.window.limit;
      emit(loaded === 20 ? snapshot(20, true) : snapshot(25, false));
    };
    const { result } = renderHook(() => useOrdersList(DEFAULT_ORDERS_FILTER), {
      wrapper: wrapperWith({ 'orders.live': live }),
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    expect(result.current.initialized).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(25));
    expect(inputs.map((i) => i.window)).toEqual([
      { skip: 0, limit: 20 },
      { skip: 20, limit: 20 },
    ]);
    expect(result.current.meta?.hasMore).toBe(false);
    expect(() => result.current.loadMore()).toThrow('Cannot load more');
  });

  it('refuses to load more before the first answer', () => {
    const { result } = renderHook(() => useOrdersList(DEFAULT_ORDERS_FILTER), {
      wrapper: wrapperWith({ 'orders.live': () => undefined }),
    });
    expect(result.current.initialized).toBe(false);
    expect(() => result.current.loadMore()).toThrow('Cannot load more');
  });

  it('applies pushed patches to the snapshot', async () => {
    let push: Emit = () => undefined;
    const live: Handlers['orders.live'] = (_input, emit) => {
      push = emit;
      emit(snapshot(2, false));
    };
    const { result } = renderHook(() => useOrdersList(DEFAULT_ORDERS_FILTER), {
      wrapper: wrapperWith({ 'orders.live': live }),
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    act(() =>
      push({
        kind: 'patch',
        upserts: [makeOrder({ uid: 'new', reference: 'NEW-1' })],
        removed: ['o-0'],
        order: ['new', 'o-1'],
        meta: null,
      }),
    );
    await waitFor(() => expect(result.current.rows.map((r) => r.uid)).toEqual(['new', 'o-1']));
  });

  it('falls back to plain queries when the subscription fails, and refreshes on demand', async () => {
    const log: CallLog[] = [];
    let reference = 'A-1';
    const handlers = {
      'orders.search': () => ({
        orders: [makeOrder({ reference })],
        comments: [],
        active_orders_statistics: makeStatistics().active_orders_statistics,
        selling_channels_statistics: [],
        fulfillment_centers_statistics: [],
        couriers_statistics: [],
        assigned_users_statistics: [],
      }),
      'orders.statistics': () => makeStatistics(),
    };
    const live: Handlers['orders.live'] = () => {
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'socket closed' });
    };
    const { result } = renderHook(() => useOrdersList(DEFAULT_ORDERS_FILTER), {
      wrapper: wrapperWith({ ...handlers, 'orders.live': live }, log),
    });
    await waitFor(() => expect(result.current.source).toBe('query'));
    await waitFor(() => expect(result.current.rows[0]?.reference).toBe('A-1'));
    expect(result.current.meta?.statistics?.count).toBe(1);
    expect(log.find((c) => c.path === 'orders.search')?.input).toMatchObject({
      refresh: true,
      window: { skip: 0, limit: 20 },
    });
    reference = 'A-2';
    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.rows[0]?.reference).toBe('A-2'));
  });
});

describe('useOrdersList without a working websocket', () => {
  it('switches to queries when the subscription is never acknowledged', async () => {
    const handlers = {
      'orders.search': () => ({
        orders: [makeOrder({ reference: 'Q-1' })],
        comments: [],
        active_orders_statistics: makeStatistics().active_orders_statistics,
        selling_channels_statistics: [],
        fulfillment_centers_statistics: [],
        couriers_statistics: [],
        assigned_users_statistics: [],
      }),
      'orders.statistics': () => makeStatistics(),
    };
    const { result } = renderHook(() => useOrdersList(DEFAULT_ORDERS_FILTER, { liveTimeoutMs: 50 }), {
      wrapper: wrapperWith({ ...handlers, 'orders.live': neverStarted(() => undefined) }),
    });
    await waitFor(() => expect(result.current.source).toBe('query'));
    await waitFor(() => expect(result.current.rows[0]?.reference).toBe('Q-1'));
    expect(result.current.error).toBeInstanceOf(Error);
  });
});
