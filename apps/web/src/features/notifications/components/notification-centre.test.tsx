import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppNotification, NotificationState } from '@waybill/contracts';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Emit, inputsOf, renderRoutes } from '../../../test/trpc-mock.js';
import { NotificationCentre } from './notification-centre.js';

// One time for every item made: the same notification pushed again is the same.
const TWO_MINUTES_AGO = Date.now() - 120_000;
const item = (over: Partial<AppNotification>): AppNotification => ({
  id: 'n1',
  kind: 'changed',
  orderUid: 'ord_1',
  reference: 'R-1001',
  text: 'New comment',
  author: null,
  excerpt: null,
  at: TWO_MINUTES_AGO,
  read: false,
  ...over,
});
const stateOf = (items: AppNotification[]): NotificationState => ({
  items,
  unread: items.filter((i) => !i.read).length,
});

const pages: RouteObject[] = [
  { path: '/realtime', element: <NotificationCentre /> },
  { path: '/realtime/order', element: <p>order page</p> },
];
/** The bell in a header that stays while the order opens under it (the order detail's layout). */
const underHeader: RouteObject[] = [
  {
    path: '/realtime',
    element: (
      <>
        <NotificationCentre />
        <Outlet />
      </>
    ),
    children: [{ path: 'order', element: <p>order page</p> }],
  },
];

function renderCentre(first: NotificationState, routes = pages) {
  let emit: Emit = () => {};
  const view = renderRoutes(routes, '/realtime', {
    handlers: {
      'notifications.live': (_input, send) => {
        emit = send;
        send(first);
      },
      'notifications.markRead': () => ({ ok: true as const }),
      'notifications.markAllRead': () => ({ ok: true as const }),
    },
  });
  return { ...view, emit: (s: NotificationState) => emit(s) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NotificationCentre', () => {
  it('shows the unread count, lists the items and opens the order from one, marking it read', async () => {
    const { router, log } = renderCentre(
      stateOf([item({}), item({ id: 'n2', text: 'Status is now Lost', read: true })]),
    );
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    const panel = await screen.findByTestId('notification-centre');
    const items = within(panel).getAllByTestId('notification-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('#R-1001Unread'),
      expect.stringContaining('Status is now Lost'),
    ]);
    expect(items[0]!.textContent).toContain('2 minutes ago');
    await userEvent.click(within(items[0]!).getByRole('button', { name: /R-1001/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?uid=ord_1'));
    expect(router.state.location.pathname).toBe('/realtime/order');
    expect(inputsOf(log, 'notifications.markRead')).toEqual([{ ids: ['n1'] }]);
  });

  it('gives the focus back to the bell when closed, but not when an item opens its order', async () => {
    renderCentre(stateOf([item({})]), underHeader);
    const bell = await screen.findByRole('button', { name: /Notifications/ });
    await userEvent.click(bell);
    await screen.findByTestId('notification-centre');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(bell));

    await userEvent.click(bell);
    const panel = await screen.findByTestId('notification-centre');
    await userEvent.click(within(panel).getByRole('button', { name: /R-1001/ }));
    await screen.findByText('order page');
    await waitFor(() => expect(screen.queryByTestId('notification-centre')).toBeNull());
    // Radix hands the focus back on a timer after the panel is gone.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: /Notifications/ })).toBe(bell);
    expect(document.activeElement).not.toBe(bell);
  });

  it('marks all read, and says when there is nothing yet', async () => {
    const { log, emit } = renderCentre(stateOf([item({})]));
    await userEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(inputsOf(log, 'notifications.markAllRead')).toHaveLength(1));
    emit(stateOf([]));
    expect(await screen.findByText(/Nothing yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toHaveProperty('disabled', true);
  });

  it('asks for desktop permission only on the click, then shows new notifications there (not the ones already listed)', async () => {
    const shown: Array<{ title: string; body?: string; onclick: (() => void) | null }> = [];
    const requestPermission = vi.fn(async () => {
      FakeNotification.permission = 'granted';
      return 'granted' as const;
    });
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = requestPermission;
      onclick: (() => void) | null = null;
      constructor(
        readonly title: string,
        options: { body?: string },
      ) {
        shown.push(Object.assign(this, { body: options.body }));
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    const { emit, router } = renderCentre(stateOf([item({})]));
    await userEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Enable desktop notifications' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Enable desktop notifications' })).toBeNull(),
    );
    expect(requestPermission).toHaveBeenCalledTimes(1);

    emit(
      stateOf([
        item({ id: 'n3', orderUid: 'ord_9', reference: 'R-9', text: 'Status is now Lost' }),
        item({}),
      ]),
    );
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toMatchObject({ title: 'Order R-9', body: 'Status is now Lost' });
    shown[0]!.onclick!();
    await waitFor(() => expect(router.state.location.search).toBe('?uid=ord_9'));
  });

  it("pings the desktop again when a colleague's repeated mentions fold into the unread one", async () => {
    const shown: Array<{ title: string; body?: string; tag?: string }> = [];
    class FakeNotification {
      static permission: NotificationPermission = 'granted';
      static requestPermission = vi.fn();
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string; tag?: string }) {
        shown.push({ title, body: options.body, tag: options.tag });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    const first = item({ id: 'm1', kind: 'mentioned', text: 'Ana mentioned you on #R-1001', at: 1_000 });
    const { emit } = renderCentre(stateOf([]));
    await screen.findByRole('button', { name: /Notifications/ });
    emit(stateOf([first]));
    await waitFor(() => expect(shown).toHaveLength(1));
    emit(stateOf([{ ...first, count: 2, text: 'Ana mentioned you 2 times, latest on #R-1001', at: 2_000 }]));
    await waitFor(() => expect(shown).toHaveLength(2));
    expect(shown[1]).toMatchObject({ body: 'Ana mentioned you 2 times, latest on #R-1001', tag: 'm1:2' });
    // The same state again (another change of the centre) pings nothing.
    emit(stateOf([{ ...first, count: 2, text: 'Ana mentioned you 2 times, latest on #R-1001', at: 2_000 }]));
    emit(stateOf([]));
    await waitFor(() => expect(screen.queryByTestId('notification-unread')).toBeNull());
    expect(shown).toHaveLength(2);
  });
});
