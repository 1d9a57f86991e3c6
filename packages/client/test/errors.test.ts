import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { describeError } from '../src/cli/errors.js';

const refused = (data: Record<string, unknown>) =>
  TRPCClientError.from({ error: { message: 'Order not found', code: -32004, data } });

describe('describeError', () => {
  it("names the gateway's request id of a refused call, to find it in the gateway's logs", () => {
    const id = '0b6c3d1e-5f7a-4e2b-9c8d-1a2b3c4d5e6f';
    expect(describeError(refused({ code: 'NOT_FOUND', requestId: id }), null)).toBe(
      `The gateway refused (NOT_FOUND): Order not found (reference ${id})`,
    );
    expect(describeError(refused({ code: 'NOT_FOUND' }), null)).toBe(
      'The gateway refused (NOT_FOUND): Order not found',
    );
  });
});
