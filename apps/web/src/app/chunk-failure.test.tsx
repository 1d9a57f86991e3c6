import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  channel,
  makeOrder,
  makeStatistics,
  me,
  organization,
  warehouse,
} from '../features/realtime/test/fixtures.js';
import { connectionStore } from '../lib/connection-state.js';
import { type Handlers, renderRoutes } from '../test/trpc-mock.js';
import { routes } from './router.js';

// The clients tab's code, as after a deploy removed its chunk: importing it fails as browsers say.
vi.mock('../features/clients/index.js', () => ({
  get ClientsRoute() {
    throw new TypeError(
      'Failed to fetch dynamically imported module: https://waybill.test/assets/clients-old.js',
    );
  },
}));

const handlers: Handlers = {
  'auth.session': () => ({ user: me, methods: { password: true, google: true } }),
  'users.me': () => ({ user: me }),
  'users.all': () => ({ users: [me] }),
  'reference.organizations': () => ({ organizations: [organization] }),
  'reference.sellingChannels': () => ({ selling_channels: [channel] }),
  'reference.fulfillmentCenters': () => ({ fulfillment_centers: [warehouse] }),
  'orders.live': (_input, emit) =>
    emit({
      kind: 'snapshot',
      rows: [makeOrder()],
      meta: { comments: [], statistics: makeStatistics(), hasMore: false },
    }),
};

describe('a screen whose code cannot be loaded', () => {
  it('offers a reload inside the shell instead of a blank page', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/realtime', { handlers });
    await screen.findAllByTestId('order-row', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('link', { name: 'Clients' }));
    const panel = await screen.findByTestId('chunk-load-failed', {}, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/clients');
    expect(panel).toHaveAttribute('role', 'alert');
    expect(panel).toHaveTextContent('A new version of the console is available');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    // The shell stays: the header and its tabs are still there.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('says the server cannot be reached instead while the connection is lost', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/realtime', { handlers });
    await screen.findAllByTestId('order-row', {}, { timeout: 10_000 });
    connectionStore.report({ type: 'socket', down: true }, Date.now() - 5_000);
    await user.click(screen.getByRole('link', { name: 'Clients' }));
    const panel = await screen.findByTestId('chunk-load-failed', {}, { timeout: 10_000 });
    expect(panel).toHaveTextContent('This screen could not be loaded');
    expect(panel).toHaveTextContent('It loads by itself once the connection is back.');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });
});
