/** Comment display pieces shared by the order list's overview and the order detail. */
export { CommentItem, type CommentItemProps, TEAM_LABELS } from './comment-item.js';
export { CommentOverview, type CommentOverviewProps, overviewCounts } from './comment-overview.js';
export { CommentStatusIcon } from './comment-status-icon.js';
export {
  extendOrderQueue,
  neighbours,
  publishOrderQueue,
  queueNeighbours,
  useOrderQueue,
} from './order-sequence.js';
export { resetMarkSeen, useMarkSeen } from './use-mark-seen.js';
