import { LoadMoreError } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { isLoadMoreError } from './list-state.js';

// The window arithmetic (20 rows a page, refusals, ignoring while searching) is contracts'
// nextPageWindow, tested there; the list hook throws its LoadMoreError.
describe('isLoadMoreError', () => {
  it("tells 'Cannot load more' from other failures", () => {
    expect(isLoadMoreError(new LoadMoreError())).toBe(true);
    expect(isLoadMoreError(new Error('Cannot load more'))).toBe(false);
  });
});
