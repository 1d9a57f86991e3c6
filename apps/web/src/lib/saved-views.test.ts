import { DEFAULT_ORDERS_FILTER, VIEW_MAX_BYTES } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import {
  filterSearch,
  migrationPlan,
  parseSavedViews,
  SAVED_VIEWS_MAX,
  type SavedView,
  storageKey,
  VIEW_NAME_MAX,
  viewErrorText,
  viewHref,
  viewNameProblem,
  viewSizeProblem,
} from './saved-views.js';

const view = (id: string, name: string, search = 'status=lost'): SavedView => ({
  id,
  name,
  path: '/realtime',
  search,
});

describe('saved views', () => {
  it('keys the storage by user', () => {
    expect(storageKey('u-1')).not.toBe(storageKey('u-2'));
  });

  it('reads stored views, and never throws on bad storage', () => {
    const good = [view('a', 'Lost'), view('b', 'Late')];
    expect(parseSavedViews(JSON.stringify(good))).toEqual(good);
    for (const raw of [null, '', '{', 'null', '42', '{"a":1}', '"text"'])
      expect(parseSavedViews(raw)).toEqual([]);
  });

  it('drops malformed entries, repeated ids and names', () => {
    const raw = JSON.stringify([
      view('a', 'Lost'),
      { id: 'b', name: '', path: '/realtime', search: '' },
      { id: 'c', name: 'Bad path', path: 'javascript:alert(1)', search: '' },
      { id: 'd', name: 'x'.repeat(VIEW_NAME_MAX + 1), path: '/realtime', search: '' },
      view('a', 'Same id'),
      view('e', ' lost '),
      42,
      null,
      view('f', 'Fine', '?q=1'),
    ]);
    expect(parseSavedViews(raw)).toEqual([view('a', 'Lost'), view('f', 'Fine', 'q=1')]);
  });

  it('reads at most SAVED_VIEWS_MAX views', () => {
    const many = Array.from({ length: SAVED_VIEWS_MAX + 5 }, (_, i) => view(`v${i}`, `View ${i}`));
    expect(parseSavedViews(JSON.stringify(many))).toHaveLength(SAVED_VIEWS_MAX);
  });

  it('names: required, at most 40 characters, unique whatever the case', () => {
    const views = [view('a', 'Lost parcels')];
    expect(viewNameProblem('  ', views)).toBe('Give the view a name.');
    expect(viewNameProblem('x'.repeat(VIEW_NAME_MAX + 1), views)).toMatch(/at most 40/);
    expect(viewNameProblem('lost PARCELS ', views)).toBe('A view named "lost PARCELS" already exists.');
    expect(viewNameProblem('Lost parcels', views, 'a')).toBeNull();
    expect(viewNameProblem('Late', views)).toBeNull();
  });

  it('names: no control characters or direction marks, which colleagues would see', () => {
    for (const name of ['Late\u0000', 'Ring\u0007', 'Invoice\u202Efdp.exe'])
      expect(viewNameProblem(name, [])).toMatch(/cannot hold control characters/);
    expect(viewNameProblem('Întârziate 📦', [])).toBeNull();
  });

  it('filters: at most VIEW_MAX_BYTES with the search, as the gateway counts them', () => {
    const filter = { ...DEFAULT_ORDERS_FILTER, statuses: ['lost'] };
    expect(viewSizeProblem({ search: 'status=lost', filter })).toBeNull();
    const uids = Array.from({ length: 500 }, (_, i) => `u${i}`.padEnd(40, 'x'));
    expect(viewSizeProblem({ search: '', filter: { ...filter, assignedUsersUIDS: uids } })).toBe(
      `These filters are too large to save as a view (at most ${VIEW_MAX_BYTES / 1024} KB): pick fewer values.`,
    );
  });

  it("moves this browser's views to the gateway once, keeping ids and both of two equal names", () => {
    const toFilter = (search: string) => ({ ...DEFAULT_ORDERS_FILTER, reference: search });
    const local = [view('a', 'Lost'), view('b', 'Late', 'q=7'), view('c', 'Mine')];
    const remote = [
      { id: 'a', name: 'Lost', mine: true },
      { id: 'x', name: 'late', mine: true },
      { id: 'y', name: 'Mine', mine: false },
    ];
    const plan = migrationPlan(local, remote, toFilter);
    expect(plan.map((p) => p.input)).toEqual([
      { id: 'b', name: 'Late (this browser)', path: '/realtime', search: 'q=7', filter: toFilter('q=7') },
      { id: 'c', name: 'Mine', path: '/realtime', search: 'status=lost', filter: toFilter('status=lost') },
    ]);
    expect(plan.map((p) => p.view.id)).toEqual(['b', 'c']);
  });

  it('keeps only the filter parameters of the URL, and makes the link', () => {
    const search = filterSearch('?state=abc&q=123&status=lost&other=1', ['q', 'status']);
    expect(search).toBe('q=123&status=lost');
    expect(viewHref({ path: '/realtime', search })).toBe('/realtime?q=123&status=lost');
    expect(viewHref({ path: '/realtime', search: '' })).toBe('/realtime');
  });
});

describe('viewErrorText', () => {
  const failed = (code: string) => ({ message: 'server words', data: { code } });
  it('says in the console’s words which limit a save or a share met, never the server’s', () => {
    expect(viewErrorText(failed('TOO_MANY_REQUESTS'), 'x')).toBe(
      'You have as many saved views as allowed: delete one first.',
    );
    expect(viewErrorText(failed('PRECONDITION_FAILED'), 'x')).toBe(
      'You share as many views as allowed: stop sharing one first.',
    );
    const said = (code: string, message: string) => ({ message, data: { code } });
    expect(viewErrorText(said('TOO_MANY_REQUESTS', 'at most 60 per 600 s (VIEWS_RATE_MAX)'), 'x')).toBe(
      'You changed saved views many times in a short while: try again in a few minutes.',
    );
    expect(viewErrorText(said('BAD_REQUEST', 'at most 16 KB (VIEW_MAX_BYTES)'), 'x')).toMatch(
      /^These filters are too large to save as a view/,
    );
  });
});
