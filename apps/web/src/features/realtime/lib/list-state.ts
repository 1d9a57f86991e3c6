import {
  type Comment,
  LoadMoreError,
  type OrderCommentCounts,
  type OrderStatistics,
} from '@waybill/contracts';

/** What the orders screen renders, whichever source (live subscription or search) fed it. */
export interface OrdersListMeta {
  /** Each row's latest comment, cut (the order detail has the whole thread). */
  comments: Comment[];
  /** Each commented order's counts over its whole thread (total, unread for the signed-in user). */
  commentCounts?: OrderCommentCounts[];
  statistics: OrderStatistics | null;
  hasMore: boolean;
}

/** 'Cannot load more' (the end of the list, or no answer yet): expected while scrolling. */
export function isLoadMoreError(error: unknown): error is LoadMoreError {
  return error instanceof LoadMoreError;
}
