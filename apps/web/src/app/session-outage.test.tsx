import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCError } from '@trpc/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channel, me, organization, warehouse } from '../features/realtime/test/fixtures.js';
import { type Handlers, renderRoutes } from '../test/trpc-mock.js';
import { routes } from './router.js';
import { SESSION_RETRY_MS } from './routes/backend-unavailable.js';

const signedOut = { user: null, methods: { password: true, google: true } };
const signedIn = { user: me, methods: { password: true, google: true } };
type Code = ConstructorParameters<typeof TRPCError>[0]['code'];

/** A console whose gateway fails `path` with `code` until `recover()`; logout is recorded. */
function consoleWith(path: 'auth.session' | 'users.me', code: Code) {
  let failing = true;
  let session: typeof signedIn | typeof signedOut = signedIn;
  const logout = vi.fn(() => {
    session = signedOut;
    return { ok: true as const };
  });
  const fail = () => {
    throw new TRPCError({ code, message: 'backend failed' });
  };
  const handlers: Handlers = {
    'auth.session': () => (path === 'auth.session' && failing ? fail() : session),
    'users.me': () => (path === 'users.me' && failing ? fail() : { user: me }),
    'users.all': () => ({ users: [me] }),
    'reference.organizations': () => ({ organizations: [organization] }),
    'reference.sellingChannels': () => ({ selling_channels: [channel] }),
    'reference.fulfillmentCenters': () => ({ fulfillment_centers: [warehouse] }),
    'orders.live': () => undefined,
    'auth.logout': logout,
  };
  const view = renderRoutes(routes, '/realtime', { handlers });
  return {
    ...view,
    logout,
    recover: () => {
      failing = false;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a backend outage never signs the console out', () => {
  it.each([
    ['auth.session', 'SERVICE_UNAVAILABLE'],
    ['auth.session', 'BAD_GATEWAY'],
    ['users.me', 'SERVICE_UNAVAILABLE'],
    ['users.me', 'GATEWAY_TIMEOUT'],
  ] as const)(
    '%s failing with %s: "unavailable, retrying", no logout, and the console once it answers',
    async (path, code) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { router, logout, recover, log } = consoleWith(path, code);
      // The session check retries once by itself (a second), then says what is going on.
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(await screen.findByRole('heading', { name: 'The backend is unavailable' })).toBeInTheDocument();
      expect(screen.getByText(/You are still signed in/)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/realtime');

      // It asks again by itself, and stays put while the failure lasts.
      const asked = log.filter((c) => c.path === path).length;
      await act(() => vi.advanceTimersByTimeAsync(SESSION_RETRY_MS));
      await waitFor(() => expect(log.filter((c) => c.path === path).length).toBeGreaterThan(asked));
      expect(screen.getByRole('heading', { name: 'The backend is unavailable' })).toBeInTheDocument();

      recover();
      await act(() => vi.advanceTimersByTimeAsync(SESSION_RETRY_MS));
      expect(await screen.findByText('Welcome, Olivia Ops!')).toBeInTheDocument();
      expect(logout).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe('/realtime');
    },
  );

  it('"Try again now" asks at once', async () => {
    const user = userEvent.setup();
    const { recover, logout } = consoleWith('users.me', 'INTERNAL_SERVER_ERROR');
    await user.click(await screen.findByRole('button', { name: 'Try again now' }));
    expect(screen.getByRole('heading', { name: 'The backend is unavailable' })).toBeInTheDocument();
    recover();
    await user.click(screen.getByRole('button', { name: 'Try again now' }));
    expect(await screen.findByText('Welcome, Olivia Ops!')).toBeInTheDocument();
    expect(logout).not.toHaveBeenCalled();
  });

  it('UNAUTHORIZED (the session ended) does sign out: logout, then /login', async () => {
    const { router, logout } = consoleWith('users.me', 'UNAUTHORIZED');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'The backend is unavailable' })).toBeNull();
  });
});
