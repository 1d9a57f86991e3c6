/**
 * Store health: a connected store whose orders fell sharply or stopped. Days are UTC; today is
 * still running, so the weekly comparison uses complete days only (the 7 before today against the
 * 28 before those).
 */

/** Days compared against the baseline (the last week). */
export const HEALTH_RECENT_DAYS = 7;
/** Weeks of baseline before the recent days. */
export const HEALTH_BASELINE_WEEKS = 4;
/** Days of history the rule reads: the baseline weeks and the recent week. */
export const HEALTH_SERIES_DAYS = HEALTH_RECENT_DAYS * (HEALTH_BASELINE_WEEKS + 1);
/** A drop of at least this share of the weekly average flags the store (50 %). */
export const HEALTH_DROP_RATIO = 0.5;
/** This many days in a row without an order, at a store that was active before them, flags it. */
export const HEALTH_SILENT_DAYS = 3;
/**
 * "Active": at least one order a day on average over the (up to) 4 weeks before the no-order days.
 * Three empty days at a store with an order a week are normal, not a sign of trouble.
 */
export const HEALTH_ACTIVE_DAILY_ORDERS = 1;
/**
 * Below this weekly average the drop rule is not applied (one a day): half of two orders a week is
 * noise, not a fall.
 */
export const HEALTH_MIN_WEEKLY_AVERAGE = 7;

const DAY_MS = 86_400_000;

/** A store's orders per UTC day: `counts[i]` is day `startDate + i` ('YYYY-MM-DD'). */
export interface DailyOrderSeries {
  startDate: string;
  counts: readonly number[];
}

export type StoreHealthReason =
  /** The last week's orders against the 4-week weekly average; `percent` is negative (−64). */
  | { kind: 'drop'; percent: number; recent: number; weeklyAverage: number }
  /** Complete days in a row without an order, up to yesterday. */
  | { kind: 'silent'; days: number };

export interface StoreHealth {
  needsAttention: boolean;
  reasons: StoreHealthReason[];
}

const dayNumber = (ms: number) => Math.floor(ms / DAY_MS);
const parseDay = (date: string): number | null => {
  const ms = Date.parse(`${date}T00:00:00.000Z`);
  return Number.isFinite(ms) ? dayNumber(ms) : null;
};

/**
 * Store health from a daily order series at `now`. Days after the series' last day are unknown, not
 * zero: the rule then reads the complete days up to that last day. A baseline not fully covered by
 * the series skips the drop rule; a no-order streak flags only a store that was active before it.
 */
export function storeHealth(series: DailyOrderSeries, now: Date | number): StoreHealth {
  const start = parseDay(series.startDate);
  if (start === null || series.counts.length === 0) return { needsAttention: false, reasons: [] };
  const today = dayNumber(typeof now === 'number' ? now : now.getTime()) - start;
  // Index after the last complete, known day.
  const end = Math.min(today, series.counts.length);
  const at = (index: number) => series.counts[index] ?? 0;
  const reasons: StoreHealthReason[] = [];

  // No order today (if known) and for the complete days before it.
  let silent = 0;
  const todayKnown = today >= 0 && today < series.counts.length;
  if (!todayKnown || at(today) === 0) {
    for (let i = end - 1; i >= 0 && at(i) === 0; i--) silent++;
  }
  const before = series.counts.slice(Math.max(end - silent - HEALTH_BASELINE_WEEKS * 7, 0), end - silent);
  const active =
    before.length > 0 &&
    before.reduce((total, count) => total + count, 0) / before.length >= HEALTH_ACTIVE_DAILY_ORDERS;
  if (silent >= HEALTH_SILENT_DAYS && active) reasons.push({ kind: 'silent', days: silent });

  const baselineStart = end - HEALTH_SERIES_DAYS;
  if (baselineStart >= 0) {
    const sum = (from: number, to: number) => {
      let total = 0;
      for (let i = from; i < to; i++) total += at(i);
      return total;
    };
    const recent = sum(end - HEALTH_RECENT_DAYS, end);
    const weeklyAverage = sum(baselineStart, end - HEALTH_RECENT_DAYS) / HEALTH_BASELINE_WEEKS;
    if (weeklyAverage >= HEALTH_MIN_WEEKLY_AVERAGE && recent <= weeklyAverage * (1 - HEALTH_DROP_RATIO)) {
      const percent = Math.round(((recent - weeklyAverage) / weeklyAverage) * 100);
      reasons.push({ kind: 'drop', percent, recent, weeklyAverage });
    }
  }
  return { needsAttention: reasons.length > 0, reasons };
}

/** One reason in the console's words: "orders −64 % vs 4-week average", "no orders for 4 days". */
export function storeHealthReasonText(reason: StoreHealthReason): string {
  if (reason.kind === 'silent') return `no orders for ${reason.days} days`;
  return `orders −${Math.abs(reason.percent)} % vs ${HEALTH_BASELINE_WEEKS}-week average`;
}

/** Every reason, joined: the badge's tooltip. */
export function storeHealthText(health: StoreHealth): string {
  return health.reasons.map(storeHealthReasonText).join('; ');
}
