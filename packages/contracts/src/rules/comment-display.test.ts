import { describe, expect, it } from 'vitest';
import {
  commentAuthorName,
  commentKind,
  escalationUntil,
  hasAdvancedCommentControls,
  isCommentAgeHidden,
  isCommentUnread,
  latestComment,
  moreCommentsText,
  orderCommentIcon,
  retireCommentActions,
  snoozeEnd,
  snoozeIconForHours,
  snoozeLateBadge,
  snoozeRemainingText,
  snoozeUntil,
  unreadBadgeText,
  unreadCount,
} from './comment-display.js';
import { makeComment } from './test-fixtures.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, parseServerTime } from './time.js';

const idle = { active: false, until: null, was_active: false, was_until: null };
const on = (until = '2024-06-01T00:00:00') => ({ active: true, until, was_active: false, was_until: null });
const was = (wasUntil = '2024-06-01T00:00:00') => ({
  active: false,
  until: null,
  was_active: true,
  was_until: wasUntil,
});

describe('escalation takes precedence over snooze; active or was_active both count', () => {
  it.each([
    [idle, idle, 'plain'],
    [on(), idle, 'escalated'],
    [was(), idle, 'escalated'],
    [idle, on(), 'snoozed'],
    [idle, was(), 'snoozed'],
    [on(), on(), 'escalated'],
    [was(), on(), 'escalated'],
    [on(), was(), 'escalated'],
    [was(), was(), 'escalated'],
  ])('escalate %j, snooze %j → %s', (escalate, snooze, kind) => {
    expect(commentKind(makeComment({ actions: { escalate, snooze } }))).toBe(kind);
  });
});

describe('unread: no seen_at for the current user, or the comment is newer than it', () => {
  const created = '2024-05-01T10:00:00';
  it.each([
    [[], true],
    [[{ user_uid: 'other', seen_at: '2024-05-02T00:00:00' }], true],
    [[{ user_uid: 'me', seen_at: '2024-05-01T10:00:01' }], false],
    [[{ user_uid: 'me', seen_at: '2024-05-01T10:00:00' }], false],
    [[{ user_uid: 'me', seen_at: '2024-05-01T09:59:59' }], true],
    [[{ user_uid: 'me', seen_at: '2024-05-01T10:00:00.999' }], false],
    [[{ user_uid: 'me', seen_at: '2024-05-01T12:00:00+03:00' }], true],
    [
      [
        { user_uid: 'me', seen_at: '2024-04-01T00:00:00' },
        { user_uid: 'me', seen_at: '2024-05-03T00:00:00' },
      ],
      false,
    ],
    [[{ user_uid: 'me', seen_at: 'garbage' }], true],
  ])('seen_by %j → unread %s', (seenBy, unread) => {
    expect(isCommentUnread(makeComment({ created_at: created, seen_by: seenBy }), 'me')).toBe(unread);
  });

  it('counts unread comments and words the badge', () => {
    const comments = [
      makeComment({ seen_by: [] }),
      makeComment({ seen_by: [{ user_uid: 'me', seen_at: '2030-01-01T00:00:00' }] }),
      makeComment({ seen_by: [{ user_uid: 'you', seen_at: '2030-01-01T00:00:00' }] }),
    ];
    expect(unreadCount(comments, 'me')).toBe(2);
    expect(unreadCount(comments, 'you')).toBe(2);
    expect(unreadCount([], 'me')).toBe(0);
    expect(unreadBadgeText(2)).toBe('2 New');
    expect(unreadBadgeText(0)).toBeNull();
  });
});

describe("author name, 'Anonymous' without one", () => {
  it.each([
    [{ uid: 'u', name: 'Ana Pop', anonymous: null }, 'Ana Pop'],
    [{ uid: 'u', name: '  Ana  ', anonymous: null }, 'Ana'],
    [{ uid: 'u', name: null, anonymous: null }, 'Anonymous'],
    [{ uid: 'u', name: '', anonymous: null }, 'Anonymous'],
    [{ uid: 'u', anonymous: null }, 'Anonymous'],
    [{ uid: 'u', name: 'Ana', anonymous: { is_anonymous: true, name: 'Shopper' } }, 'Shopper'],
    [{ uid: 'u', name: 'Ana', anonymous: { is_anonymous: true, name: null } }, 'Anonymous'],
    [{ uid: 'u', name: null, anonymous: { is_anonymous: false, name: 'Guest' } }, 'Guest'],
    [null, 'Anonymous'],
  ])('%j → %s', (user, name) => {
    expect(commentAuthorName(makeComment({ user }))).toBe(name);
  });
});

