import type { Comment } from '../backend/orders.js';
import { ROW_COMMENT_PREVIEW_CHARS, ROW_COMMENT_PREVIEW_COUNT } from '../constants.js';
import { isCommentUnread } from './comment-display.js';
import { parseServerTime } from './time.js';

/**
 * What a list row carries of its order's comments. A list answer once held every comment of every
 * order on the page, whole: one user commenting in a loop made everyone's first page megabytes. A
 * row now carries its latest comments (ROW_COMMENT_PREVIEW_COUNT, the one the row shows), each cut
 * to ROW_COMMENT_PREVIEW_CHARS, and the counts the row shows, made from every comment before the cut.
 * The order detail still has the whole thread.
 */

/** A comment as a list row carries it: `text_truncated` when its text was cut. */
export type CommentPreview = Comment & { text_truncated?: true };

/**
 * One order's comment counts over its whole thread, keyed by the order's uid (so a live list patches
 * them order by order): `total` comments, `unread` of them for the user the list was read for.
 */
export interface OrderCommentCounts {
  uid: string;
  total: number;
  unread: number;
}

export interface ListCommentsPreview {
  comments: CommentPreview[];
  commentCounts: OrderCommentCounts[];
}

const ELLIPSIS = '…';

/** `text` cut to `max` characters (an ellipsis ends it), never inside a surrogate pair. */
export function cutCommentText(text: string, max = ROW_COMMENT_PREVIEW_CHARS): string | null {
  if (text.length <= max) return null;
  let end = max - ELLIPSIS.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + ELLIPSIS;
}

/**
 * The comment as a row carries it: text cut, and of `seen_by` only the viewer's own entries (what
 * "unread" reads; every other reader's entry only made the row heavier).
 */
function previewOf(comment: Comment, viewerUid: string | null): CommentPreview {
  const cut = cutCommentText(comment.text);
  const seenBy = comment.seen_by.filter((s) => s.user_uid === viewerUid);
  return {
    ...comment,
    seen_by: seenBy,
    ...(cut === null ? {} : { text: cut, text_truncated: true as const }),
  };
}

/**
 * A list answer's comments as its rows carry them, for the user `viewerUid` (null: nobody's unread
 * counts). Each order keeps its latest `keep` comments (greatest created_at; a tie goes to the later
 * one in the answer, as `latestComment` picks), in the answer's order; counts cover every comment.
 */
export function previewListComments(
  comments: readonly Comment[],
  viewerUid: string | null,
  keep = ROW_COMMENT_PREVIEW_COUNT,
): ListCommentsPreview {
  const byOrder = new Map<string, number[]>();
  for (let i = 0; i < comments.length; i++) {
    const uid = comments[i]!.entity.data.uid;
    const held = byOrder.get(uid);
    if (held) held.push(i);
    else byOrder.set(uid, [i]);
  }
  const time = (i: number) => parseServerTime(comments[i]!.created_at)?.getTime() ?? Number.NEGATIVE_INFINITY;
  const kept = new Set<number>();
  const commentCounts: OrderCommentCounts[] = [];
  for (const [uid, indexes] of byOrder) {
    let unread = 0;
    if (viewerUid !== null)
      for (const i of indexes) if (isCommentUnread(comments[i]!, viewerUid)) unread += 1;
    commentCounts.push({ uid, total: indexes.length, unread });
    const times = new Map(indexes.map((i) => [i, time(i)]));
    const latestFirst = [...indexes].sort((a, b) => times.get(b)! - times.get(a)! || b - a);
    for (const i of latestFirst.slice(0, keep)) kept.add(i);
  }
  const preview: CommentPreview[] = [];
  for (let i = 0; i < comments.length; i++) if (kept.has(i)) preview.push(previewOf(comments[i]!, viewerUid));
  return { comments: preview, commentCounts };
}

/**
 * A list's comments preview once the viewer marked `seen` seen (as mark_seen answered it): the row's
 * copy takes the answer's seen_by and its order's unread count drops by one at once, not at the next
 * refresh. Only unread comments are sent to mark_seen; a copy the list already holds as seen (a
 * fresher answer arrived first) changes nothing, so a count is never lowered twice.
 */
export function withCommentSeen<P extends Partial<ListCommentsPreview>>(
  preview: P,
  seen: Pick<Comment, 'uid' | 'seen_by' | 'entity'>,
  viewerUid: string,
): P {
  const comments = preview.comments ?? [];
  const listed = comments.find((c) => c.uid === seen.uid);
  if (listed && !isCommentUnread(listed, viewerUid)) return preview;
  const orderUid = seen.entity.data.uid;
  return {
    ...preview,
    comments: listed
      ? comments.map((c) => (c === listed ? { ...c, seen_by: seen.seen_by } : c))
      : preview.comments,
    commentCounts: preview.commentCounts?.map((count) =>
      count.uid === orderUid ? { ...count, unread: Math.max(0, count.unread - 1) } : count,
    ),
  };
}
