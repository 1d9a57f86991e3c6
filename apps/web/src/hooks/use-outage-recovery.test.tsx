import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { TRPCError } from '@trpc/server';
import type { User } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { connectionStore } from '../lib/connection-state.js';
import { useTRPC } from '../lib/trpc.js';
import { type Handlers, TestProviders } from '../test/trpc-mock.js';

const olivia: User = {
  uid: 'usr-1',
  name: 'Olivia',
  email: 'ops@example.com',
  department: 'customer_support',
  access_to: ['realtime'],
  superadmin: false,
};

function Me() {
  const trpc = useTRPC();
  const me = useQuery(trpc.users.me.queryOptions(undefined, { retry: false }));
  return <p>{me.data ? `Hello ${me.data.user.name}` : me.isError ? 'failed' : 'loading'}</p>;
}

describe('useOutageRecovery (mounted by the app provider)', () => {
  it('reads a query that failed during an outage again as soon as the connection is back', async () => {
    let up = false;
    let calls = 0;
    const handlers: Handlers = {
      'users.me': () => {
        calls += 1;
        if (!up) throw new TRPCError({ code: 'BAD_GATEWAY', message: 'down' });
        return { user: olivia };
      },
    };
    render(
      <TestProviders handlers={handlers}>
        <Me />
      </TestProviders>,
    );
    await screen.findByText('failed');
    act(() => connectionStore.report({ type: 'socket', down: true }, Date.now() - 5_000));
    up = true;
    act(() => connectionStore.report({ type: 'socket', down: false }));
    await screen.findByText('Hello Olivia');
    expect(calls).toBe(2);
  });

  it('tells the connection state when the browser goes offline and back', async () => {
    render(
      <TestProviders>
        <p>page</p>
      </TestProviders>,
    );
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    // jsdom keeps navigator.onLine true: the event makes the provider read it again.
    expect(connectionStore.get().offline).toBe(false);
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await waitFor(() => expect(connectionStore.get().offline).toBe(true));
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(connectionStore.get()).toMatchObject({ offline: false, recoveries: 1 });
  });
});
