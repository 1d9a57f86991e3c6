import { describe, expect, it } from 'vitest';
import { firstPageWindow, isLoadMoreError, loadedLimit, loadMoreWindow } from './list-state.js';

describe('infinite scroll window', () => {
  it('grows the loaded list by 20 rows per load-more', () => {
    let window = firstPageWindow();
    expect(loadedLimit(window)).toBe(20);
    window = loadMoreWindow(window, { hasMore: true, initialized: true, searching: false }) ?? window;
    expect(loadedLimit(window)).toBe(40);
    window = loadMoreWindow(window, { hasMore: true, initialized: true, searching: false }) ?? window;
    expect(loadedLimit(window)).toBe(60);
  });

  it("refuses with 'Cannot load more' at the end of the list or before the list is initialised", () => {
    const window = firstPageWindow();
    expect(() => loadMoreWindow(window, { hasMore: false, initialized: true, searching: false })).toThrow(
      'Cannot load more',
    );
    let caught: unknown;
    try {
      loadMoreWindow(window, { hasMore: true, initialized: false, searching: false });
    } catch (error) {
      caught = error;
    }
    expect(isLoadMoreError(caught)).toBe(true);
  });

  it('ignores a load-more while a search runs', () => {
    expect(
      loadMoreWindow(firstPageWindow(), { hasMore: true, initialized: true, searching: true }),
    ).toBeNull();
  });
});
