import { describe, expect, it } from 'vitest';
import {
  addCommentInputSchema,
  changeOrderStatusInputSchema,
  inboundUidInputSchema,
  orderUidInputSchema,
  reissueLabelInputSchema,
} from './inputs.js';
import { uidInputSchema } from './uid-inputs.js';

describe('ids that become backend path segments', () => {
  it('refuses ".", ".." and ids with /, \\ or control characters, naming the field', () => {
    for (const id of ['.', '..', ' .. ', 'a/b', '/', 'a\\b', 'a\u0000b', 'a\tb', 'a\u007fb']) {
      expect(uidInputSchema.safeParse(id).success, JSON.stringify(id)).toBe(false);
      const parsed = orderUidInputSchema.safeParse({ uid: id });
      expect(parsed.error?.issues[0]?.path).toEqual(['uid']);
    }
    const comment = addCommentInputSchema.safeParse({ orderUid: '..', text: 'long enough comment text' });
    expect(comment.error?.issues.map((i) => i.path)).toEqual([['orderUid']]);
  });

  it('accepts real ids, dots inside them included', () => {
    for (const id of ['ord_1a2b3c', 'ir_ffee', 'a.b', '...', '.hidden', 'x..y'])
      expect(inboundUidInputSchema.parse({ uid: id }).uid).toBe(id);
  });
});

describe('reissue label input', () => {
  it('takes any whole number of boxes from 2 up, with no upper bound', () => {
    for (const n of [2, 999, 1000, 123456789])
      expect(reissueLabelInputSchema.parse({ orderUid: 'ord_1', numberOfParcels: n }).numberOfParcels).toBe(
        n,
      );
    for (const n of [1, 2.5, Number.MAX_SAFE_INTEGER + 1])
      expect(
        reissueLabelInputSchema.safeParse({ orderUid: 'ord_1', numberOfParcels: n }).success,
        String(n),
      ).toBe(false);
  });
});

describe('status times', () => {
  it('refuses a status dated later than now, naming the problem', () => {
    const input = {
      orderUid: 'ord_1',
      status: 'lost',
      happenedAt: new Date(Date.now() + 11 * 3_600_000).toISOString(),
    };
    const result = changeOrderStatusInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'must not be in the future: a status cannot happen later than now',
    );
    expect(
      changeOrderStatusInputSchema.safeParse({ ...input, happenedAt: new Date().toISOString() }).success,
    ).toBe(true);
  });
});
