import { DEFAULT_ORDERS_FILTER, VIEW_MAX_BYTES } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXT } from './errors.js';
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
    // 40 characters as typed, 43 UTF-16 units: an emoji is one character.
    expect(viewNameProblem('🚚 Nachtschicht Überfällige WAW Errors 🔥🔥', [])).toBeNull();
    expect(viewNameProblem('🔥'.repeat(VIEW_NAME_MAX + 1), [])).toMatch(/at most 40/);
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
  const refused = (code: string, limit: string | null) => ({
    message: 'server words',
    data: { code, limit },
  });
  it('says in the console’s words which limit a save or a share met, by the limit the gateway names', () => {
    expect(viewErrorText(refused('TOO_MANY_REQUESTS', 'VIEWS_MAX_PER_USER'), 'x')).toBe(
      'You have as many saved views as allowed: delete one first.',
    );
    expect(viewErrorText(refused('PRECONDITION_FAILED', 'VIEWS_SHARED_MAX_PER_USER'), 'x')).toBe(
      'You share as many views as allowed: stop sharing one first.',
    );
    expect(viewErrorText(refused('TOO_MANY_REQUESTS', 'VIEWS_RATE_MAX'), 'x')).toBe(
      'You changed saved views many times in a short while: try again in a few minutes.',
    );
    expect(viewErrorText(refused('BAD_REQUEST', 'VIEW_MAX_BYTES'), 'x')).toMatch(
      /^These filters are too large to save as a view/,
    );
  });

  it('names no limit the gateway did not name, and never shows the server’s words', () => {
    // Busy for another reason (a change of the same kind still being made): not "as many views as allowed".
    expect(viewErrorText(refused('TOO_MANY_REQUESTS', null), 'x')).toBe(ERROR_TEXT.busy);
    expect(viewErrorText(refused('BAD_REQUEST', null), 'x')).toBe(ERROR_TEXT.rejected);
    expect(viewErrorText(refused('BAD_REQUEST', 'VIEW_MAX_BYTES; DROP'), 'x')).toBe(ERROR_TEXT.rejected);
    expect(viewErrorText(refused('CONFLICT', null), 'x')).toBe(
      'You have a view with this name already: pick another name.',
    );
  });
});
