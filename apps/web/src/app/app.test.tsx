import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCError } from '@trpc/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from '../components/route-error/route-error.js';
import {
  channel,
  makeOrder,
  makeStatistics,
  me,
  organization,
  warehouse,
} from '../features/realtime/test/fixtures.js';
import { browser } from '../lib/browser.js';
import { type Emit, type Handlers, renderRoutes } from '../test/trpc-mock.js';
import { routes } from './router.js';

const signedOut = { user: null, methods: { password: true, google: true } };
const signedIn = { user: me, methods: { password: true, google: true } };

function referenceHandlers(): Handlers {
  return {
    'users.me': () => ({ user: me }),
    'users.all': () => ({ users: [me] }),
    'reference.organizations': () => ({ organizations: [organization] }),
    'reference.sellingChannels': () => ({ selling_channels: [channel] }),
    'reference.fulfillmentCenters': () => ({ fulfillment_centers: [warehouse] }),
  };
}

function liveWith(rowsRef: { emit?: Emit }, rows = [makeOrder()]): Handlers['orders.live'] {
  return (_input, emit) => {
    rowsRef.emit = emit;
    emit({ kind: 'snapshot', rows, meta: { comments: [], statistics: makeStatistics(), hasMore: false } });
  };
}

const renderAt = (path: string, handlers: Handlers) => renderRoutes(routes, path, { handlers });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sign-in', () => {
  it('sends a signed-out visitor to /login, forwarding a long state', async () => {
    const { router } = renderAt('/realtime?state=shop-install-123', { 'auth.session': () => signedOut });
    await screen.findByRole('button', { name: /Sign in with Google/ });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?state=shop-install-123');
    expect(
      screen.getByText('By continuing with the sign-up process, you agree to our Privacy Policy.'),
    ).toBeInTheDocument();
  });

  it('drops a state of 10 characters or fewer', async () => {
    const { router } = renderAt('/realtime?state=short', { 'auth.session': () => signedOut });
    await screen.findByRole('button', { name: /Sign in with Google/ });
    expect(router.state.location.search).toBe('');
  });

  it('shows e-mail and password only when the gateway turns password login on', async () => {
    renderAt('/login', {
      'auth.session': () => ({ user: null, methods: { password: false, google: true } }),
    });
    await screen.findByRole('button', { name: /Sign in with Google/ });
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(screen.queryByRole('button', { name: 'CONTINUE' })).toBeNull();
  });

  it('marks the inputs invalid when sign-in fails and signs in on success', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    let session = signedOut as typeof signedOut | typeof signedIn;
    const handlers: Handlers = {
      ...referenceHandlers(),
      'auth.session': () => session,
      'auth.passwordLogin': (input) => {
        attempts += 1;
        if (attempts === 1)
          throw new TRPCError({ code: 'UNAUTHORIZED', message: 'E-mail or password is wrong' });
        expect(input).toEqual({ email: 'ops@example.com', password: 'waybill-demo' });
        session = signedIn;
        return { token: 't', user: me };
      },
    };
    const ref: { emit?: Emit } = {};
    const { router } = renderAt('/login', { ...handlers, 'orders.live': liveWith(ref) });
    await user.type(await screen.findByLabelText('E-mail'), 'ops@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The e-mail or password is not correct.');
    expect(alert).not.toHaveTextContent('E-mail or password is wrong');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/login');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'waybill-demo');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/realtime'));
    expect(await screen.findByText('Welcome, Olivia Ops!')).toBeInTheDocument();
  });

  it('a refused sign-in’s message goes once the fields are emptied and the form is sent again', async () => {
    const user = userEvent.setup();
    renderAt('/login', {
      'auth.session': () => signedOut,
      'auth.passwordLogin': () => {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: 'E-mail or password is wrong' });
      },
    });
    await user.type(await screen.findByLabelText('E-mail'), 'ops@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    await screen.findByText('The e-mail or password is not correct.');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    expect(screen.queryByText('The e-mail or password is not correct.')).toBeNull();
  });

  it('names the missing field instead of calling the server', async () => {
    const user = userEvent.setup();
    const login = vi.fn();
    renderAt('/login', { 'auth.session': () => signedOut, 'auth.passwordLogin': login });
    await user.click(await screen.findByRole('button', { name: 'CONTINUE' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('redirects to the Google authorization link with a forwardable state', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { log } = renderAt('/login?state=abcdefghijkl', {
      'auth.session': () => signedOut,
      'auth.googleAuthorizationLink': () => ({ authorization_url: 'https://accounts.example/auth?x=1' }),
    });
    await user.click(await screen.findByRole('button', { name: /Sign in with Google/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth?x=1'));
    // The console names its own callback: the backend's default may be another console's address.
    expect(log.find((c) => c.path === 'auth.googleAuthorizationLink')?.input).toEqual({
      state: 'abcdefghijkl',
      redirectUri: `${window.location.origin}/login/callback/google`,
    });
  });

  it('completes the Google callback and opens the console', async () => {
    let session = signedOut as typeof signedOut | typeof signedIn;
    const callback = vi.fn(() => {
      session = signedIn;
      return { token: 't', user: me };
    });
    const { router } = renderAt('/login/callback/google?code=abc&scope=email', {
      ...referenceHandlers(),
      'auth.session': () => session,
      'auth.googleCallback': callback,
      'orders.live': liveWith({}),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/realtime'));
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledWith({ code: 'abc', scope: 'email' });
  });

  it('after the Google callback, forwards the install state the gateway hands back, not the URL state', async () => {
    let session = signedOut as typeof signedOut | typeof signedIn;
    const callback = vi.fn(() => {
      session = signedIn;
      return { user: me, state: 'shop-install-123' };
    });
    const { router } = renderAt(
      '/login/callback/google?code=abc&state=nonce0123456789abcdefg.shop-install-123',
      {
        ...referenceHandlers(),
        'auth.session': () => session,
        'auth.googleCallback': callback,
        'orders.live': liveWith({}),
      },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/realtime'));
    expect(router.state.location.search).toBe('?state=shop-install-123');
    expect(callback).toHaveBeenCalledWith({ code: 'abc', state: 'nonce0123456789abcdefg.shop-install-123' });
  });

  it('says in plain words when the gateway refuses a sign-in this browser did not start', async () => {
    renderAt('/login/callback/google?code=abc&state=forged-state-value', {
      'auth.session': () => signedOut,
      'auth.googleCallback': () => {
        throw new TRPCError({ code: 'FORBIDDEN', message: 'The Google sign-in state does not match' });
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This sign-in link is no longer valid in this browser. Please sign in again.',
    );
    expect(alert).not.toHaveTextContent('state does not match');
  });

  it('explains a callback without an authorization code', async () => {
    renderAt('/login/callback/google', { 'auth.session': () => signedOut });
    expect(await screen.findByRole('alert')).toHaveTextContent('missing its authorization code');
  });
});

describe('protected area', () => {
  it('loads the user, then organizations, selling channels and fulfillment centers, then the list', async () => {
    const { log } = renderAt('/', {
      ...referenceHandlers(),
      'auth.session': () => signedIn,
      'orders.live': liveWith({}),
    });
    expect(await screen.findByText('Welcome, Olivia Ops!')).toBeInTheDocument();
    await screen.findAllByTestId('order-row');
    const order = log.map((c) => c.path).filter((p, i, all) => all.indexOf(p) === i);
    const at = (p: string) => order.indexOf(p);
    expect(at('users.me')).toBeLessThan(at('reference.organizations'));
    expect(at('reference.organizations')).toBeLessThan(at('reference.sellingChannels'));
    expect(at('reference.sellingChannels')).toBeLessThan(at('reference.fulfillmentCenters'));
    expect(at('reference.fulfillmentCenters')).toBeLessThan(at('orders.live'));
  });

  it('shows the header: title, tabs with realtime highlighted on /, and the initials badge', async () => {
    renderAt('/', { ...referenceHandlers(), 'auth.session': () => signedIn, 'orders.live': liveWith({}) });
    expect(await screen.findByTestId('header-title')).toHaveTextContent('ADMIN / REALTIME');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Realtime' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Inbounds' })).toHaveAttribute('href', '/inbounds');
    expect(screen.getByRole('button', { name: /Account menu/ })).toHaveTextContent('OO');
  });

  it('switches local and warehouse time for the whole console', async () => {
    const user = userEvent.setup();
    renderAt('/realtime', {
      ...referenceHandlers(),
      'auth.session': () => signedIn,
      'orders.live': liveWith({}),
    });
    const warehouseTime = await screen.findByRole('radio', { name: 'Warehouse time' });
    await user.click(warehouseTime);
    expect(warehouseTime).toHaveAttribute('data-state', 'on');
    expect(localStorage.getItem('waybill.timeMode')).toBe('warehouse');
    await user.click(screen.getByRole('radio', { name: 'Local time' }));
  });

  it('ends the session and sends the user to /login when the current-user call fails', async () => {
    let session = signedIn as typeof signedOut | typeof signedIn;
    const logout = vi.fn(() => {
      session = signedOut;
      return { ok: true };
    });
    const { router } = renderAt('/realtime', {
      ...referenceHandlers(),
      'auth.session': () => session,
      'auth.logout': logout,
      'users.me': () => {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: 'token expired' });
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(logout).toHaveBeenCalledTimes(1);
    await screen.findByRole('button', { name: /Sign in with Google/ });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
  });

  it('says the session ended when it ends under an open page, and comes back to that page', async () => {
    let session = signedIn as typeof signedOut | typeof signedIn;
    const { router } = renderAt('/inbounds?page=2', {
      ...referenceHandlers(),
      'auth.session': () => session,
      'auth.logout': () => ({ ok: true }),
      'inbounds.live': () => {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: 'session has ended' });
      },
      'inbounds.search': () => {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: 'session has ended' });
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbounds'));
    session = signedOut;
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/inbounds?page=2')}`);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your session has ended. Please sign in again.',
    );
  });

  it('says nothing of an ended session on /login opened directly', async () => {
    renderAt('/login', { 'auth.session': () => signedOut });
    await screen.findByRole('button', { name: /Sign in with Google/ });
    expect(screen.queryByText(/session has ended/)).toBeNull();
  });

  it('keeps the session when the user list fails for another reason, saying the backend is unavailable', async () => {
    const logout = vi.fn(() => ({ ok: true }));
    const { router } = renderAt('/realtime', {
      ...referenceHandlers(),
      'auth.session': () => signedIn,
      'auth.logout': logout,
      'users.all': () => {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'users list is broken' });
      },
      'orders.live': liveWith({}),
    });
    expect(await screen.findByRole('heading', { name: 'The backend is unavailable' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/realtime');
    expect(logout).not.toHaveBeenCalled();
  });

  it('logs out from the initials menu', async () => {
    const user = userEvent.setup();
    let session = signedIn as typeof signedOut | typeof signedIn;
    const logout = vi.fn(() => {
      session = signedOut;
      return { ok: true };
    });
    const { router } = renderAt('/realtime', {
      ...referenceHandlers(),
      'auth.session': () => session,
      'auth.logout': logout,
      'orders.live': liveWith({}),
    });
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(logout).toHaveBeenCalledTimes(1);
    await screen.findByRole('button', { name: /Sign in with Google/ });
    expect(screen.queryByText(/session has ended/)).toBeNull();
  });

  it('shows pushed changes of the live list without reloading', async () => {
    const ref: { emit?: Emit } = {};
    renderAt('/realtime', {
      ...referenceHandlers(),
      'auth.session': () => signedIn,
      'orders.live': liveWith(ref),
    });
    const row = (await screen.findAllByTestId('order-row'))[0]!;
    expect(within(row).getByTestId('order-status')).toHaveTextContent('Ready for Picking');
    ref.emit?.({
      kind: 'patch',
      upserts: [
        makeOrder({ aggregated_status: { key: 'shipping_in_transit', date: '2024-05-01T12:00:00' } }),
      ],
      removed: [],
      order: ['ord-1'],
      meta: null,
    });
    await waitFor(() =>
      expect(within(screen.getAllByTestId('order-row')[0]!).getByTestId('order-status')).toHaveTextContent(
        'In Transit',
      ),
    );
  });

  it('keeps the filter in the URL and restores it on load', async () => {
    const user = userEvent.setup();
    const inputs: unknown[] = [];
    const { router } = renderAt('/realtime?late=1&q=SHOP', {
      ...referenceHandlers(),
      'auth.session': () => signedIn,
      'orders.live': (input, emit) => {
        inputs.push(input);
        emit({
          kind: 'snapshot',
          rows: [makeOrder()],
          meta: { comments: [], statistics: makeStatistics(), hasMore: false },
        });
      },
    });
    await screen.findAllByTestId('order-row');
    expect(inputs[0]).toMatchObject({
      filter: { reference: 'SHOP', orders_late: true, status_late: { status: 'late' } },
    });
    expect(screen.getByRole('searchbox', { name: 'Search order reference' })).toHaveValue('SHOP');
    await user.click(screen.getByRole('button', { name: 'Late' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=SHOP'));
  });
});

describe('routing errors', () => {
  it("shows 'Unexpected Application Error!'", async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          loader: () => {
            throw new Error('boom');
          },
          element: <p>never</p>,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
  });
});
