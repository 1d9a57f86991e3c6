import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientsQuery, SellingChannelAnalyticsRow } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { type Handlers, inputsOf, renderRoutes } from '../../../test/trpc-mock.js';
import { analyticsResponse, makeStore, snapshotOf } from '../test/fixtures.js';
import { ClientsPage } from './clients-page.js';

type LiveInput = ClientsQuery;

function setup(rows: SellingChannelAnalyticsRow[], handlers: Handlers = {}) {
  const response = analyticsResponse(rows);
  const view = renderRoutes([{ path: '/clients', element: <ClientsPage /> }], '/clients', {
    handlers: {
      'clients.live': (_input, emit) => emit(snapshotOf(response)),
      'clients.search': () => response,
      ...handlers,
    },
  });
  const lastLive = () => inputsOf<LiveInput>(view.log, 'clients.live').at(-1)!;
  return { ...view, lastLive };
}

type User = ReturnType<typeof userEvent.setup>;
async function openMenu(user: User, testId: string) {
  screen.getByTestId(testId).focus();
  await user.keyboard('{Enter}');
  return screen.findByRole('menu');
}

describe('clients analytics controls', () => {
  it('starts with the default filter: merchants, installed, priorities 0-3', async () => {
    const { lastLive } = setup([makeStore()]);
    await screen.findByTestId('stores-table');
    expect(lastLive().filter).toMatchObject({
      sourceApp: 'merchants',
      companyActivityStatus: ['installed'],
      displayPriorities: [0, 1, 2, 3],
      companyActivity: 'allCount',
      skusFilter: 'all',
      companiesSize: null,
    });
    expect(screen.getByRole('radio', { name: /Fulfillment app/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('store-count')).toHaveTextContent('1 store displayed');
  });

  it('filters by country and courier and clears them', async () => {
    const user = userEvent.setup();
    const { lastLive } = setup([makeStore()]);
    await screen.findByTestId('stores-table');
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
    let menu = await openMenu(user, 'filter-country');
    expect(within(menu).getByText('All Countries')).toBeInTheDocument();
    await user.click(within(menu).getByText('Hungary'));
    await waitFor(() => expect(lastLive().filter.country).toBe('HU'));
    menu = await openMenu(user, 'filter-courier');
    expect(within(menu).getByText('All Couriers')).toBeInTheDocument();
    await user.click(within(menu).getByText('DPD Romania'));
    await waitFor(() => expect(lastLive().filter.courier).toBe('dpd_ro'));
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(lastLive().filter).toMatchObject({ country: null, courier: null }));
  });

  it('switches the source app', async () => {
    const user = userEvent.setup();
    const { lastLive } = setup([makeStore()]);
    await screen.findByTestId('stores-table');
    await user.click(screen.getByRole('radio', { name: /Monitor App/ }));
    await waitFor(() => expect(lastLive().filter.sourceApp).toBe('store_view'));
  });

  it('shows activity cards above 0 and ignores a click on the only enabled one', async () => {
    const user = userEvent.setup();
    const { lastLive, log } = setup([makeStore()]);
    await screen.findByTestId('stores-table');
    expect(screen.getByTestId('activity-card-0')).toHaveTextContent('Super Active');
    expect(screen.queryByTestId('activity-card-1')).toBeNull();
    expect(screen.getByTestId('activity-card-2')).toHaveTextContent('Fairly Active');
    expect(screen.getByTestId('activity-card-4')).toHaveTextContent('Completely Inactive');
    expect(screen.getByTestId('activity-card-4')).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByTestId('activity-card-2'));
    await waitFor(() => expect(lastLive().filter.displayPriorities).toEqual([0, 1, 3]));
    await user.click(screen.getByTestId('activity-card-3'));
    await waitFor(() => expect(lastLive().filter.displayPriorities).toEqual([0, 1]));
    // Card 0 is now the only enabled card: the click is ignored.
    const before = inputsOf(log, 'clients.live').length;
    await user.click(screen.getByTestId('activity-card-0'));
    expect(lastLive().filter.displayPriorities).toEqual([0, 1]);
    expect(inputsOf(log, 'clients.live').length).toBe(before);
    await user.click(screen.getByTestId('activity-card-4'));
    await waitFor(() => expect(lastLive().filter.displayPriorities).toEqual([0, 1, 4]));
  });

  it('never deselects the last store status', async () => {
    const user = userEvent.setup();
    const { lastLive } = setup([makeStore()]);
    await screen.findByTestId('stores-table');
    const installed = screen.getByRole('button', { name: 'Installed' });
    await user.click(installed);
    expect(installed).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Deleted' }));
    await waitFor(() => expect(lastLive().filter.companyActivityStatus).toEqual(['installed', 'deleted']));
    await user.click(installed);
    await waitFor(() => expect(lastLive().filter.companyActivityStatus).toEqual(['deleted']));
  });

  it('searches by name', async () => {
    const user = userEvent.setup();
    const { lastLive } = setup([makeStore()]);
    await screen.findByTestId('stores-table');
    await user.type(screen.getByLabelText('Search stores by name'), 'bloom');
    await waitFor(() => expect(lastLive().filter.name).toBe('bloom'));
  });

  it('selects one company size and clears it by clicking it again', async () => {
    const user = userEvent.setup();
    const { lastLive } = setup([makeStore()]);
    await screen.findByTestId('stores-table');
    let menu = await openMenu(user, 'filter-size');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([
      'All Sizes',
      'Extra Small (XS)2',
      'Small3',
      'Medium4',
      'Large0',
      'Extra Large (XL)1',
      'No Orders (0)1',
    ]);
    await user.click(within(menu).getByText('Medium'));
    await waitFor(() => expect(lastLive().filter.companiesSize).toBe('M'));
    menu = await openMenu(user, 'filter-size');
    await user.click(within(menu).getByText('Medium'));
    await waitFor(() => expect(lastLive().filter.companiesSize).toBeNull());
  });

  it('hides zero-count SKU options and activity periods', async () => {
    const user = userEvent.setup();
    const { lastLive } = setup([makeStore()]);
    await screen.findByTestId('stores-table');
    const menu = await openMenu(user, 'filter-skus');
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(labels).toEqual(['Any # of SKUs', 'Under 104', '10-999', 'Over 10005']);
    await user.click(within(menu).getByText('Over 1000'));
    await waitFor(() => expect(lastLive().filter.skusFilter).toBe('more_than_999'));
    const periods = screen.getByRole('group', { name: 'Activity period' });
    expect(
      within(periods)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['ALL', '30 DAYS', '7 DAYS']);
    await user.click(within(periods).getByRole('button', { name: '7 DAYS' }));
    await waitFor(() => expect(lastLive().filter.companyActivity).toBe('last7'));
  });

  it('updates the table from a new snapshot', async () => {
    const first = makeStore({ name: 'www.alpha.ro' });
    const second = makeStore({ name: 'beta.ro' });
    setup([first], {
      'clients.live': (input, emit) => {
        const name = (input as LiveInput).filter.name;
        emit(snapshotOf(analyticsResponse(name === 'beta' ? [second] : [first])));
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('alpha.ro')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search stores by name'), 'beta');
    expect(await screen.findByText('beta.ro')).toBeInTheDocument();
    expect(screen.queryByText('alpha.ro')).toBeNull();
  });
});
