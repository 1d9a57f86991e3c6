import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaUrlCodec } from './url-filter-codec.js';
import { useUrlFilters } from './use-url-filters.js';

/** A filter with one field of each URL kind, validated as the real filters are. */
const schema = z.strictObject({
  priorities: z.array(z.number().int().min(0).max(5)).default([0, 1, 2, 3]),
  statuses: z
    .array(z.enum(['installed', 'development', 'deleted']))
    .min(1)
    .default(['installed']),
  late: z.boolean().default(false),
  country: z.string().length(2).nullable().default(null),
  name: z.string().trim().max(200).default(''),
});
type Filter = z.infer<typeof schema>;
const DEFAULTS: Filter = schema.parse({});
const codec = schemaUrlCodec<Filter>(schema, {
  priorities: { param: 'prio', kind: 'numbers' },
  statuses: { param: 'status', kind: 'list' },
  late: { param: 'late', kind: 'flag' },
  country: { param: 'country', kind: 'text' },
  name: { param: 'q', kind: 'text' },
});

describe('schemaUrlCodec', () => {
  const encode = (change: Partial<Filter>, base = '') =>
    codec.encode({ ...DEFAULTS, ...change }, DEFAULTS, new URLSearchParams(base)).toString();
  const decode = (query: string) => codec.decode(new URLSearchParams(query), DEFAULTS);

  it('writes only what differs from the defaults, and leaves other parameters alone', () => {
    expect(encode({})).toBe('');
    expect(encode({ country: 'RO', name: ' bloom ' }, 'state=abc')).toBe('state=abc&country=RO&q=bloom');
    expect(encode({ priorities: [3, 2, 1, 0] })).toBe('');
    expect(encode({ priorities: [] })).toBe('prio=all');
    expect(encode({ late: true })).toBe('late=1');
  });

  it('reads back what it wrote', () => {
    const filter: Filter = {
      priorities: [0, 4],
      statuses: ['installed', 'deleted'],
      late: true,
      country: 'RO',
      name: 'bloom',
    };
    expect(decode(codec.encode(filter, DEFAULTS, new URLSearchParams()).toString())).toEqual(filter);
  });

  it('drops values the filter schema refuses, field by field', () => {
    expect(decode('prio=0,9&status=&late=yes&country=ROM&q=ok')).toEqual({ ...DEFAULTS, name: 'ok' });
    expect(decode('country=none')).toEqual(DEFAULTS);
  });
});

/** A list at /list with a detail overlay under it, showing its filter and two buttons to change it. */
function renderList(path: string) {
  const seen: string[] = [];
  function List() {
    const [filter, setFilter] = useUrlFilters(codec, DEFAULTS, { overlaysUnder: '/list' });
    seen.push(`${filter.country ?? '-'} ${filter.name || '-'}`);
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
  return { router, shown, seen };
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
    const { router, shown, seen } = renderList('/list?q=bloom');
    act(() => screen.getByRole('button', { name: 'RO' }).click());
    await act(() => router.navigate('/list/detail?uid=x'));
    expect(screen.getByText('detail')).toBeInTheDocument();
    expect(shown()).toBe('RO bloom');
    seen.length = 0;
    await act(() => router.navigate('/list'));
    // Not even one render of the default filter on the way back (no flash of the unfiltered list).
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((text) => text === 'RO bloom')).toBe(true);
    expect(router.state.location.search).toBe('?country=RO&q=bloom');
    expect(shown()).toBe('RO bloom');
  });
});
