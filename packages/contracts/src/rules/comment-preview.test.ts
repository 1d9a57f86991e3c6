import { describe, expect, it } from 'vitest';
import { ROW_COMMENT_PREVIEW_CHARS, ROW_COMMENT_PREVIEW_COUNT } from '../constants.js';
import { latestComment, unreadCount } from './comment-display.js';
import { cutCommentText, previewListComments, withCommentSeen } from './comment-preview.js';
import { makeComment } from './test-fixtures.js';

const on = (order: string, uid: string, minute: number, extra: Parameters<typeof makeComment>[0] = {}) =>
  makeComment({
    uid,
    created_at: `2024-05-01T10:${String(minute).padStart(2, '0')}:00`,
    entity: { ...makeComment().entity, data: { ...makeComment().entity.data, uid: order } },
    ...extra,
  });

describe('a list row carries a bounded preview of its comments', () => {
  it('keeps each order its latest comment only, with counts over the whole thread', () => {
    const thread = Array.from({ length: 1000 }, (_, i) => on('ord-a', `a${i}`, i % 60));
    const other = [on('ord-b', 'b0', 5), on('ord-b', 'b1', 7)];
    const { comments, commentCounts } = previewListComments([...thread, ...other], 'me');
    expect(ROW_COMMENT_PREVIEW_COUNT).toBe(1);
    expect(comments.map((c) => c.uid)).toEqual([latestComment(thread)!.uid, 'b1']);
    expect(commentCounts).toEqual([
      { uid: 'ord-a', total: 1000, unread: 1000 },
      { uid: 'ord-b', total: 2, unread: 2 },
    ]);
  });

  it('counts unread for the viewer before cutting, and keeps only the viewer in seen_by', () => {
    const seen = (user: string, minute: number) => ({
      user_uid: user,
      seen_at: `2024-05-01T10:${minute}:30`,
    });
    const thread = [
      on('ord-a', 'old', 10, { seen_by: [seen('me', 20), seen('other', 20)] }),
      on('ord-a', 'mid', 30, { seen_by: [seen('other', 40)] }),
      on('ord-a', 'new', 50, { seen_by: [seen('me', 20), seen('other', 55)] }),
    ];
    const { comments, commentCounts } = previewListComments(thread, 'me');
    expect(commentCounts).toEqual([{ uid: 'ord-a', total: 3, unread: unreadCount(thread, 'me') }]);
    expect(commentCounts[0]!.unread).toBe(2);
    expect(comments.map((c) => [c.uid, c.seen_by])).toEqual([['new', [seen('me', 20)]]]);
    expect(previewListComments(thread, null).commentCounts[0]!.unread).toBe(0);
  });

  it('keeps more per order when asked, in the answer order; a tie goes to the later one', () => {
    const thread = [on('o', 'x', 1), on('o', 'y', 9), on('o', 'z', 9), on('o', 'w', 5)];
    expect(previewListComments(thread, 'me', 2).comments.map((c) => c.uid)).toEqual(['y', 'z']);
    expect(previewListComments(thread, 'me').comments.map((c) => c.uid)).toEqual(['z']);
  });

  it('cuts a long text with an ellipsis and says so; a short one is untouched', () => {
    const long = 'x'.repeat(5000);
    const [cut] = previewListComments([on('o', 'l', 1, { text: long })], 'me').comments;
    expect(cut!.text).toHaveLength(ROW_COMMENT_PREVIEW_CHARS);
    expect(cut!.text.endsWith('…')).toBe(true);
    expect(cut!.text_truncated).toBe(true);
    const [short] = previewListComments([on('o', 's', 1, { text: 'Called the courier' })], 'me').comments;
    expect(short!.text).toBe('Called the courier');
    expect(short).not.toHaveProperty('text_truncated');
  });

  it('never cuts inside a surrogate pair', () => {
    const text = `${'a'.repeat(8)}😀😀😀`;
    expect(cutCommentText(text, 10)).toBe(`${'a'.repeat(8)}…`);
    expect(cutCommentText(text, 11)).toBe(`${'a'.repeat(8)}😀…`);
    expect(cutCommentText('short', 10)).toBeNull();
  });
});

describe('a comment marked seen from the list', () => {
  it('clears the row’s New count at once, and only once', () => {
    const preview = previewListComments([on('ord-1', 'c1', 1), on('ord-2', 'c2', 2)], 'me');
    expect(preview.commentCounts.find((c) => c.uid === 'ord-1')?.unread).toBe(1);
    const answered = {
      ...on('ord-1', 'c1', 1),
      seen_by: [{ user_uid: 'me', seen_at: '2024-05-01T11:00:00' }],
    };
    const after = withCommentSeen(preview, answered, 'me');
    expect(after.commentCounts.find((c) => c.uid === 'ord-1')?.unread).toBe(0);
    expect(after.commentCounts.find((c) => c.uid === 'ord-2')?.unread).toBe(1);
    expect(
      unreadCount(
        after.comments.filter((c) => c.uid === 'c1'),
        'me',
      ),
    ).toBe(0);
    // Applied again (or to a list that already has it seen): nothing more changes.
    expect(withCommentSeen(after, answered, 'me')).toBe(after);
  });
});
