import { excerptOf, MENTIONS_NOTIFIED_MAX, mentionedInTextOrder } from '@waybill/contracts';
import type { BackendCaller } from '../realtime/types.js';
import type { Fold, NotificationStore } from './notification-store.js';
import { type NotificationKind, newNotificationId } from './notifier.js';

/** One author's mentions of a user within this of their last unread one fold into it. */
export const MENTION_FOLD_WINDOW_MS = 10 * 60_000;

export interface MentionedComment {
  /** The author's backend token: the users they may mention are the ones it lists (users.all). */
  token: string;
  author: { uid: string; name: string };
  orderUid: string;
  reference: string | null;
  text: string;
  signal?: AbortSignal;
}

/**
 * Turns the @mentions of a posted comment into notifications: "Ana Popescu mentioned you on #REF",
 * with the comment's first words. Names are resolved here, against the users the author's token
 * lists, so a mention reaches only a colleague the backend shows the author; the author is never
 * told of their own mention, and only the first MENTIONS_NOTIFIED_MAX colleagues named are told.
 */
export class Mentions {
  constructor(
    private readonly opts: {
      store: NotificationStore;
      backend: BackendCaller;
      onCreated?: (kind: NotificationKind) => void;
      /** The clock mentions are dated and folded by (replaced in tests). */
      now?: () => number;
    },
  ) {}

  /** The uids notified (empty without a mention: no backend call for a comment without "@"). */
  async notify(comment: MentionedComment): Promise<string[]> {
    if (!comment.text.includes('@')) return [];
    const { users } = await this.opts.backend.call('users.all', {
      token: comment.token,
      ...(comment.signal ? { signal: comment.signal } : {}),
    });
    const mentioned = mentionedInTextOrder(comment.text, users)
      .filter((u) => u.uid !== comment.author.uid)
      .slice(0, MENTIONS_NOTIFIED_MAX);
    const on = comment.reference ? `#${comment.reference.replace(/^#+/, '')}` : 'an order';
    const at = (this.opts.now ?? Date.now)();
    const about = {
      kind: 'mentioned' as const,
      orderUid: comment.orderUid,
      reference: comment.reference,
      text: `${comment.author.name} mentioned you on ${on}`,
      author: comment.author,
      excerpt: excerptOf(comment.text),
      at,
    };
    // One author mentioning a user again and again (within MENTION_FOLD_WINDOW_MS of the last time,
    // while unread) updates one notification: the newest comment and how many, so a colleague's
    // spam cannot push the user's other notifications out of the centre.
    const fold: Fold = (kept) => {
      if (kept.kind !== 'mentioned' || kept.author?.uid !== comment.author.uid) return null;
      if (at - kept.at >= MENTION_FOLD_WINDOW_MS) return null;
      const count = (kept.count ?? 1) + 1;
      return {
        ...about,
        id: kept.id,
        count,
        text: `${comment.author.name} mentioned you ${count} times, latest on ${on}`,
      };
    };
    for (const user of mentioned) {
      await this.opts.store.push(user.uid, { ...about, id: newNotificationId() }, fold);
      this.opts.onCreated?.('mentioned');
    }
    return mentioned.map((u) => u.uid);
  }
}

/**
 * After a comment is posted: its mentions notified, a failure logged and not thrown, since the
 * comment is saved and posting it again would repeat it.
 */
export async function notifyCommentMentions(
  services: { collaboration: { mentions: Mentions }; logger: { warn(obj: object, msg?: string): void } },
  comment: MentionedComment,
): Promise<void> {
  try {
    await services.collaboration.mentions.notify(comment);
  } catch (error) {
    services.logger.warn(
      { err: (error as Error).message, orderUid: comment.orderUid },
      'mentions: a comment’s mentions were not notified',
    );
  }
}
