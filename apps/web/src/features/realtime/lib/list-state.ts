import { type Comment, LoadMoreError, type OrderStatistics } from '@waybill/contracts';

/** What the orders screen renders, whichever source (live subscription or search) fed it. */
export interface OrdersListMeta {
  comments: Comment[];
  statistics: OrderStatistics | null;
  hasMore: boolean;
}

/** 'Cannot load more' (the end of the list, or no answer yet): expected while scrolling. */
export function isLoadMoreError(error: unknown): error is LoadMoreError {
  return error instanceof LoadMoreError;
}
