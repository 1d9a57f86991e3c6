/** The longest a large change's early patches wait for the next of its re-reads to land. */
export const REREAD_WAIT_CAP_MS = 100;

/** Weight of the newest measure in the running averages. */
const NEWEST = 0.3;

const average = (previous: number | null, newest: number) =>
  previous === null ? newest : previous + NEWEST * (newest - previous);

/**
 * Whether a change's early patches should wait for its re-reads: what the last changes measured, per
 * registry. A re-read's rows frame carries the change too, so a member whose re-read lands before its
 * early patch gets one frame instead of two. Waiting costs the first members the re-reads' time; it
 * pays when writing every early patch takes much longer than that (thousands of members): then the
 * early patches and the re-reads' frames would otherwise compete for the same loop and sockets.
 */
export class ChangePace {
  private writeMsPerMember: number | null = null;
  private landMs: number | null = null;

  /** A cohort's early patch written to `members` in `ms`. */
  recordWrite(members: number, ms: number): void {
    if (members > 0) this.writeMsPerMember = average(this.writeMsPerMember, ms / members);
  }

  /** A change's first re-read (of the cohorts listing its rows) landed `ms` after the change. */
  recordLanding(ms: number): void {
    this.landMs = average(this.landMs, ms);
  }

  /**
   * How long a change reaching `members` through early patches waits for each of its re-reads: 0
   * until both are measured, or when writing the patches takes less than twice the first re-read's time.
   */
  waitMs(members: number): number {
    if (this.writeMsPerMember === null || this.landMs === null) return 0;
    if (members * this.writeMsPerMember <= 2 * this.landMs) return 0;
    return Math.min(1.5 * this.landMs, REREAD_WAIT_CAP_MS);
  }
}
