import { z } from 'zod';
import { commentTextSchema } from './comment-text.js';
import { ESCALATION_MINUTES, REISSUE_MIN_PARCELS, SNOOZE_COUNTS } from './constants.js';
import { sendAsSchema, teamSchema } from './enums/common.js';
import { operatorInboundStatusSchema, operatorOrderStatusSchema } from './enums/order-status.js';
import { conflictExpectedSchema } from './rules/conflict.js';
import { isStatusTimeInFuture } from './rules/date-entry.js';
import { uidInputSchema } from './uid-inputs.js';

/** Procedure inputs (camelCase). The forms that feed them validate with the same schemas. */

const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });

/** When a status happened: an ISO date-time, not later than now (a status cannot be in the future). */
export const happenedAtSchema = isoDateTime.refine(
  (iso) => !isStatusTimeInFuture(iso),
  'must not be in the future: a status cannot happen later than now',
);

/**
 * The input of a procedure that takes none: nothing, null or an empty object (what tRPC's clients
 * and plain scripts send). Anything else is refused, naming the unexpected keys, as every other
 * input is strict.
 */
export const noInputSchema = z.strictObject({}).nullish();

export const orderUidInputSchema = z.strictObject({ uid: uidInputSchema });

export const changeOrderStatusInputSchema = z.strictObject({
  orderUid: uidInputSchema,
  status: operatorOrderStatusSchema,
  happenedAt: happenedAtSchema,
  /** What the modal was opened on (conflict warning rule); omitted by "Save anyway". */
  expected: conflictExpectedSchema.optional(),
});

export const reissueLabelInputSchema = z.strictObject({
  orderUid: uidInputSchema,
  numberOfParcels: z
    .number()
    .int('number of boxes must be a whole number')
    // No upper bound (reissue label rule); int() already keeps it a safe integer.
    .min(REISSUE_MIN_PARCELS, `at least ${REISSUE_MIN_PARCELS} boxes`),
  /** As in changeOrderStatusInputSchema. */
  expected: conflictExpectedSchema.optional(),
});

const snoozeValues = SNOOZE_COUNTS.flatMap((count) => [1, 24, 168].map((unit) => count * unit));

/** Comment submit payload with the comment editor rules ("Comments" and the comment validation rules). */
export const addCommentInputSchema = z
  .strictObject({
    orderUid: uidInputSchema,
    text: commentTextSchema,
    escalate: z.boolean().default(false),
    escalateValue: z.literal(ESCALATION_MINUTES).nullable().default(null),
    snooze: z.boolean().default(false),
    /** Hours: count (1-4) x unit (1, 24, 168). */
    snoozeValue: z.number().int().nullable().default(null),
    team: teamSchema.nullable().default(null),
    sendAs: sendAsSchema.default('internal_note'),
  })
  .superRefine((v, ctx) => {
    if (v.escalate && v.snooze) {
      ctx.addIssue({
        code: 'custom',
        path: ['snooze'],
        message: 'escalate and snooze are mutually exclusive',
      });
    }
    if (v.escalate && !v.team)
      ctx.addIssue({ code: 'custom', path: ['team'], message: 'escalation needs a team' });
    if (v.snooze && (v.snoozeValue === null || !snoozeValues.includes(v.snoozeValue))) {
      ctx.addIssue({
        code: 'custom',
        path: ['snoozeValue'],
        message: 'snooze needs a count (1-4) and a unit (hour, day, week)',
      });
    }
  });
export type AddCommentFormInput = z.input<typeof addCommentInputSchema>;

export const markSeenInputSchema = z.strictObject({ commentUid: uidInputSchema });
export const invalidAddressCreateInputSchema = z.strictObject({ orderUid: uidInputSchema });
export const invalidAddressInterruptInputSchema = z.strictObject({ workflowUid: uidInputSchema });

export const changeInboundStatusInputSchema = z.strictObject({
  inboundUid: uidInputSchema,
  status: operatorInboundStatusSchema,
  happenedAt: happenedAtSchema,
});
export type ChangeInboundStatusInput = z.infer<typeof changeInboundStatusInputSchema>;

export const inboundUidInputSchema = z.strictObject({ uid: uidInputSchema });

export const passwordLoginInputSchema = z.strictObject({
  email: z.string().trim().min(1, 'E-mail is required').max(320).email('E-mail is not valid'),
  password: z.string().min(1, 'Password is required').max(1000),
  state: z.string().max(2000).optional(),
});

export const googleCallbackInputSchema = z.strictObject({
  code: z.string().min(1, 'code is required').max(2000),
  state: z.string().max(2000).optional(),
  scope: z.string().max(2000).optional(),
});

export const stateInputSchema = z.strictObject({ state: z.string().max(2000).optional() });

/** Shop install flow: the query string the shop platform sent, forwarded as is. */
export const shopQueryInputSchema = z.strictObject({
  query: z.record(z.string().max(100), z.string().max(2000)).refine((q) => Object.keys(q).length <= 20, {
    message: 'too many query parameters',
  }),
});
