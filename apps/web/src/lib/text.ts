import { initials as contractInitials, SUMMARY_K_THRESHOLD } from '@waybill/contracts';

/** 'k' formatting for summary counts of 100000 and more (spec 9). */
export function formatCount(count: number): string {
  if (count >= SUMMARY_K_THRESHOLD) return `${Math.floor(count / 1000)}k`;
  return String(count);
}

/** Initials for the header badge; '?' when the name is unknown. */
export function badgeInitials(name: string | null | undefined): string {
  return contractInitials(name) || '?';
}
