import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment, Order } from '@waybill/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../test/trpc-mock.js';
import { commentByline, isBylineShort } from './comment-meta.js';
import { CommentOverview } from './comment-overview.js';
import { makeComment, makeOrder } from './test-fixtures.js';

const NOW = new Date('2024-05-10T12:00:00Z');
const BYLINE = 'comment-overview-byline';

function overview(order: Order, comments: Comment[], userUid: string | null = 'user-2') {
  render(
    <TestProviders>
      <MemoryRouter>
        <CommentOverview
          order={order}
          comments={comments}
          userUid={userUid}
          department="customer_support"
          now={NOW}
          href="/realtime/order?uid=ord-1"
        />
      </MemoryRouter>
    </TestProviders>,
  );
  return screen.getByTestId('comment-overview');
}

describe('CommentOverview, what the row shows of a comment', () => {
  it('shows the latest comment without the characters that would reorder it', () => {
    const el = overview(makeOrder({ comments: { count_: 1, status: null, team: null, until: null } }), [
      makeComment({ uid: 'c-1', created_at: '2024-05-10T11:00:00', text: 'Refund \u202E00.005 RUE' }),
    ]);
    expect(within(el).getByTestId('comment-overview-text').textContent).toBe('Refund 00.005 RUE');
  });
});

const three = () =>
  overview(makeOrder({ comments: { count_: 3, status: null, team: null, until: null } }), [
    makeComment({ uid: 'c-old', created_at: '2024-05-09T10:00:00', text: 'Older note' }),
    makeComment({ uid: 'c-new', created_at: '2024-05-10T11:00:00', text: 'Latest note' }),
  ]);

/** The meta line's parts as drawn, left to right. */
const parts = (el: HTMLElement) =>
  [...within(el).getByTestId('comment-overview-meta').children].map((c) => c.textContent);

describe('the comment overview meta line', () => {
  afterEach(() => vi.restoreAllMocks());

  it("puts '+ N comments' and 'N New' first and author · age last, as one segment", () => {
    const el = three();
    const [more, badge, byline, ...rest] = parts(el);
    expect([more, badge]).toEqual(['+ 2 comments', '2 New']);
    expect(byline).toMatch(/^Ana Pop · \S.*ago$/);
    expect(rest).toEqual([]);
    // The separator lives only inside the byline: it is drawn, cut or hidden with it.
    expect(within(el).getByTestId('comment-overview-meta').textContent?.split('·')).toHaveLength(2);
  });

  it('shows the author alone, without a separator, where the age is hidden (delivered)', () => {
    const el = overview(
      makeOrder({
        aggregated_status: { key: 'shipping_delivered', date: '2024-05-09T10:00:00' },
        comments: { count_: 1, status: null, team: null, until: null },
      }),
      [makeComment({ created_at: '2024-05-10T11:00:00' })],
      null,
    );
    expect(parts(el)).toEqual(['Ana Pop']);
    expect(el.textContent).not.toContain('·');
  });

  it('names the link with its visible text first, then the byline, status and order', () => {
    const el = three();
    const name = /^Latest note \+ 2 comments 2 New \(Ana Pop · \S.*ago, comments of order SHOP-1001\)$/;
    expect(within(el).getByRole('link', { name })).toBeInTheDocument();
  });

  it("names the order's comment status after the byline, never before the visible text", () => {
    const el = overview(
      makeOrder({ comments: { count_: 1, status: 'escalated', team: null, until: null } }),
      [makeComment({ created_at: '2024-05-10T11:00:00', text: 'Call the courier' })],
    );
    expect(el).toHaveAttribute('data-icon', 'escalated');
    const name = /^Call the courier 1 New \(Ana Pop · \S.*ago, Escalated, comments of order SHOP-1001\)$/;
    expect(within(el).getByRole('link', { name })).toBeInTheDocument();
  });

  it('shows no tooltip on keyboard focus while the byline fits', async () => {
    const user = userEvent.setup();
    const el = three();
    await user.tab();
    expect(within(el).getByRole('link')).toHaveFocus();
    expect(screen.queryByTestId('comment-overview-tooltip')).toBeNull();
  });

  it('shows the whole byline in a tooltip on keyboard focus while it is cut', async () => {
    // jsdom lays nothing out: the byline's text is made wider than its room (0 px).
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === BYLINE ? 120 : 0;
    });
    const user = userEvent.setup();
    const el = three();
    const byline = within(el).getByTestId(BYLINE).textContent;
    await user.tab();
    expect(within(el).getByRole('link')).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(byline ?? '');
  });
});

describe('commentByline', () => {
  it('joins author and age with one separator, and has none without an age', () => {
    expect(commentByline('Ana Pop', '5 minutes ago')).toBe('Ana Pop · 5 minutes ago');
    expect(commentByline('Ana Pop', null)).toBe('Ana Pop');
  });
});

describe('isBylineShort', () => {
  it('counts a byline not drawn (no room for a few characters) as short, as well as a cut one', () => {
    const el = document.createElement('span');
    document.body.append(el);
    expect(isBylineShort(el)).toBe(false);
    el.style.display = 'none';
    expect(isBylineShort(el)).toBe(true);
    el.remove();
  });
});
