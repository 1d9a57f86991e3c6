/** Business constants and limits: timings, sizes, thresholds the rules, web app and gateway share. */
export const PAGE_SIZE = 20;
export const CHANGE_WINDOW_OVERLAP_MS = 10_000;
export const SEARCH_DEBOUNCE_MS = 300;
export const MARK_SEEN_DELAY_MS = 2000;
export const COPY_FEEDBACK_MS = 2000;
export const COPY_FEEDBACK_COMMENT_OVERVIEW_MS = 5000;
export const ORDER_STATUS_REFRESH_DELAY_MS = 1000;
export const INBOUND_STATUS_REFRESH_DELAY_MS = 2000;
export const EXPORT_DONE_CLOSE_DELAY_MS = 1000;
export const EXPORT_CHECK_INTERVAL_MS = 2000;
export const EXPORT_MAX_CHECKS = 200;
export const ORDERS_INFINITE_SCROLL_PX = 5000;
export const INBOUNDS_INFINITE_SCROLL_PX = 1000;
export const BACK_TO_TOP_HEADER_OFFSET_PX = 40;
export const DROPDOWN_MAX_ENTRIES = 23;
export const COMPACT_SUMMARY_THRESHOLD = 10_000;
export const SUMMARY_K_THRESHOLD = 100_000;
export const ESCALATION_MINUTES = 525_600;
export const SNOOZE_COUNTS = [1, 2, 3, 4] as const;
export const SNOOZE_UNIT_HOURS = { hour: 1, day: 24, week: 168 } as const;
export const COMMENT_MIN_LENGTH_EXCLUSIVE = 5;
export const COMMENT_TEXTAREA_MAX_PX = 300;
/**
 * Longest comment text, in characters (UTF-16 units, as a textarea's maxLength counts them): a long
 * courier note or a pasted e-mail fits. Comments are kept and sent on for the order's whole life, so
 * unbounded text let one user make every reader of the order pay for it.
 */
export const COMMENT_MAX_LENGTH = 5000;
/** Comments a list row carries: the latest, the one the row shows. The order detail has them all. */
export const ROW_COMMENT_PREVIEW_COUNT = 1;
/** Characters kept of a comment a list row carries: more than the row's one line shows. */
export const ROW_COMMENT_PREVIEW_CHARS = 280;
export const LATE_BADGE_HOURS_MIN_MINUTES = 60;
export const LATE_BADGE_DAYS_MIN_MINUTES = 1440;
export const DATE_DEFAULT_HOUR = 15;
export const NEW_ITEM_DAYS = 30;
export const REFERENCE_MAX_CHARS = 17;
export const TEXT_SHORTEN_DEFAULT = 22;
/** Long identifiers (a tracking number) over this many characters show their head and tail only. */
export const LONG_TEXT_MAX = 15;
export const REISSUE_MIN_PARCELS = 2;
export const REISSUE_DEFAULT_PARCELS = 2;
export const STATE_FORWARD_MIN_EXCLUSIVE = 10;
export const COPYRIGHT_YEAR = 2024;
export const DEFAULT_DISPLAY_PRIORITIES = [0, 1, 2, 3] as const;
/**
 * Cookie lifetimes: 365 for password login, 1e5 for Google. The unit is not a stated rule; decided in
 * docs/decisions/gateway.md: days.
 */
export const PASSWORD_LOGIN_COOKIE_DAYS = 365;
export const GOOGLE_LOGIN_COOKIE_DAYS = 1e5;
/** Neutral name for the management authorisation token cookie. */
export const AUTH_COOKIE_NAME = 'mgmt_auth_token';
/** The provider's brand as it appears in contract values such as the payout stage `at_waybill`. */
export const PROVIDER_BRAND = 'waybill';
export const CLIENTS_TIME_ZONE = 'Europe/Bucharest';
export const STORE_NEW_SOLID_DAYS = 10;
export const STORE_NEW_OUTLINED_DAYS = 20;
export const COURIER_FLAG_SHARE = 0.1;
export const MAX_COURIER_LOGOS = 3;
export const ACTIVITY_RECENT_DAYS = 3;
export const RELATIVE_TIME_MAX_DAYS = 999;
export const WAREHOUSE_ICON_LARGE_ABOVE = 1000;
export const WAREHOUSE_ICON_MID_ABOVE = 500;
