import { z } from 'zod';
import { teamActorSchema } from './holds.js';
import { orderUidSchema } from './uid-inputs.js';

/** The activity record: who did what to which order. Kept by the gateway, never sent to the backend. */

const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });

export const ACTIVITY_ACTIONS = [
  'status',
  'comment',
  'escalation',
  'snooze',
  'reissue',
  'take',
  'release',
] as const;
export const activityActionSchema = z.enum(ACTIVITY_ACTIONS, {
  message: `must be one of ${ACTIVITY_ACTIONS.join(', ')}`,
});
export type ActivityAction = z.infer<typeof activityActionSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  orderUid: z.string(),
  /** The order's reference as the gateway read it when recording (null or absent: not read). */
  reference: z.string().nullable().optional(),
  action: activityActionSchema,
  actor: teamActorSchema,
  /** When the gateway recorded it (after the backend accepted the change). */
  at: isoDateTime,
  /** Part of a bulk action (one entry per order). */
  bulk: z.boolean().optional(),
  /** Status changes: the status before (null when the gateway had not seen the order) and after. */
  from: z.string().nullable().optional(),
  to: z.string().optional(),
  /** Status changes: the date the status happened, as entered. */
  happenedAt: isoDateTime.optional(),
  /** Comments: the start of the text (ACTIVITY_EXCERPT_LENGTH characters). */
  excerpt: z.string().optional(),
  /** Escalations: the team; snoozes: how long; takes: whose hold it took over. */
  detail: z.string().optional(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const ACTIVITY_EXCERPT_LENGTH = 120;
/** Entries per page of `activity.list`. */
export const ACTIVITY_PAGE_SIZE = 50;

const activityFilterShape = {
  userId: z.string().trim().min(1, 'userId must not be empty').max(200).optional(),
  actions: z.array(activityActionSchema).max(ACTIVITY_ACTIONS.length).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
};

const rangeInOrder = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || Date.parse(f.from) <= Date.parse(f.to);
const RANGE_MESSAGE = { message: '"from" must not be later than "to"', path: ['from'] };

/** `activity.list`: newest first; `cursor` is the `nextCursor` of the page before. */
export const activityListInputSchema = z
  .strictObject({ ...activityFilterShape, cursor: z.string().max(200).optional() })
  .refine(rangeInOrder, RANGE_MESSAGE);
export type ActivityListInput = z.infer<typeof activityListInputSchema>;

/** `activity.live`: the filter, and the newest entry id the console has (a reconnect). */
export const activityLiveInputSchema = z
  .strictObject({ ...activityFilterShape, lastEventId: z.string().max(200).nullish() })
  .refine(rangeInOrder, RANGE_MESSAGE);

export const activityForOrderInputSchema = z.strictObject({ uid: orderUidSchema });
