import { TRPCError } from '@trpc/server';
import { hasAdvancedCommentControls, type User } from '@waybill/contracts';
import { z } from 'zod';
import type { Config } from '../config.js';

/** What the console needs of the gateway's runtime settings, for the signed-in user. */
export const consoleSettingsSchema = z.object({
  /** The comment 'send as' choice and the invalid-address workflow (ADVANCED_COMMENT_USERS). */
  advancedComments: z.boolean(),
  /** Boxes one label reissue may ask for (REISSUE_MAX_PARCELS). */
  reissueMaxParcels: z.number().int(),
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;

type SettingsConfig = Pick<Config, 'ADVANCED_COMMENT_USERS' | 'REISSUE_MAX_PARCELS'>;

export function consoleSettings(config: SettingsConfig, user: User | null): ConsoleSettings {
  return {
    advancedComments: hasAdvancedCommentControls(user, config.ADVANCED_COMMENT_USERS),
    reissueMaxParcels: config.REISSUE_MAX_PARCELS,
  };
}

/**
 * The console hides these controls from other users; a script must not reach them either.
 * `what` names the refused action in the error.
 */
export function assertAdvancedCommentUser(config: SettingsConfig, user: User, what: string): void {
  if (hasAdvancedCommentControls(user, config.ADVANCED_COMMENT_USERS)) return;
  throw new TRPCError({
    code: 'FORBIDDEN',
    message: `${what} is open only to the users in ADVANCED_COMMENT_USERS`,
  });
}

/** More boxes than the backend takes in one reissue: refused with the limit named. */
export function assertReissueParcels(config: SettingsConfig, numberOfParcels: number): void {
  if (numberOfParcels <= config.REISSUE_MAX_PARCELS) return;
  throw new TRPCError({
    code: 'BAD_REQUEST',
    message: `numberOfParcels: at most ${config.REISSUE_MAX_PARCELS} boxes can be reissued at once (asked for ${numberOfParcels})`,
  });
}
