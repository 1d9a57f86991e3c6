import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment } from '@waybill/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CallLog, TestProviders } from '../../test/trpc-mock.js';
import { CommentItem } from './comment-item.js';
import { CommentOverview } from './comment-overview.js';
import { neighbours } from './order-sequence.js';
import { makeComment, makeOrder } from './test-fixtures.js';
import { resetMarkSeen } from './use-mark-seen.js';

const NOW = new Date('2024-05-10T12:00:00Z');
const idle = { active: false, until: null, was_active: false, was_until: null };

function item(comment: Comment, isLatest = true) {
  render(
    <ul>
      <CommentItem comment={comment} isLatest={isLatest} unread={false} now={NOW} />
    </ul>,
  );
  return screen.getByTestId('comment-item');
}

describe('CommentItem', () => {
  it('shows a comment in the order its characters were written: a direction override reorders nothing', () => {
    const el = item(makeComment({ text: 'Refund approved \u202E00.005 RUE tnuoma\nsecond line' }));
    expect(within(el).getByText(/Refund approved/).textContent).toBe(
      'Refund approved 00.005 RUE tnuoma\nsecond line',
    );
  });

  it("shows 'Anonymous' for an author without a name", () => {
    const el = item(
      makeComment({ user: { uid: 'u', name: null, anonymous: { is_anonymous: true, name: null } } }),
    );
    expect(within(el).getByText('Anonymous')).toBeInTheDocument();
  });

  it('shows an escalation with its team; escalation wins over snooze', () => {
    const el = item(
      makeComment({
        team: 'development',
        actions: {
          escalate: { active: true, until: '2025-05-10T12:00:00', was_active: false, was_until: null },
          snooze: { active: true, until: '2024-05-10T15:00:00', was_active: false, was_until: null },
        },
      }),
    );
    expect(el).toHaveAttribute('data-kind', 'escalated');
    expect(within(el).getByText('Escalated to Development')).toBeInTheDocument();
  });

  it('shows the remaining time of an active snooze', () => {
    const el = item(
      makeComment({
        actions: {
          escalate: idle,
          snooze: { active: true, until: '2024-05-10T15:30:00', was_active: false, was_until: null },
        },
      }),
    );
    expect(within(el).getByText('3h left')).toBeInTheDocument();
  });

  it("shows a was-active snooze as 'Snoozed' with its dates and an hours late badge (span under a day)", () => {
    const el = item(
      makeComment({
        created_at: '2024-05-10T02:00:00',
        actions: {
          escalate: idle,
          snooze: { active: false, until: null, was_active: true, was_until: '2024-05-10T06:00:00' },
        },
      }),
    );
    expect(within(el).getByText('Snoozed')).toBeInTheDocument();
    expect(within(el).getByText('6h late')).toBeInTheDocument();
  });

  it('needs 60 minutes late for the hours badge and 1440 for the days badge; only the latest comment', () => {
    const under = makeComment({
      created_at: '2024-05-10T09:00:00',
      actions: {
        escalate: idle,
        snooze: { active: false, until: null, was_active: true, was_until: '2024-05-10T11:30:00' },
      },
    });
    expect(within(item(under)).queryByText(/late/)).toBeNull();
    const daySpan = makeComment({
      uid: 'c-2',
      created_at: '2024-05-01T12:00:00',
      actions: {
        escalate: idle,
        snooze: { active: false, until: null, was_active: true, was_until: '2024-05-08T12:00:00' },
      },
    });
    render(
      <ul>
        <CommentItem comment={daySpan} isLatest unread={false} now={NOW} />
        <CommentItem comment={{ ...daySpan, uid: 'c-3' }} isLatest={false} unread={false} now={NOW} />
      </ul>,
    );
    const [latest, older] = screen.getAllByTestId('comment-item').slice(-2);
    expect(within(latest!).getByText('2d late')).toBeInTheDocument();
    expect(within(older!).queryByText(/late/)).toBeNull();
  });
});

