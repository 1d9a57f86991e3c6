import { hasAdvancedCommentControls } from '@waybill/contracts';

/**
 * Users who get the 'send as' selector and the invalid-address workflow controls: configuration,
 * not code. VITE_ADVANCED_COMMENT_USERS is a comma- or space-separated list of e-mails or user uids,
 * read at build time.
 */
export function parseAdvancedUsers(raw: string | undefined | null): string[] {
  return (raw ?? '')
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

const CONFIGURED = parseAdvancedUsers(import.meta.env.VITE_ADVANCED_COMMENT_USERS as string | undefined);

export function isAdvancedCommentUser(
  user: { uid: string; email?: string | null | undefined } | null | undefined,
  allowList: readonly string[] = CONFIGURED,
): boolean {
  return hasAdvancedCommentControls(user, allowList);
}