describe('comment age hidden for delivered, back_to_sender and lost', () => {
  it.each([
    ['shipping_delivered', true],
    ['back_to_sender', true],
    ['lost', true],
    ['shipping_in_transit', false],
    ['returned', false],
    ['cancelled', false],
    ['new_', false],
  ])('%s → %s', (status, hidden) => {
    expect(isCommentAgeHidden(status)).toBe(hidden);
  });
});

const NOW = new Date(Date.UTC(2024, 5, 15, 12, 0, 0));
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('active snooze remaining time: minutes / hours / days / weeks', () => {
  it.each([
    [30 * 1000, '1m'],
    [MINUTE_MS, '1m'],
    [59 * MINUTE_MS, '59m'],
    [59 * MINUTE_MS + 1, '60m'],
    [HOUR_MS, '1h'],
    [23 * HOUR_MS + 59 * MINUTE_MS, '23h'],
    [DAY_MS, '1d'],
    [6 * DAY_MS + 23 * HOUR_MS, '6d'],
    [7 * DAY_MS, '1w'],
    [20 * DAY_MS, '2w'],
    [0, null],
    [-HOUR_MS, null],
  ])('%i ms left → %s', (ms, text) => {
    expect(snoozeRemainingText(at(ms), NOW)).toBe(text);
  });
});

describe('snooze end', () => {
  it.each([
    [on('2024-06-01T00:00:00'), '2024-06-01T00:00:00.000Z'],
    [was('2024-06-02T00:00:00'), '2024-06-02T00:00:00.000Z'],
    [idle, null],
  ])('%j → %s', (snooze, iso) => {
    expect(snoozeEnd(snooze)?.toISOString() ?? null).toBe(iso);
  });
});

describe('late badge thresholds: 60 minutes (span under a day), 1440 minutes (span a day or longer)', () => {
  const created = '2024-06-10T12:00:00';
  const createdMs = parseServerTime(created)!.getTime();
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', '');
  /** Span from creation to snooze end, and how late `now` is past the end. */
  const badge = (spanMs: number, lateMs: number, active = false) => {
    const end = createdMs + spanMs;
    const snooze = active ? on(iso(end)) : was(iso(end));
    return snoozeLateBadge(
      makeComment({ created_at: created, actions: { escalate: idle, snooze } }),
      new Date(end + lateMs),
    );
  };
  it.each([
    [HOUR_MS, 59 * MINUTE_MS, null],
    [HOUR_MS, 60 * MINUTE_MS, '1h late'],
    [HOUR_MS, 150 * MINUTE_MS, '2h late'],
    [23 * HOUR_MS, 5 * HOUR_MS, '5h late'],
    [23 * HOUR_MS, 3 * DAY_MS, '72h late'],
    [DAY_MS, 60 * MINUTE_MS, null],
    [DAY_MS, 1439 * MINUTE_MS, null],
    [DAY_MS, 1440 * MINUTE_MS, '1d late'],
    [2 * DAY_MS, 3 * DAY_MS + HOUR_MS, '3d late'],
    [7 * DAY_MS, 6 * DAY_MS, '6d late'],
    [7 * DAY_MS, 7 * DAY_MS, '1w late'],
    [7 * DAY_MS, 20 * DAY_MS, '2w late'],
    [HOUR_MS, -MINUTE_MS, null],
    [DAY_MS, -DAY_MS, null],
  ])('span %i ms, late %i ms → %s', (span, late, text) => {
    expect(badge(span, late)?.text ?? null).toBe(text);
  });
  it('an active snooze past its until is late too', () => {
    expect(badge(HOUR_MS, 2 * HOUR_MS, true)).toEqual({ unit: 'hours', value: 2, text: '2h late' });
  });
  it('no snooze, no badge', () => {
    expect(snoozeLateBadge(makeComment(), NOW)).toBeNull();
  });
});

