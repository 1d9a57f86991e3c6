import { z } from 'zod';
import { orderStatusLabel } from '../enums/order-status.js';
import { elapsedText, parseServerTime } from './time.js';

/**
 * Conflict warning rule: a status change or reissue made from a view opened before someone else
 * changed the order warns "Changed by {name} {time} ago: {what}" before saving.
 */

/** What the modal was opened on; a mutation sent without it saves whatever changed ("Save anyway"). */
export const conflictExpectedSchema = z.strictObject({
  updatedAt: z.string().max(64),
  status: z.string().max(100).optional(),
});
export type ConflictExpected = z.infer<typeof conflictExpectedSchema>;

/** What someone did to the order (the console words it; no server text reaches the screen). */
export type ChangeWhat =
  | { kind: 'status'; status: string }
  | { kind: 'reissue' }
  | { kind: 'comment' }
  | { kind: 'invalid-address' }
  | { kind: 'update' };

/** The CONFLICT error's data: who changed the order (null when nobody the gateway knows), when, what. */
export interface OrderConflict {
  by: string | null;
  /** ISO date-time. */
  at: string;
  what: ChangeWhat;
}

export const changeWhatSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('status'), status: z.string() }),
  z.strictObject({ kind: z.literal('reissue') }),
  z.strictObject({ kind: z.literal('comment') }),
  z.strictObject({ kind: z.literal('invalid-address') }),
  z.strictObject({ kind: z.literal('update') }),
]);
export const orderConflictSchema = z.strictObject({
  by: z.string().nullable(),
  at: z.string(),
  what: changeWhatSchema,
});

/** The order as the gateway reads it now. */
export interface ConflictCurrent {
  updatedAt: string;
  status: string;
}

/**
 * True when the order changed since the view was opened: a different status, or a later
 * updated_at (compared as instants, so two spellings of one time are no change).
 */
export function orderChangedSince(expected: ConflictExpected, current: ConflictCurrent): boolean {
  if (expected.status !== undefined && expected.status !== current.status) return true;
  // Date.parse keeps milliseconds (two writes within one second differ only there).
  const then = Date.parse(expected.updatedAt);
  const now = Date.parse(current.updatedAt);
  if (Number.isNaN(then) || Number.isNaN(now)) return expected.updatedAt !== current.updatedAt;
  return now > then;
}

/** The change when nobody recorded it: a status move if the status differs, else an update. */
export function inferChange(expected: ConflictExpected, current: ConflictCurrent): ChangeWhat {
  return expected.status !== undefined && expected.status !== current.status
    ? { kind: 'status', status: current.status }
    : { kind: 'update' };
}

export function describeChange(what: ChangeWhat): string {
  switch (what.kind) {
    case 'status':
      return `status changed to ${orderStatusLabel(what.status)}`;
    case 'reissue':
      return 'shipping label reissued';
    case 'comment':
      return 'comment added';
    case 'invalid-address':
      return 'invalid address workflow changed';
    case 'update':
      return 'order updated';
  }
}

/** "Changed by {name} {time} ago: {what}"; an unknown author reads "someone else". */
/** A change younger than this is said to be "just now". */
const JUST_NOW_MS = 5_000;

export function conflictMessage(conflict: OrderConflict, now: Date): string {
  const at = parseServerTime(conflict.at) ?? now;
  // "0 seconds ago" reads as a glitch: a change this fresh is "just now".
  const ago = now.getTime() - at.getTime() < JUST_NOW_MS ? 'just now' : `${elapsedText(at, now)} ago`;
  return `Changed by ${conflict.by ?? 'someone else'} ${ago}: ${describeChange(conflict.what)}`;
}
