import { act, render, screen } from '@testing-library/react';
import { type ClientsFilter, clientsFilterSchema, DEFAULT_CLIENTS_FILTER } from '@waybill/contracts';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { schemaUrlCodec } from './url-filter-codec.js';
import { useUrlFilters } from './use-url-filters.js';

const codec = schemaUrlCodec<ClientsFilter>(clientsFilterSchema, {
  displayPriorities: { param: 'prio', kind: 'numbers' },
  companyActivityStatus: { param: 'status', kind: 'list' },
  companiesSize: { param: 'size', kind: 'text' },
  skusFilter: { param: 'skus', kind: 'text' },
  companyActivity: { param: 'period', kind: 'text' },
  sourceApp: { param: 'app', kind: 'text' },
  country: { param: 'country', kind: 'text' },
  courier: { param: 'courier', kind: 'text' },
  name: { param: 'q', kind: 'text' },
});

describe('schemaUrlCodec', () => {
  const encode = (change: Partial<ClientsFilter>, base = '') =>
    codec
      .encode({ ...DEFAULT_CLIENTS_FILTER, ...change }, DEFAULT_CLIENTS_FILTER, new URLSearchParams(base))
      .toString();
  const decode = (query: string) => codec.decode(new URLSearchParams(query), DEFAULT_CLIENTS_FILTER);

  it('writes only what differs from the defaults, and leaves other parameters alone', () => {
    expect(encode({})).toBe('');
    expect(encode({ country: 'RO', name: ' bloom ' }, 'state=abc')).toBe('state=abc&country=RO&q=bloom');
    expect(encode({ displayPriorities: [3, 2, 1, 0] })).toBe('');
    expect(encode({ displayPriorities: [] })).toBe('prio=all');
  });

  it('reads back what it wrote', () => {
    const filter: ClientsFilter = {
      ...DEFAULT_CLIENTS_FILTER,
      displayPriorities: [0, 4],
      companyActivityStatus: ['installed', 'deleted'],
      companiesSize: 'XS',
      country: 'RO',
      name: 'bloom',
    };
    expect(decode(codec.encode(filter, DEFAULT_CLIENTS_FILTER, new URLSearchParams()).toString())).toEqual(
      filter,
    );
  });

  it('drops values the filter schema refuses, field by field', () => {
    expect(decode('prio=0,9&status=&country=ROM&app=nope&q=ok')).toEqual({
      ...DEFAULT_CLIENTS_FILTER,
      name: 'ok',
    });
    expect(decode('country=none')).toEqual(DEFAULT_CLIENTS_FILTER);
  });
});

/** A list at /list with a detail overlay under it, showing its filter and two buttons to change it. */
function renderList(path: string) {
  function List() {
    const [filter, setFilter] = useUrlFilters(codec, DEFAULT_CLIENTS_FILTER, { overlaysUnder: '/list' });
    return (
      <div>
        <output data-testid="filter">{`${filter.country ?? '-'} ${filter.name || '-'}`}</output>
        <button type="button" onClick={() => setFilter((f) => ({ ...f, country: 'RO' }))}>
          RO
        </button>
        <button type="button" onClick={() => setFilter((f) => ({ ...f, country: 'DE' }))}>
          DE
        </button>
        <Outlet />
      </div>
    );
  }
  const router = createMemoryRouter(
    [{ path: '/list', Component: List, children: [{ path: 'detail', element: <p>detail</p> }] }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const shown = () => screen.getByTestId('filter').textContent;
  return { router, shown };
}

describe('useUrlFilters', () => {
  it('reads the filter from the URL, as after a reload or from a shared link', () => {
    const { shown } = renderList('/list?country=FR&q=bloom');
    expect(shown()).toBe('FR bloom');
  });

  it('pushes each change, so Back and Forward step through filter states', async () => {
    const { router, shown } = renderList('/list');
    act(() => screen.getByRole('button', { name: 'RO' }).click());
    act(() => screen.getByRole('button', { name: 'DE' }).click());
    expect(router.state.location.search).toBe('?country=DE');
    await act(() => router.navigate(-1));
    expect(shown()).toBe('RO -');
    expect(router.state.location.search).toBe('?country=RO');
    await act(() => router.navigate(-1));
    expect(shown()).toBe('- -');
    await act(() => router.navigate(1));
    expect(shown()).toBe('RO -');
  });

  it('keeps the filter under a detail overlay and puts it back when the overlay closes', async () => {
    const { router, shown } = renderList('/list?q=bloom');
    act(() => screen.getByRole('button', { name: 'RO' }).click());
    await act(() => router.navigate('/list/detail?uid=x'));
    expect(screen.getByText('detail')).toBeInTheDocument();
    expect(shown()).toBe('RO bloom');
    await act(() => router.navigate('/list'));
    expect(router.state.location.search).toBe('?country=RO&q=bloom');
    expect(shown()).toBe('RO bloom');
  });
});
