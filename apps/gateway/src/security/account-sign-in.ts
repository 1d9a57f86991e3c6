import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BackendError } from '../backend/backend-error.js';
import type { WindowCounts } from './comment-rate.js';
import { limitRefusal } from './limit-reached.js';

export interface AccountSignInOptions {
  /** Failed password sign-ins per account per window (SIGNIN_ACCOUNT_FAILURES_MAX). */
  max: number;
  windowMs: number;
  counts: WindowCounts;
  /**
   * Keys the account hash, the same on every replica (the service token). A plain SHA-256 of an
   * e-mail is undone by hashing guessed addresses; logs and Redis keys must not name the account.
   */
  secret: string;
}

/** The account as the backend matches it: trimmed, lower-cased. */
const normalised = (email: string) => email.trim().toLowerCase();

/**
 * The backend declined the sign-in (a 4xx: wrong e-mail or password, however it says so). A right
 * password never gets one, so counting them all costs an honest user nothing. Outages and 5xx are
 * not guesses and are not counted.
 */
const declined = (error: unknown) =>
  error instanceof BackendError &&
  error.details.status !== null &&
  error.details.status >= 400 &&
  error.details.status < 500;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Failed password sign-ins per account, over every client address (and replica, with the counts in
 * Redis): the per-address limit alone let guesses spread over many addresses go on without end.
 * Every e-mail is counted the same, known to the backend or not, so a refusal says nothing about
 * whether the account exists.
 *
 * A success takes back only its own attempt and never resets the count: the count is of failures,
 * and a reset would give whoever is guessing a fresh budget each time the owner signs in. The owner
 * is refused too while the budget is spent (that is what stops the guessing); open sessions, script
 * tokens and Google sign-in are not affected.
 */
export class AccountSignInLimit {
  constructor(private readonly opts: AccountSignInOptions) {}

  /** A keyed hash of the account, for keys and logs. */
  accountHash(email: string): string {
    return createHmac('sha256', this.opts.secret).update(normalised(email)).digest('base64url').slice(0, 22);
  }

  /**
   * Runs `check` (the backend's password check for `email`) unless the account's failures in this
   * window are spent: then TOO_MANY_REQUESTS naming SIGNIN_ACCOUNT_FAILURES_MAX, and the backend is
   * not asked. `client` is the client's key (client-key.ts), for the log.
   */
  async attempt<T>(
    email: string,
    client: string,
    log: FastifyBaseLogger,
    check: () => Promise<T>,
  ): Promise<T> {
    const { max, windowMs, counts } = this.opts;
    const account = this.accountHash(email);
    // Booked before the backend is asked: parallel guesses cannot all pass a count read first.
    const taken = await counts.take(account, 1, max, windowMs);
    if (!taken.ok) {
      log.warn({ account, client }, 'password sign-in refused: too many failed attempts for this account');
      const wait = Math.max(1, Math.ceil(taken.retryInMs / 1000));
      throw limitRefusal(
        'TOO_MANY_REQUESTS',
        'SIGNIN_ACCOUNT_FAILURES_MAX',
        `Too many failed sign-in attempts for this e-mail address (at most ${count(max)} per ${count(windowMs / 1000)} s, SIGNIN_ACCOUNT_FAILURES_MAX): try again in ${count(wait)} s`,
      );
    }
    let result: T;
    try {
      result = await check();
    } catch (error) {
      if (declined(error)) log.warn({ account, client }, 'password sign-in failed: wrong e-mail or password');
      else await this.giveBack(account, log);
      throw error;
    }
    await this.giveBack(account, log);
    return result;
  }

  /** An attempt that was no failed guess gives its place back; a lost give-back costs one place. */
  private async giveBack(account: string, log: FastifyBaseLogger): Promise<void> {
    try {
      await this.opts.counts.giveBack(account, 1);
    } catch (error) {
      log.warn({ account, err: (error as Error).message }, 'sign-in attempt not given back');
    }
  }
}
