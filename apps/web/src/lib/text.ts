import { initials as contractInitials } from '@waybill/contracts';

/** Initials for the header badge; '?' when the name is unknown. */
export function badgeInitials(name: string | null | undefined): string {
  return contractInitials(name) || '?';
}
