/** A bulk action on more ticked orders than this asks the user to confirm it, naming the count. */
export const BULK_CONFIRM_OVER = 20;

/** True when a bulk action over `count` orders needs the confirmation (ticked one by one or all at once). */
export function bulkNeedsConfirm(count: number): boolean {
  return count > BULK_CONFIRM_OVER;
}