describe('CommentOverview', () => {
  beforeEach(() => resetMarkSeen());
  afterEach(() => vi.useRealTimers());

  function overview(props: Partial<Parameters<typeof CommentOverview>[0]> = {}, log: CallLog[] = []) {
    render(
      <TestProviders log={log} handlers={{ 'orders.comments.markSeen': () => ({ ok: true }) }}>
        <MemoryRouter>
          <CommentOverview
            order={makeOrder({ comments: { count_: 3, status: null, team: null, until: null } })}
            comments={[
              makeComment({ uid: 'c-old', created_at: '2024-05-09T10:00:00', text: 'Older note' }),
              makeComment({ uid: 'c-new', created_at: '2024-05-10T11:00:00', text: 'Latest note' }),
            ]}
            userUid="user-1"
            department="customer_support"
            now={NOW}
            href="/realtime/order?uid=ord-1"
            {...props}
          />
        </MemoryRouter>
      </TestProviders>,
    );
    return screen.getByTestId('comment-overview');
  }

  it("shows the latest comment, '+ N comments' and 'N New'", () => {
    const el = overview();
    expect(within(el).getByTestId('comment-overview-text')).toHaveTextContent('Latest note');
    expect(within(el).getByText('+ 2 comments')).toBeInTheDocument();
    expect(within(el).getByText('2 New')).toBeInTheDocument();
    expect(el).toHaveAttribute('data-colour', 'yellow');
  });

  it('keeps the priority colour for the icon and gives the text a darker shade of it', () => {
    const el = overview({ order: makeOrder({ display_priority: 2 }) });
    expect(el).toHaveAttribute('data-colour', 'orange');
    expect(el.style.getPropertyValue('--comment-colour')).toBe('var(--color-orange)');
    // Orange on white reads at 2.3:1; its dark shade passes the 4.5:1 text minimum.
    expect(el.style.getPropertyValue('--comment-text-colour')).toBe('var(--color-dark-orange)');
  });

  it('shows the plus icon without comments and the status icons otherwise', () => {
    const el = overview({ comments: [], order: makeOrder() });
    expect(el).toHaveAttribute('data-icon', 'add');
    expect(within(el).getByRole('link', { name: /^Add comment to order/ })).toBeInTheDocument();
  });

  it.each([
    [{ status: 'escalated' as const, until: null }, 'escalated'],
    [{ status: 'snoozed' as const, until: '2024-05-10T15:00:00' }, 'hour'],
    [{ status: 'snoozed' as const, until: '2024-05-12T12:00:00' }, 'day'],
    [{ status: 'snoozed' as const, until: '2024-06-12T12:00:00' }, 'week'],
    [{ status: 'snoozed' as const, until: '2024-05-09T12:00:00' }, 'late'],
  ])('icon for %o is %s', (summary, icon) => {
    const el = overview({ order: makeOrder({ comments: { count_: 1, team: null, ...summary } }) });
    expect(el).toHaveAttribute('data-icon', icon);
  });

  it('marks the latest comment seen 2 s after it appears', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const log: CallLog[] = [];
    overview({}, log);
    await act(async () => vi.advanceTimersByTime(1900));
    expect(log.filter((c) => c.path === 'orders.comments.markSeen')).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(200));
    expect(log.filter((c) => c.path === 'orders.comments.markSeen').map((c) => c.input)).toEqual([
      { commentUid: 'c-new' },
    ]);
  });

  it("says 'Copied!' for 5 s after copying the comment", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, pointerEventsCheck: 0 });
    const el = overview();
    await user.click(within(el).getByRole('button', { name: 'Copy latest comment' }));
    expect(await navigator.clipboard.readText()).toBe('Latest note');
    expect(screen.getAllByText('Copied!').length).toBeGreaterThan(0);
    await act(async () => vi.advanceTimersByTime(4500));
    expect(screen.getAllByText('Copied!').length).toBeGreaterThan(0);
    await act(async () => vi.advanceTimersByTime(600));
    expect(screen.queryByText('Copied!')).toBeNull();
  });
});

describe('order sequence', () => {
  it('finds the neighbours with comments', () => {
    expect(neighbours(['a', 'b', 'c'], 'b')).toEqual({ previous: 'a', next: 'c' });
    expect(neighbours(['a', 'b'], 'a')).toEqual({ previous: null, next: 'b' });
    expect(neighbours(['a'], 'z')).toEqual({ previous: null, next: null });
  });
});
