import type { KeyboardEvent } from 'react';

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * A tab list's keys, as the ARIA tabs pattern has them: the arrows (wrapping), Home and End move to
 * another tab and show it. Only the shown tab is in the Tab order (`tabIndex` 0, the others -1), so
 * Tab leaves the list for its panel. Put it on the `tablist` element's `onKeyDown`.
 */
export function moveBetweenTabs(event: KeyboardEvent<HTMLElement>): void {
  const step = STEPS[event.key];
  if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.indexOf(event.target as HTMLElement);
  if (at < 0) return;
  event.preventDefault();
  const next = tabs[step(at, tabs.length)];
  next?.focus();
  next?.click();
}
