import { excerptOf, MENTIONS_NOTIFIED_MAX, mentionedInTextOrder } from '@waybill/contracts';
import type { BackendCaller } from '../realtime/types.js';
import type { NotificationStore } from './notification-store.js';
import { type NotificationKind, newNotificationId } from './notifier.js';

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
    for (const user of mentioned) {
      await this.opts.store.push(user.uid, {
        id: newNotificationId(),
        kind: 'mentioned',
        orderUid: comment.orderUid,
        reference: comment.reference,
        text: `${comment.author.name} mentioned you on ${on}`,
        author: comment.author,
        excerpt: excerptOf(comment.text),
        at: Date.now(),
      });
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
