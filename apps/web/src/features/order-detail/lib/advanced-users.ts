import { useConsoleSettings } from '../../../hooks/use-console-settings.js';

/**
 * Whether the signed-in user gets the 'send as' selector and the invalid-address workflow controls:
 * the gateway's runtime setting (ADVANCED_COMMENT_USERS), matched there against the user.
 */
export function useAdvancedCommentUser(): boolean {
  return useConsoleSettings().advancedComments;
}
