import { render, screen, within } from '@testing-library/react';
import { type CommentPreview, previewListComments } from '@waybill/contracts';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { commentOverview, orderDetailHref } from '../../features/realtime/lib/order-row.js';
import { TestProviders } from '../../test/trpc-mock.js';
import { CommentOverview } from './comment-overview.js';
import { makeComment, makeOrder } from './test-fixtures.js';

const NOW = new Date('2024-05-10T12:00:00Z');
const seenByMe = [{ user_uid: 'user-1', seen_at: '2024-05-05T10:00:00' }];

/** A thread of 1,000 comments, 7 of them newer than the user's last look, as a list row carries it. */
function bigThread() {
  const thread = Array.from({ length: 1000 }, (_, i) =>
    makeComment({
      uid: `c-${i}`,
      created_at: i < 993 ? '2024-05-01T10:00:00' : `2024-05-09T10:0${i - 993}:00`,
      text: i === 999 ? `Latest ${'long '.repeat(200)}` : 'An older note',
      seen_by: seenByMe,
    }),
  );
  return previewListComments(thread, 'user-1');
}

describe('a row shows its whole thread from the preview it carries', () => {
  it("'+ N comments' and 'N New' count the whole thread; the cut latest says it is cut", () => {
    const { comments, commentCounts } = bigThread();
    expect(comments).toHaveLength(1);
    const order = makeOrder({ comments: { count_: 1000, status: null, team: null, until: null } });
    render(
      <TestProviders>
        <MemoryRouter>
          <CommentOverview
            order={order}
            comments={comments}
            counts={commentCounts[0]}
            userUid="user-1"
            department="customer_support"
            now={NOW}
            href="/realtime/order?uid=ord-1"
          />
        </MemoryRouter>
      </TestProviders>,
    );
    const el = screen.getByTestId('comment-overview');
    expect(within(el).getByTestId('comment-overview-text').textContent).toMatch(/^Latest long .*…$/);
    expect(within(el).getByText('+ 999 comments')).toBeInTheDocument();
    expect(within(el).getByText('7 New')).toBeInTheDocument();
    expect(within(el).getByRole('button', { name: 'Copy latest comment, shortened' })).toBeInTheDocument();
    expect((comments[0] as CommentPreview).text_truncated).toBe(true);
  });

  it('the row link asks the detail to open on unread comments counted over the thread', () => {
    const { comments, commentCounts } = bigThread();
    const order = makeOrder({ comments: { count_: 1000, status: null, team: null, until: null } });
    const overview = commentOverview(order, comments, 'user-1', commentCounts[0]);
    expect(overview).toMatchObject({ total: 1000, unread: 7 });
    expect(orderDetailHref('ord-1', overview)).toContain('hasUnread=true');
  });
});
