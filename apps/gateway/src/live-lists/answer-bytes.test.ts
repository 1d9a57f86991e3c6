import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { recordAnswerSize } from '../backend/answer-size.js';
import { assertAnswerFits } from './answer-bytes.js';

/** Rows of about `bytes` each as JSON, counting how many were serialised. */
function rows(n: number, bytes: number) {
  const seen = { count: 0 };
  const list = Array.from({ length: n }, (_, i) => ({
    toJSON: () => {
      seen.count += 1;
      return { uid: `o${i}`, pad: 'x'.repeat(bytes - 25) };
    },
  }));
  return { list, seen };
}

describe('a list answer over LIST_MAX_ANSWER_BYTES', () => {
  it('is refused with PAYLOAD_TOO_LARGE naming the limit; one under it passes', () => {
    const { list } = rows(10, 1000);
    expect(() => assertAnswerFits(list, {}, 20_000)).not.toThrow();
    const error = (() => {
      try {
        assertAnswerFits(list, {}, 5_000);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('PAYLOAD_TOO_LARGE');
    expect((error as TRPCError).message).toBe(
      "This list's answer would be over 5,000 bytes (LIST_MAX_ANSWER_BYTES): load fewer rows or narrow the filter",
    );
  });

  it('stops measuring once past the limit', () => {
    const { list, seen } = rows(1000, 1000);
    expect(() => assertAnswerFits(list, {}, 5_000)).toThrow(TRPCError);
    expect(seen.count).toBe(6);
  });

  it('does not measure an answer shaped from a backend text far under the limit', () => {
    const { list, seen } = rows(10, 1000);
    const source = {};
    recordAnswerSize(source, 10_000);
    assertAnswerFits(list, {}, 40_000, source);
    expect(seen.count).toBe(0);
    // A backend text that could be over it (3 bytes a character at most) is measured.
    assertAnswerFits(list, {}, 30_000, source);
    expect(seen.count).toBe(10);
  });
});
