import { describe, expect, it } from 'vitest';
import { viewListOutOfDate } from './view-list.js';

const shown = { keys: ['olivia/urgent', 'dan/late'], listing: 'token-1' };

describe('viewListOutOfDate', () => {
  it('is current when the counts list the same views under the same listing, whatever the numbers', () => {
    expect(
      viewListOutOfDate({ counts: { 'dan/late': 3, 'olivia/urgent': null }, listing: 'token-1' }, shown),
    ).toBe(false);
  });

  it('is out of date when a colleague renames or refilters a shared view: same keys, another listing', () => {
    expect(
      viewListOutOfDate({ counts: { 'olivia/urgent': 7, 'dan/late': 3 }, listing: 'token-2' }, shown),
    ).toBe(true);
  });

  it('is out of date when a view is shared or withdrawn', () => {
    expect(viewListOutOfDate({ counts: { 'dan/late': 3 }, listing: 'token-1' }, shown)).toBe(true);
    expect(
      viewListOutOfDate(
        { counts: { 'olivia/urgent': 1, 'dan/late': 3, 'ana/new': 0 }, listing: 'token-1' },
        shown,
      ),
    ).toBe(true);
  });

  it('is out of date while the list has not been read with a listing', () => {
    expect(
      viewListOutOfDate(
        { counts: { 'olivia/urgent': 1, 'dan/late': 3 }, listing: 'token-1' },
        { ...shown, listing: undefined },
      ),
    ).toBe(true);
  });
});
