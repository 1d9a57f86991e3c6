import * as Tooltip from '@radix-ui/react-tooltip';
import {
  COPY_FEEDBACK_COMMENT_OVERVIEW_MS,
  type Comment,
  type CommentPreview,
  commentAuthorName,
  commentOverviewColour,
  commentTextShown,
  type Department,
  isCommentAgeHidden,
  isCommentUnread,
  latestComment,
  MARK_SEEN_DELAY_MS,
  moreCommentsText,
  type Order,
  type OrderCommentCounts,
  orderCommentIcon,
  parseServerTime,
  relativeTime,
  unreadBadgeText,
  unreadCount,
} from '@waybill/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTooltipOpen } from '../../hooks/use-tooltip-open.js';
import { colourVar, rowTextColourVar } from '../../lib/priority-colour.js';
import { useHasTrpcClient } from '../../lib/trpc-provider.js';
import { CopyButton } from '../copy-button/copy-button.js';
import { TooltipBubble } from '../popup-layer/popup-layer.js';
import { CommentMeta, commentByline } from './comment-meta.js';
import styles from './comment-overview.module.css';
import { CommentStatusIcon, commentIconLabel } from './comment-status-icon.js';
import { useMarkSeen } from './use-mark-seen.js';

export interface CommentOverviewProps {
  order: Pick<Order, 'uid' | 'reference' | 'display_priority' | 'aggregated_status' | 'comments'>;
  /** This order's comments from the list answer: its latest, text cut (see contracts' previewListComments). */
  comments: readonly Comment[] | undefined;
  /** The list's counts over the order's whole thread (without them, counted from `comments`). */
  counts?: Pick<OrderCommentCounts, 'total' | 'unread'> | undefined;
  userUid: string | null;
  department: Department | null;
  now: Date;
  /** Where the overview leads: the order detail (/realtime/order?uid=…). */
  href: string;
}

/** Counts of an order's comments as the overview shows them. */
export function overviewCounts(
  order: Pick<Order, 'comments'>,
  comments: readonly Comment[],
  userUid: string | null,
  counts?: Pick<OrderCommentCounts, 'total' | 'unread'>,
): { total: number; unread: number } {
  return {
    total: Math.max(order.comments.count_, counts?.total ?? comments.length),
    unread: counts ? counts.unread : userUid ? unreadCount(comments, userUid) : 0,
  };
}

/**
 * The compact comment overview of an order row: status icon, latest comment, '+ N comments' and
 * 'N New'. The latest comment counts as seen once it has been on screen for 2 s.
 */
export function CommentOverview({
  order,
  comments,
  counts,
  userUid,
  department,
  now,
  href,
}: CommentOverviewProps) {
  const list = comments ?? [];
  // The byline shows in a tooltip on hover, keyboard focus and a long press of the link while it is
  // cut or hidden.
  const [short, setShort] = useState(false);
  const tip = useTooltipOpen(short);
  const latest = latestComment(list);
  const { total, unread } = overviewCounts(order, list, userUid, counts);
  const icon = orderCommentIcon(order.comments, now);
  const latestUnreadUid = latest && userUid && isCommentUnread(latest, userUid) ? latest.uid : null;
  // Rendered without a tRPC client (pure list tests), nothing is marked.
  const canMark = useHasTrpcClient();
  const seen = canMark && latestUnreadUid ? <SeenAfterDelay commentUid={latestUnreadUid} /> : null;

  // Visible text starts each link's name (label in name): screen readers and voice control agree.
  const addText = total > 0 ? `${total} comments` : 'Add comment';
  if (!latest) {
    return (
      <span className={styles.overview} data-testid="comment-overview" data-icon={icon}>
        <Link
          to={href}
          className={styles.add}
          aria-label={`${addText} ${total > 0 ? 'of' : 'to'} order ${order.reference ?? ''}`}
        >
          <CommentStatusIcon icon={icon} />
          <span>{addText}</span>
        </Link>
        {seen}
      </span>
    );
  }

  const cut = (latest as CommentPreview).text_truncated === true;
  const shown = commentTextShown(latest.text);
  const colour = commentOverviewColour(order.display_priority, department);
  const created = parseServerTime(latest.created_at);
  const age = created && !isCommentAgeHidden(order.aggregated_status.key) ? relativeTime(created, now) : null;
  const byline = commentByline(commentAuthorName(latest), age);
  // Read after the visible text, so the link's name starts with what is on screen (label in name);
  // it holds the byline whether or not there is room to draw it. The plus icon means no comment
  // status: nothing to name.
  const status = icon === 'add' ? null : commentIconLabel(icon);
  const named = [byline, status, `comments of order ${order.reference ?? ''}`].filter(Boolean).join(', ');
  return (
    <span
      className={styles.overview}
      data-testid="comment-overview"
      data-icon={icon}
      data-colour={colour}
      // The priority colour itself marks the status icon; text takes a darker shade of the same hue
      // where it would read under 4.5:1 (orange: 2.3:1 on white; red: 4.4:1 on the row's hover tint).
      style={{
        ['--comment-colour' as string]: colourVar(colour),
        ['--comment-text-colour' as string]: rowTextColourVar(colour),
      }}
    >
      <Tooltip.Root {...tip.root}>
        <Tooltip.Trigger asChild {...tip.trigger}>
          <Link to={href} className={styles.link}>
            <span className={styles.icon} aria-hidden>
              <CommentStatusIcon icon={icon} />
            </span>
            <span className={styles.body}>
              <span className={styles.text} data-testid="comment-overview-text">
                {shown}
              </span>{' '}
              <CommentMeta
                more={moreCommentsText(total)}
                badge={unreadBadgeText(unread)}
                byline={byline}
                onShortChange={setShort}
              />
            </span>{' '}
            <span className="visually-hidden">({named})</span>
          </Link>
        </Tooltip.Trigger>
        <TooltipBubble testId="comment-overview-tooltip">{byline}</TooltipBubble>
      </Tooltip.Root>
      <CopyButton
        value={shown}
        // A row carries a long comment cut: copying says so (the order detail has it whole).
        label={cut ? 'Copy latest comment, shortened' : 'Copy latest comment'}
        tooltip={cut ? 'Copy comment (shortened: the order has it whole)' : 'Copy comment'}
        feedbackMs={COPY_FEEDBACK_COMMENT_OVERVIEW_MS}
        className={styles.copy}
      />
      {seen}
    </span>
  );
}

/** Marks a comment seen once it has been on screen for 2 s. */
function SeenAfterDelay({ commentUid }: { commentUid: string }) {
  const markSeen = useMarkSeen();
  useEffect(() => {
    const timer = setTimeout(() => markSeen([commentUid]), MARK_SEEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [commentUid, markSeen]);
  return null;
}
