import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellingChannelAnalyticsRow } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { type Handlers, renderRoutes } from '../../../test/trpc-mock.js';
import { analyticsResponse, makeStore, snapshotOf } from '../test/fixtures.js';
import { ClientsPage } from './clients-page.js';

const listed = makeStore({ uid: 'sc_listed', name: 'listed-store.myshopify.example' });
const falling = makeStore({ uid: 'sc_falling', name: 'falling-store.myshopify.example' });
const silent = makeStore({ uid: 'sc_silent', name: 'silent-store.myshopify.example' });

const healthReport = (stores: { store: SellingChannelAnalyticsRow; reasonText: string }[]) => ({
  checkedAt: new Date().toISOString(),
  checked: 3,
  truncated: false,
  stores: stores.map(({ store, reasonText }) => ({
    uid: store.uid,
    name: store.name,
    reasons: [],
    reasonText,
    store,
  })),
});

function setup(handlers: Handlers = {}) {
  const response = analyticsResponse([listed, falling]);
  return renderRoutes([{ path: '/clients', element: <ClientsPage /> }], '/clients', {
    handlers: {
      'clients.live': (_input, emit) => emit(snapshotOf(response)),
      'clients.search': () => response,
      'clients.health': () =>
        healthReport([
          { store: silent, reasonText: 'no orders for 4 days' },
          { store: falling, reasonText: 'orders −64 % vs 4-week average' },
        ]),
      ...handlers,
    },
  });
}

const rowOf = (name: string) =>
  within(screen.getByTestId('stores-table')).getByText(name).closest('tr') as HTMLElement;

describe('store health on the clients screen', () => {
  it('badges a listed store needing attention, with the reason on focus', async () => {
    setup();
    await screen.findByTestId('stores-table');
    await waitFor(() => expect(within(rowOf(falling.name)).getByTestId('health-badge')).toBeInTheDocument());
    expect(within(rowOf(listed.name)).queryByTestId('health-badge')).toBeNull();
    const badge = within(rowOf(falling.name)).getByTestId('health-badge');
    expect(badge).toHaveTextContent('Needs attention: orders −64 % vs 4-week average');
    act(() => badge.focus());
    expect(await screen.findByTestId('health-tooltip')).toHaveTextContent('orders −64 % vs 4-week average');
  });

  it('the Needs attention card counts the stores and lists only them when pressed', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    const card = await screen.findByTestId('attention-card');
    await waitFor(() => expect(card).toHaveTextContent('Needs attention2'));
    await user.click(card);
    expect(card).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toContain('attention=1');
    await waitFor(() => expect(screen.getByTestId('store-count')).toHaveTextContent('2 store displayed'));
    const names = within(screen.getByTestId('stores-table'))
      .getAllByTestId('store-name')
      .map((n) => n.textContent);
    expect(names).toEqual([silent.name, falling.name]);
    await user.click(card);
    await waitFor(() =>
      expect(within(screen.getByTestId('stores-table')).getByText(listed.name)).toBeInTheDocument(),
    );
  });

  it('says so when no store needs attention', async () => {
    const user = userEvent.setup();
    setup({ 'clients.health': () => healthReport([]) });
    const card = await screen.findByTestId('attention-card');
    await waitFor(() => expect(card).toHaveTextContent('Needs attention0'));
    await user.click(card);
    expect(await screen.findByText('No store needs attention')).toBeInTheDocument();
  });

  it('shows no count (not 0) when the health check fails', async () => {
    setup({
      'clients.health': () => {
        throw new Error('backend down');
      },
    });
    const card = await screen.findByTestId('attention-card');
    await waitFor(() => expect(card).toHaveTextContent('Needs attention–not available, retrying'));
  });
});
