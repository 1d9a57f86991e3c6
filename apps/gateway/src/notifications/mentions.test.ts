import { describe, expect, it } from 'vitest';
import type { BackendCaller } from '../realtime/types.js';
import { MENTION_FOLD_WINDOW_MS, Mentions } from './mentions.js';
import { MemoryNotificationStore } from './notification-store.js';

const users = [
  { uid: 'usr_olivia', name: 'Olivia Ops' },
  { uid: 'usr_sam', name: 'Sam Sales' },
  { uid: 'usr_dan', name: 'Dan Developer' },
];
const backend = { call: async () => ({ users }) } as unknown as BackendCaller;

/** Mentions on a store in memory, on a clock the test moves. */
function mentions() {
  let now = 1_000_000;
  const store = new MemoryNotificationStore();
  const made = new Mentions({ store, backend, now: () => now });
  const comment = (author: (typeof users)[number], text: string, reference = '1001') =>
    made.notify({ token: 't', author, orderUid: `ord_${reference}`, reference, text });
  const centre = async () => (await store.state('usr_dan')).items;
  return { store, comment, centre, wait: (ms: number) => (now += ms) };
}

describe('Mentions: one author mentioning a user again and again', () => {
  it('fold into their latest unread mention within MENTION_FOLD_WINDOW_MS of the last, with the newest comment and a count; past it or once read, a new one', async () => {
    const { store, comment, centre, wait } = mentions();
    await comment(users[1]!, '@Dan Developer a real question');
    await comment(users[0]!, '@Dan Developer ping 1', '1001');
    const [first] = await centre();
    wait(MENTION_FOLD_WINDOW_MS - 1);
    await comment(users[0]!, '@Dan Developer ping 2', '1002');
    wait(MENTION_FOLD_WINDOW_MS - 1);
    await comment(users[0]!, '@Dan Developer ping 3', '1003');
    const items = await centre();
    expect(items.map((n) => [n.id === first?.id, n.text, n.excerpt, n.orderUid, n.count, n.read])).toEqual([
      [
        true,
        'Olivia Ops mentioned you 3 times, latest on #1003',
        '@Dan Developer ping 3',
        'ord_1003',
        3,
        false,
      ],
      [
        false,
        'Sam Sales mentioned you on #1001',
        '@Dan Developer a real question',
        'ord_1001',
        undefined,
        false,
      ],
    ]);
    // A new one once the window has passed since the last, and once the last was read.
    wait(MENTION_FOLD_WINDOW_MS);
    await comment(users[0]!, '@Dan Developer ping 4');
    await store.markRead('usr_dan', 'all');
    await comment(users[0]!, '@Dan Developer ping 5');
    expect((await centre()).map((n) => [n.excerpt, n.count, n.read])).toEqual([
      ['@Dan Developer ping 5', undefined, false],
      ['@Dan Developer ping 4', undefined, true],
      ['@Dan Developer ping 3', 3, true],
      ['@Dan Developer a real question', undefined, true],
    ]);
  });
});