describe('snooze icon by span: hour < 24 h, day up to 168 h, week beyond', () => {
  it.each([
    [1, 'hour'],
    [23.99, 'hour'],
    [24, 'day'],
    [96, 'day'],
    [168, 'day'],
    [168.01, 'week'],
    [672, 'week'],
  ])('%f h → %s', (h, icon) => {
    expect(snoozeIconForHours(h)).toBe(icon);
  });

  it.each([
    [{ status: null, until: null }, 'add'],
    [{ status: 'escalated', until: '2025-06-15T12:00:00' }, 'escalated'],
    [{ status: 'snoozed', until: '2024-06-15T14:00:00' }, 'hour'],
    [{ status: 'snoozed', until: '2024-06-16T12:00:00' }, 'day'],
    [{ status: 'snoozed', until: '2024-06-22T12:00:00' }, 'day'],
    [{ status: 'snoozed', until: '2024-06-22T13:00:00' }, 'week'],
    [{ status: 'snoozed', until: '2024-06-15T11:00:00' }, 'late'],
    [{ status: 'snoozed', until: '2024-06-15T12:00:00' }, 'late'],
    [{ status: 'snoozed', until: null }, 'hour'],
  ] as const)('order summary %j → %s', (summary, icon) => {
    expect(orderCommentIcon(summary, NOW)).toBe(icon);
  });
});

describe('action durations: escalation 525600 min, snooze hours x 60 min', () => {
  it('escalation lasts one (non-leap) year', () => {
    expect(escalationUntil(NOW).getTime() - NOW.getTime()).toBe(525_600 * MINUTE_MS);
    expect(escalationUntil(NOW).getTime() - NOW.getTime()).toBe(365 * DAY_MS);
  });
  it.each([1, 2, 24, 72, 168, 672])('snooze of %i hours', (hours) => {
    expect(snoozeUntil(NOW, hours).getTime() - NOW.getTime()).toBe(hours * 60 * MINUTE_MS);
  });
});

describe('on save the previous comment’s active actions become was-active', () => {
  it.each([
    [on('2024-07-01T00:00:00'), idle, { ...was('2024-07-01T00:00:00') }, idle],
    [idle, on('2024-07-02T00:00:00'), idle, { ...was('2024-07-02T00:00:00') }],
    [was('2024-01-01T00:00:00'), idle, was('2024-01-01T00:00:00'), idle],
    [idle, idle, idle, idle],
  ])('escalate %j snooze %j', (escalate, snooze, escalateAfter, snoozeAfter) => {
    const previous = makeComment({ actions: { escalate, snooze } });
    const retired = retireCommentActions(previous);
    expect(retired.actions).toEqual({ escalate: escalateAfter, snooze: snoozeAfter });
    expect(previous.actions.escalate).toEqual(escalate);
    expect(retired.uid).toBe(previous.uid);
  });
});

describe('latest comment and overview text', () => {
  it('picks the greatest created_at', () => {
    const a = makeComment({ uid: 'a', created_at: '2024-01-01T00:00:00' });
    const b = makeComment({ uid: 'b', created_at: '2024-03-01T00:00:00' });
    const c = makeComment({ uid: 'c', created_at: '2024-02-01T00:00:00' });
    expect(latestComment([a, b, c])?.uid).toBe('b');
    expect(latestComment([])).toBeUndefined();
  });
  it.each([
    [0, null],
    [1, null],
    [2, '+ 1 comments'],
    [7, '+ 6 comments'],
  ])('%i comments → %s', (n, text) => {
    expect(moreCommentsText(n)).toBe(text);
  });
});

describe('advanced controls for a configured set of users', () => {
  const list = ['u-42', 'Boss@Example.com'];
  it.each([
    [{ uid: 'u-42' }, true],
    [{ uid: 'u-1', email: 'boss@example.com' }, true],
    [{ uid: 'u-1', email: 'other@example.com' }, false],
    [{ uid: 'u-1' }, false],
    [null, false],
  ])('%j → %s', (user, ok) => {
    expect(hasAdvancedCommentControls(user, list)).toBe(ok);
  });
});
