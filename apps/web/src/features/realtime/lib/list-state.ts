import {
  type Comment,
  firstPageWindow,
  type ListWindow,
  LoadMoreError,
  nextPageWindow,
  type Order,
  type OrderStatistics,
  refreshWindow,
} from '@waybill/contracts';

/** What the orders screen renders, whichever source (live subscription or query) fed it. */
export interface OrdersListMeta {
  comments: Comment[];
  statistics: OrderStatistics | null;
  hasMore: boolean;
}

export interface OrdersList {
  rows: Order[];
  meta: OrdersListMeta;
}

/** Rows the window covers: the loaded list is always 0..skip+limit. */
export function loadedLimit(window: ListWindow): number {
  return refreshWindow(window).limit;
}

/**
 * Next window for infinite scroll, or null when the request is to be ignored (a search runs).
 * Throws LoadMoreError ('Cannot load more') at the end of the list or before the first answer.
 */
export function loadMoreWindow(
  window: ListWindow,
  state: { hasMore: boolean; initialized: boolean; searching: boolean },
): ListWindow | null {
  return nextPageWindow(window, state);
}

export function isLoadMoreError(error: unknown): error is LoadMoreError {
  return error instanceof LoadMoreError;
}

export { firstPageWindow };
